import CommerceCore
import Foundation

/// A bad request to one of the general `/sandbox/...` control routes: 400 naming every field at fault.
/// Services' own control routes keep their own envelopes.
package struct ControlProblem: ServiceErrorEnvelope {
    package var status: Int
    package var failures: [(field: String, message: String)]

    package init(status: Int = 400, _ failures: [(field: String, message: String)]) {
        self.status = status
        self.failures = failures
    }

    package init(field: String, _ message: String) {
        self.init([(field, message)])
    }

    /// `{"error": {"message": "…", "fields": [{"field": …, "message": …}]}}`.
    package var body: JSONValue {
        [
            "error": [
                "message": .string(failures.first?.message ?? "Invalid request"),
                "fields": .array(failures.map { ["field": .string($0.field), "message": .string($0.message)] }),
            ]
        ]
    }

    /// The body as a JSON object (empty when there is none), or a problem naming `body`.
    package static func object(_ request: SandboxRequest) throws(ControlProblem) -> JSONObject {
        if request.body.isEmpty { return [:] }
        guard case .object(let object)? = try? request.jsonBody() else {
            throw ControlProblem(field: "body", "The body must be a JSON object")
        }
        return object
    }

    /// A string field that may be absent or `null`; anything else but a non-empty string is a problem naming it.
    package static func optionalString(_ body: JSONObject, _ field: String) throws(ControlProblem) -> String? {
        guard let value = body[field], value != .null else { return nil }
        guard let text = value.stringValue, !text.isEmpty else {
            throw ControlProblem(field: field, "\(field) must be a non-empty string")
        }
        return text
    }

    /// Runs a control handler, answering a ``ControlProblem`` with its envelope.
    package static func answering(_ body: @escaping @Sendable (SandboxRequest) async throws -> SandboxResponse)
        -> ServiceRoutes.Handler
    {
        { request in
            do { return try await body(request) } catch let problem as ControlProblem { return problem.response }
        }
    }
}
