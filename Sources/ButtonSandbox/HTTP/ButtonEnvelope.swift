import CommerceCore
import Foundation
import SandboxCore

/// Button's success envelopes (`meta.status` plus `object` or `objects`), and the wrapper that turns a thrown
/// ``ButtonError`` into its error envelope.
enum ButtonEnvelope {
    static func object(_ value: JSONValue, headers: HTTPHeaders = [:]) -> SandboxResponse {
        .json(["meta": ["status": "ok"], "object": value], headers: headers)
    }

    /// The same envelope around an object that is already JSON text, so a stored state is not rendered twice.
    static func object(serialized object: String, headers: HTTPHeaders = [:]) -> SandboxResponse {
        var all = headers
        all["Content-Type"] = "application/json; charset=utf-8"
        let text = #"{"meta":{"status":"ok"},"object":"# + object + "}"
        return SandboxResponse(status: 200, headers: all, body: Data(text.utf8))
    }

    static func objects(_ values: [JSONValue], headers: HTTPHeaders = [:]) -> SandboxResponse {
        .json(["meta": ["status": "ok"], "objects": .array(values)], headers: headers)
    }

    /// Runs a handler and turns a thrown ``ButtonError`` into its envelope.
    static func guarded(
        headers: HTTPHeaders = [:],
        _ body: @escaping @Sendable (SandboxRequest) async throws -> SandboxResponse
    ) -> ServiceRoutes.Handler {
        { request in
            do {
                return try await body(request)
            } catch let error as ButtonError {
                return error.response(adding: headers)
            }
        }
    }
}
