import CommerceCore

/// An execution-time error of one field (spec §4.3): the executor nulls the field and reports it with
/// `locations` and `path`; the response writer adds ``extensions``.
struct StorefrontFieldError: Error, CustomStringConvertible {
    let message: String
    var extensions: JSONObject = [:]

    var description: String { message }

    /// C1–C4: page-size rules of connection fields.
    static let missingPageSize = StorefrontFieldError(message: "you must provide one of first or last")
    static let bothPageSizes = StorefrontFieldError(message: "Passing both first and last to paginate is not supported")
    static let pageSizeTooLarge = StorefrontFieldError(message: "The page size is too large; it must be 250 or lower")
    static let pageSizeNegative = StorefrontFieldError(message: "The page size must be 0 or higher")

    /// C5.
    static func invalidCursor(_ cursor: String) -> StorefrontFieldError {
        StorefrontFieldError(message: "Invalid cursor '\(cursor)'")
    }

    /// C6.
    static func accessDenied(field: String, scope: String) -> StorefrontFieldError {
        let required = "`\(scope)` access scope."
        return StorefrontFieldError(
            message: "Access denied for \(field) field. Required access: \(required)",
            extensions: ["code": "ACCESS_DENIED", "requiredAccess": .string(required)])
    }

    /// C7: a sandbox bug, reported without turning into a 5xx.
    static func internalError(requestID: String) -> StorefrontFieldError {
        StorefrontFieldError(
            message: "Internal error. Request ID: \(requestID)",
            extensions: ["code": "INTERNAL_SERVER_ERROR", "requestId": .string(requestID)])
    }

    /// C8.
    static func notImplemented(type: String, field: String) -> StorefrontFieldError {
        StorefrontFieldError(
            message: "\(type).\(field) is not implemented by the CommerceKit sandbox",
            extensions: ["code": "SANDBOX_NOT_IMPLEMENTED"])
    }

    /// A root field of a later API version that the sandbox does not emulate (never a silent `null`).
    static func notEmulated(type: String, field: String, version: String) -> StorefrontFieldError {
        StorefrontFieldError(
            message: "\(type).\(field) is not emulated in the CommerceKit sandbox (Storefront API \(version))",
            extensions: ["code": "SANDBOX_NOT_EMULATED"])
    }
}
