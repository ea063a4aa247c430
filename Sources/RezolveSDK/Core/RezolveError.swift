import Foundation

/// One entry of Rezolve's error envelope (`{"errors":[{type, code, message, reason?}]}`).
public struct RezolveAPIError: Sendable, Equatable, CustomStringConvertible {
    /// An optional machine-readable detail, such as `rce_product_not_found`.
    public struct Reason: Sendable, Equatable {
        /// Text explaining the detail, for logs rather than for customers.
        public let message: String
        /// The detail's machine-readable code.
        public let code: String
        /// Creates a detail, for tests and for building envelopes by hand.
        public init(message: String, code: String) {
            self.message = message
            self.code = code
        }
    }

    /// The error family, such as `Not Found` or `Expired Token`.
    public let type: String
    /// The numeric code as a string (`"1"` … `"8"`), whether the server sent a string or a number.
    public let code: String
    /// The server's explanation, for logs; not written for customers.
    public let message: String
    /// A finer-grained detail, when the server sends one.
    public let reason: Reason?

    /// Creates an entry, for tests and for building envelopes by hand.
    public init(type: String, code: String, message: String, reason: Reason? = nil) {
        self.type = type
        self.code = code
        self.message = message
        self.reason = reason
    }

    /// The entry as `type (code): message`.
    public var description: String { "\(type) (\(code)): \(message)" }
}

/// Every failure a Rezolve call can report, from server errors to checks made before any request is sent.
public enum RezolveError: Error, Sendable, Equatable, CustomStringConvertible {
    /// HTTP 403, code 1. The server deliberately gives no detail (bad key, bad signature, wrong device …).
    case authentication(RezolveAPIError)
    /// Code 2: registration was refused.
    case registration(RezolveAPIError)
    /// Code 3: a required parameter was missing.
    case missingParameters(RezolveAPIError)
    /// Code 4: the resource does not exist (or is not visible to this customer).
    case notFound(RezolveAPIError)
    /// Code 5: a parameter had the wrong type or format.
    case malformedParameters(RezolveAPIError)
    /// Code 6: a business rule refused the request (quantity limit, declined card …).
    case badRequest(RezolveAPIError)
    /// Code 7 or HTTP 503.
    case serviceUnavailable(RezolveAPIError)
    /// HTTP 401, code 8, once renewing the token was impossible or did not help.
    case expiredToken(RezolveAPIError)
    /// Any other HTTP failure; `errors` is empty when the body was not Rezolve's envelope.
    case http(status: Int, errors: [RezolveAPIError])
    /// A problem-details answer from the SSP services.
    case sspProblem(status: Int, title: String, errors: [String: [String]])
    /// No HTTP response arrived.
    case transport(String)
    /// A response arrived but its body did not have the expected shape.
    case decoding(String)
    /// Card data could not be encrypted for the customer's key; nothing was sent.
    case encryption(String)
    /// A local check failed before any request was sent.
    case invalidInput(field: String, reason: String)
    /// The URL is not a Rezolve touch trigger, so nothing was resolved; the app opens it itself.
    case notARezolveTrigger(URL)
    /// An information-page act was submitted; such acts have nothing to submit.
    case actIsInformationPage
    /// An SSP call was made but the SDK was created without ``SspActManagerSettings``.
    case sspNotConfigured
    /// The session was given an already-expired token (the seed's logout); no request is sent.
    case loggedOut
    /// The feature cannot run in this build (such as camera or microphone scanning); the text says what to use instead.
    case unsupportedOnThisPlatform(String)
    /// The feature belongs to a later part of CommerceKit's Rezolve support and is not implemented yet.
    case notYetAvailable(String)
    /// The task making the call was cancelled before an answer arrived.
    case cancelled

    /// The HTTP status this error stands for, when it came from (or mimics) an HTTP answer.
    public var statusCode: Int? {
        switch self {
        case .authentication: 403
        case .registration, .missingParameters, .malformedParameters, .badRequest: 400
        case .notFound: 404
        case .serviceUnavailable: 503
        case .expiredToken: 401
        case .http(let status, _), .sspProblem(let status, _, _): status
        default: nil
        }
    }

    /// The envelope entry behind a server error, if any.
    public var apiError: RezolveAPIError? {
        switch self {
        case .authentication(let error), .registration(let error), .missingParameters(let error),
            .notFound(let error), .malformedParameters(let error), .badRequest(let error),
            .serviceUnavailable(let error), .expiredToken(let error):
            error
        case .http(_, let errors): errors.first
        default: nil
        }
    }

    /// The server's message, or a short explanation for local failures.
    public var message: String {
        if let apiError { return apiError.message }
        switch self {
        case .http(let status, _): return "HTTP \(status)"
        case .sspProblem(_, let title, _): return title
        case .transport(let reason), .decoding(let reason), .encryption(let reason),
            .unsupportedOnThisPlatform(let reason), .notYetAvailable(let reason):
            return reason
        case .invalidInput(let field, let reason): return "\(field) \(reason)"
        case .notARezolveTrigger(let url): return "\(url.absoluteString) is not a Rezolve trigger"
        case .actIsInformationPage: return "Information pages cannot be submitted."
        case .sspNotConfigured: return "No SSP settings were given to Rezolve."
        case .loggedOut: return "The session was logged out."
        case .cancelled: return "The call was cancelled."
        default: return ""
        }
    }

    /// The error as `RezolveError: ` followed by ``message``.
    public var description: String { "RezolveError: \(message)" }
}
