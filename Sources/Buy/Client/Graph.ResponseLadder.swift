import CommerceCore
import Foundation

extension Graph {
    /// Turns one HTTP outcome into `(model, error)`, in the order the spec fixes (§3.3). Cached bodies
    /// go through the same steps as network ones.
    enum ResponseLadder {
        static func process<R: GraphQL.AbstractResponse>(
            _ outcome: Result<HTTPResponse, any Error>, query: GraphQL.AbstractQuery,
            decode: (JSONObject) throws(SchemaViolationError) -> R
        ) -> Response<R> {
            let response: HTTPResponse
            switch outcome {
            case .failure(let error): return Response(model: nil, error: .request(error: error))
            case .success(let value): response = value
            }
            guard response.isSuccess else { return Response(model: nil, error: .http(statusCode: response.statusCode)) }
            return process(body: response.body, query: query, decode: decode)
        }

        static func process<R: GraphQL.AbstractResponse>(
            body: Data, query: GraphQL.AbstractQuery, decode: (JSONObject) throws(SchemaViolationError) -> R
        ) -> Response<R> {
            guard !body.isEmpty else { return Response(model: nil, error: .noData) }
            let json: CoreJSON
            do { json = try CoreJSON.parse(body) } catch {
                return Response(model: nil, error: .jsonDeserializationFailed(data: body))
            }
            guard case .object(let envelope) = json else {
                return Response(model: nil, error: .invalidJson(json: body))
            }
            // `errors` counts only as an array (step 6); any other value is treated as absent, as the original did,
            // so `{"errors":"…"}` is invalid JSON rather than a query error without reasons.
            let errors = envelope["errors"]?.arrayValue
            guard envelope["data"] != nil || errors != nil else {
                return Response(model: nil, error: .invalidJson(json: body))
            }
            var error: QueryError?
            if let errors { error = .invalidQuery(reasons: errors.map(reason)) }
            guard case .object(let data)? = envelope["data"] else { return Response(model: nil, error: error) }
            do {
                let model = try decode(data)
                try GraphQL.PresenceCheck.verify(query, in: data)
                return Response(model: model, error: error)
            } catch {
                return Response(model: nil, error: .schemaViolation(violation: error))
            }
        }

        /// Reads one element of `errors`; positions come from `locations[0]`, else from top-level keys.
        static func reason(_ value: CoreJSON) -> QueryError.Reason {
            let location = value["locations"]?[0]
            let line = (location?["line"] ?? value["line"])?.integerValue.map { Int($0) }
            let column = (location?["column"] ?? value["column"])?.integerValue.map { Int($0) }
            let path = value["path"]?.arrayValue?.compactMap { element -> String? in
                if let text = element.stringValue { return text }
                return element.integerValue.map { String($0) }
            }
            return QueryError.Reason(
                message: value["message"]?.stringValue ?? "Unknown error", line: line, column: column,
                path: path, code: value["extensions"]?["code"]?.stringValue)
        }
    }
}
