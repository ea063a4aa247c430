import Foundation

/// Why a payment could not be requested or its result could not be read: the module's one error type.
///
/// `failureReason` holds the exact message; switch on `code` to react programmatically.
public final class ATHMPaymentError: Error, CustomStringConvertible, Sendable {
    /// What went wrong, as a value a caller can switch on.
    public enum Code: Equatable, Sendable {
        /// The total is not a finite number of at least 1.00.
        case invalidTotal
        /// The subtotal is negative or not a number.
        case invalidSubtotal
        /// The tax is negative or not a number.
        case invalidTax
        /// `metadata1` is longer than 40 characters.
        case metadata1TooLong
        /// `metadata2` is longer than 40 characters.
        case metadata2TooLong
        /// An item's price is not a finite number of at least 1.00.
        case invalidItemPrice
        /// An item's quantity is zero or negative.
        case invalidItemQuantity
        /// An item's name is empty or only whitespace.
        case missingItemName
        /// The business account's public token is empty or only whitespace.
        case missingToken
        /// The app's URL scheme, which the reply comes back through, is empty or only whitespace.
        case missingScheme
        /// The timeout is outside 60 to 600 seconds.
        case invalidTimeout
        /// The payment could not be written into the ATH Móvil link, for example a subtotal that is not finite.
        case invalidCharacters
        /// Neither the ATH Móvil link nor the App Store fallback could be opened.
        case openFailed
        /// The payment service answered with an error (its `errorcode`, when it sent one).
        case server(errorcode: String?)
        /// No answer arrived from the payment service.
        case network
        /// An answer arrived but could not be read.
        case decoding
        /// Another payment is being registered with the payment service.
        case paymentInProgress
        /// The payment was replaced by a newer one, or the waiting task was cancelled.
        case cancelled
    }

    /// The message: one of the fixed texts the SDK documents.
    public let failureReason: String
    /// `true` when the problem lies in the request's data (or in the data of the reply).
    public let isRequestError: Bool
    /// The machine-readable reason.
    public let code: Code

    /// What the payment service said (`message` of its error envelope, or the transport failure), when known.
    public let serverMessage: String?
    /// The HTTP status of the reply that caused the error, when there was one.
    public let httpStatus: Int?

    /// `"Error in request"` for request errors, otherwise `"Error in response"`.
    public var errorDescription: String { isRequestError ? "Error in request" : "Error in response" }

    /// `errorDescription` and `failureReason` joined, for logs.
    public var description: String { "\(errorDescription): \(failureReason)" }

    /// Creates an error; the message and request flag default to the ones that belong to `code`.
    public init(
        code: Code, failureReason: String? = nil, isRequestError: Bool? = nil, serverMessage: String? = nil,
        httpStatus: Int? = nil
    ) {
        self.code = code
        self.serverMessage = serverMessage
        self.httpStatus = httpStatus
        self.failureReason = failureReason ?? Self.message(for: code)
        self.isRequestError = isRequestError ?? Self.isRequestCode(code)
    }

    /// The generic text used for server, network, decoding and in-progress problems.
    public static let genericMessage = "Sorry for the inconvenience. Please try again later."

    static func message(for code: Code) -> String {
        switch code {
        case .missingToken: "The business's token is required"
        case .missingScheme: "The url scheme is required"
        case .invalidTotal: "Total data type value is invalid"
        case .invalidSubtotal: "Subtotal data type value is invalid"
        case .invalidTax: "Tax data type value is invalid"
        case .metadata1TooLong: "Metadata1 can not be greater than 40 characters"
        case .metadata2TooLong: "Metadata2 can not be greater than 40 characters"
        case .invalidItemPrice: "Item's price data type value is invalid"
        case .invalidItemQuantity: "Item's quantity data type value is invalid"
        case .missingItemName: "Item's name value is required"
        case .invalidTimeout: "Timeout data type value is invalid"
        case .invalidCharacters: "The request containts invalid characters"
        case .openFailed: "URL is invalid"
        case .server, .network, .decoding, .paymentInProgress, .cancelled: genericMessage
        }
    }

    private static func isRequestCode(_ code: Code) -> Bool {
        switch code {
        case .openFailed, .server, .network, .decoding, .paymentInProgress, .cancelled: false
        default: true
        }
    }
}
