import Foundation

/// Everything that can go wrong in `PaytronixPush`, as one type callers can switch over.
public enum PaytronixError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Paytronix answered `result: "failure"`. `fieldErrors` maps a field path (such as
    /// `setUserFields.username`) to its messages, for showing next to form fields.
    case failure(code: String, message: String, fieldErrors: [String: [String]], httpStatus: Int)
    /// `accountInformation` answered `result: "invalid_status"`: the account exists but is not active.
    case invalidStatus(accountStatus: String)
    /// The refresh token was refused; the stored session is gone and the guest has to log in again.
    case sessionExpired
    /// The call needs a logged-in guest and there is none.
    case notLoggedIn
    /// The APNs device token is empty or longer than 100 bytes.
    case invalidDeviceToken
    /// An `integrationDetail` string could not be read; the text says which part is wrong.
    case invalidIntegrationDetail(String)
    /// No HTTP response arrived (after the retries the call allows).
    case transport(String)
    /// A response arrived but is not a Paytronix envelope.
    case invalidResponse(statusCode: Int, body: String)

    /// Whether this is Paytronix's "the access token is invalid or has expired" failure.
    public var isInvalidToken: Bool {
        if case .failure(let code, _, _, _) = self { return code == "oauth.invalid_token" }
        return false
    }

    /// The Paytronix error code of a `.failure`, else `nil`.
    public var errorCode: String? {
        if case .failure(let code, _, _, _) = self { return code }
        return nil
    }

    /// The human-readable message of a `.failure`, else `nil`.
    public var errorMessage: String? {
        if case .failure(_, let message, _, _) = self { return message }
        return nil
    }

    /// A one-line English explanation for logs; response bodies are cut to 200 characters.
    public var description: String {
        switch self {
        case .failure(let code, let message, _, let status): "Paytronix failure \(code) (HTTP \(status)): \(message)"
        case .invalidStatus(let status): "The account status is \(status)"
        case .sessionExpired: "The guest session expired; log in again"
        case .notLoggedIn: "No guest is logged in"
        case .invalidDeviceToken: "The device token must be 1 to 100 bytes"
        case .invalidIntegrationDetail(let reason): "Invalid integrationDetail: \(reason)"
        case .transport(let reason): "No response from Paytronix: \(reason)"
        case .invalidResponse(let status, let body):
            "Unexpected Paytronix response (HTTP \(status)): \(body.prefix(200))"
        }
    }
}
