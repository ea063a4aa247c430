import CommerceCore
import Foundation
import SandboxCore

/// An error answer of the emulated payment service, in ATH Móvil's envelope:
/// `{"status":"error","message":…,"errorcode":…,"data":null}`.
package struct ATHMovilFailure: ServiceErrorEnvelope, Equatable {
    package let status: Int
    let errorcode: String
    let message: String

    package var body: JSONValue { Self.envelope(errorcode: errorcode, message: message) }

    static func envelope(errorcode: String, message: String) -> JSONValue {
        ["status": "error", "message": .string(message), "errorcode": .string(errorcode), "data": .null]
    }

    /// `{"status":"success","data":…}`.
    static func success(_ data: JSONValue) -> SandboxResponse {
        .json(["status": "success", "data": data])
    }

    static let missingBody = ATHMovilFailure(
        status: 400, errorcode: "BTRA_0006", message: "Required request body is missing")
    static let invalidFormat = ATHMovilFailure(status: 400, errorcode: "BTRA_0006", message: "Invalid format")
    static let businessNotActive = ATHMovilFailure(
        status: 400, errorcode: "BTRA_0009", message: "Business is not active")
    static let underMinimum = ATHMovilFailure(
        status: 400, errorcode: "BTRA_0001", message: "The transfer amount is under Minimum allowed")
    static let overLimits = ATHMovilFailure(status: 400, errorcode: "BTRA_0004", message: "Amount is Over the limits")
    static let outOfBounds = ATHMovilFailure(
        status: 400, errorcode: "BTRA_0020",
        message: "numeric value out of bounds (<4 digits>.<2 digits> expected)")
    static let metadataTooLong = ATHMovilFailure(
        status: 400, errorcode: "BTRA_0038",
        message: "The metadata field exceeds the maximum supported characters (40)")
    static let noAuthorizationHeader = ATHMovilFailure(
        status: 401, errorcode: "token.invalid.header",
        message: "No authorization header present.")
    static let invalidToken = ATHMovilFailure(
        status: 401, errorcode: "BTRA_0401", message: "Invalid authorization token")
    static func tokenExpired(on date: Date) -> ATHMovilFailure {
        ATHMovilFailure(
            status: 401, errorcode: "token.expired",
            message: "The Token has expired on \(ATHMovilTime.javaDate(date)).")
    }
    static let notConfirmed = ATHMovilFailure(
        status: 400, errorcode: "BTRA_0032", message: "The status of the e-commerce is not confirm")
    static let timeExpired = ATHMovilFailure(
        status: 400, errorcode: "BTRA_0039",
        message: "Valid time to execute the transaction has expired")
    static let cancelledOrFailed = ATHMovilFailure(
        status: 400, errorcode: "BTRA_0037",
        message: "Cannot confirm a transaction with status Canceled or Failed")
    static let unknownEcommerce = ATHMovilFailure(
        status: 400, errorcode: "BTRA_0031", message: "EcommerceId does not exist")
    static let notOwner = ATHMovilFailure(
        status: 400, errorcode: "BTRA_0043", message: "The business ins't owner of payment")
    static let unexpectedStatus = ATHMovilFailure(
        status: 400, errorcode: "BTRA_0035",
        message: "The e-commerce transaction has not the expected status")
    static let phoneAlreadySet = ATHMovilFailure(
        status: 400, errorcode: "BTRA_0041",
        message: "The e-commerce transaction already has a phone number assigned")
    static let refundUnauthorized = ATHMovilFailure(
        status: 401, errorcode: "BTRA_0017", message: "Invalid authorization token")
    static let referenceNotFound = ATHMovilFailure(
        status: 400, errorcode: "BTRA_0053", message: "ReferenceNumber not found")
    static let refundTooSmall = ATHMovilFailure(status: 400, errorcode: "BTRA_0028", message: "is less than 0.01")
    static let messageTooLong = ATHMovilFailure(
        status: 400, errorcode: "BTRA_0040", message: "The message can not exceed 50 characters")
    static let unknownTransaction = ATHMovilFailure(
        status: 400, errorcode: "BTRA_0007", message: "TransactionId does not exist")
}

/// The answers of ATH Móvil's JSON control routes that name a payment, in the sandbox's plain envelope
/// (`{"error":"…"}`; a bad field is ``SandboxPlainError/field(_:_:)``).
extension SandboxPlainError {
    static let paymentNotFound = SandboxPlainError(status: 404, message: "payment not found")

    /// 409: the payment's state does not allow the action.
    static func paymentState(_ state: ATHMovilEcommerce.State) -> SandboxPlainError {
        SandboxPlainError(status: 409, message: "payment is \(state.rawValue)")
    }
}
