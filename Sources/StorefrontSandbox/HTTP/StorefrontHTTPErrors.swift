import CommerceCore
import Foundation
import SandboxCore

/// One HTTP-level failure of the GraphQL endpoint; every one carries a fresh `X-Request-Id`.
struct StorefrontHTTPError: ServiceErrorEnvelope {
    let status: Int
    let message: String
    let code: String
    let headers: HTTPHeaders

    init(status: Int, message: String, code: String, headers: HTTPHeaders = [:]) {
        self.status = status
        self.message = message
        self.code = code
        var all = headers
        all["X-Request-Id"] = UUID().uuidString.lowercased()
        self.headers = all
    }

    var body: JSONValue { StorefrontHTTPErrors.envelope(message, code: code) }
}

/// The HTTP-level answers of the GraphQL endpoint (spec §3.8, §4.1 H1–H11), each in the
/// `{"errors":[{"message":…,"extensions":{"code":…}}]}` envelope.
enum StorefrontHTTPErrors {
    static func envelope(_ message: String, code: String) -> JSONValue {
        ["errors": [["message": .string(message), "extensions": ["code": .string(code)]]]]
    }

    static func response(_ message: String, code: String, status: Int, headers: HTTPHeaders = [:]) -> SandboxResponse {
        StorefrontHTTPError(status: status, message: message, code: code, headers: headers).response
    }

    static func notFound() -> SandboxResponse { response("Not found.", code: "NOT_FOUND", status: 404) }
    static func unauthorized() -> SandboxResponse {
        response("Invalid Storefront access token.", code: "UNAUTHORIZED", status: 401)
    }
    static func revoked() -> SandboxResponse {
        response("Storefront access token has been revoked.", code: "FORBIDDEN", status: 403)
    }
    static func methodNotAllowed() -> SandboxResponse {
        response("Use POST.", code: "METHOD_NOT_ALLOWED", status: 405, headers: ["Allow": "POST"])
    }
    static func tooLarge() -> SandboxResponse {
        response("Request body is too large.", code: "PAYLOAD_TOO_LARGE", status: 413)
    }
    static func unsupportedMediaType() -> SandboxResponse {
        response(
            "Content-Type must be application/json or application/graphql.", code: "UNSUPPORTED_MEDIA_TYPE", status: 415
        )
    }
    static func invalidJSON() -> SandboxResponse {
        response("Request body is not valid JSON.", code: "BAD_REQUEST", status: 400)
    }

    static func missingParameter(_ name: String) -> SandboxResponse {
        response("Required parameter missing or invalid: \(name).", code: "BAD_REQUEST", status: 400)
    }

    static func versionNotServed(_ version: String) -> SandboxResponse {
        response(
            "API version \(version) is not served by this sandbox; served versions: \(StorefrontGraphQL.servedVersions.joined(separator: ", ")).",
            code: "NOT_FOUND", status: 404)
    }

    static func shopInactive(state: String) -> SandboxResponse {
        response("Shop is unavailable.", code: "SHOP_INACTIVE", status: state == "locked" ? 423 : 402)
    }

    /// `YYYY-MM` or `unstable` (H5 otherwise).
    static func isWellFormedVersion(_ version: String) -> Bool {
        if version == "unstable" { return true }
        return version.range(of: "^[0-9]{4}-(0[1-9]|1[0-2])$", options: .regularExpression) != nil
    }
}
