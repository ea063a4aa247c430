import CommerceCore
import Foundation

/// An error answer in one of the sandbox's wire envelopes: each service's own (`{"errors":[…]}`, problem
/// details …) and the control routes' `{"error":…}`. Each envelope is one named type; route handlers throw it,
/// per-prefix 404/405 fallbacks and injected faults build it, and ``response`` is the only place any of them
/// becomes bytes.
package protocol ServiceErrorEnvelope: Error, Sendable {
    var status: Int { get }
    /// The JSON body.
    var body: JSONValue { get }
    /// Headers the answer carries besides `Content-Type` (`Allow` on a 405, a vendor's version header …).
    var headers: HTTPHeaders { get }
    /// The media type of the body.
    static var contentType: String { get }
}

extension ServiceErrorEnvelope {
    package var headers: HTTPHeaders { [:] }
    package static var contentType: String { "application/json; charset=utf-8" }

    /// The answer: the envelope's headers, then `extra` ones it does not set itself, then `Content-Type`.
    package func response(adding extra: HTTPHeaders = [:]) -> SandboxResponse {
        var all = headers
        for field in extra where all[field.name] == nil { all[field.name] = field.value }
        var response = SandboxResponse.json(body, status: status, headers: all)
        response.headers["Content-Type"] = Self.contentType
        return response
    }

    package var response: SandboxResponse { response() }

    /// How a service answers an injected fault: the rule's own `body` when it gives one, else `envelope`;
    /// `headers` go on both (a service that always sends a header sends it on faults too).
    package static func fault(
        status: Int, body: JSONValue?, otherwise envelope: @autoclosure () -> Self,
        headers: HTTPHeaders = [:]
    ) -> SandboxResponse {
        guard let body else { return envelope().response(adding: headers) }
        return .json(body, status: status, headers: headers)
    }
}

/// The envelope of paths no service claims and of failures before any service is asked (an unreadable or
/// oversized body, a sandbox bug): `{"error":"…"}`. Services' control routes use the same shape.
package struct SandboxPlainError: ServiceErrorEnvelope {
    package let status: Int
    package let message: String
    package var headers: HTTPHeaders = [:]

    package init(status: Int, message: String, headers: HTTPHeaders = [:]) {
        self.status = status
        self.message = message
        self.headers = headers
    }

    package var body: JSONValue { ["error": .string(message)] }

    /// 400 naming the field first, `{"error":"<field>: <problem>"}`: the control routes' answer to a bad body.
    package static func field(_ field: String, _ problem: String) -> SandboxPlainError {
        SandboxPlainError(status: 400, message: "\(field): \(problem)")
    }
}
