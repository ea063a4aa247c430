import CommerceCore
import Foundation
import RezolveSDK

/// Reports the outcome of an external payment to Rezolve: `POST /api/v3/external/callback/{paymentId}`.
///
/// The partner's server calls this after its own payment provider approved or declined the payment whose id
/// came back in the buy answer (`CheckoutOrder.externalPaymentId`). Every answer has an empty body, so the
/// status alone is the result.
public struct RezolveExternalPaymentCallback: Sendable {
    /// What Rezolve answered.
    public enum Outcome: Sendable, Equatable {
        /// 204: the payment was waiting and now carries the decision.
        case applied
        /// 400: the request was invalid or the payment id is unknown.
        case rejectedAsInvalid
        /// 422: the payment had already been approved or rejected.
        case alreadyDecided
        /// Any other status, such as 500.
        case failed(status: Int)
    }

    /// The decision to report.
    public enum Decision: Sendable, Equatable {
        /// The partner's payment provider took the money; Rezolve completes the order.
        case approve
        /// A free-text reason the customer may need when asking about the payment.
        case reject(reason: String?)
    }

    /// The Rezolve environment the callback goes to; it must be the one the order was placed in.
    public let environment: RezolveEnv
    let transport: any HTTPTransport

    /// Creates a callback client; `transport` sends the request (tests pass an in-memory one).
    public init(environment: RezolveEnv, transport: any HTTPTransport) {
        self.environment = environment
        self.transport = transport
    }

    /// Sends the decision once; the caller decides whether to repeat it (a repeat answers 422).
    public func report(_ decision: Decision, paymentId: String) async throws(RezolveError) -> Outcome {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: "/?#")
        let id = paymentId.addingPercentEncoding(withAllowedCharacters: allowed) ?? paymentId
        guard let url = URL(string: environment.rawValue + "/api/v3/external/callback/" + id) else {
            throw .invalidInput(field: "paymentId", reason: "cannot build the callback URL")
        }
        let body: JSONValue
        switch decision {
        case .approve: body = ["action": "approve", "reason": .null]
        case .reject(let reason): body = ["action": "reject", "reason": JSONValue.from(reason)]
        }
        let request = HTTPRequest(
            method: .post, url: url, headers: ["Content-Type": "application/json"],
            body: body.serializedData(), allowsRetry: false)
        let response: HTTPResponse
        do { response = try await transport.send(request) } catch {
            throw .transport(String(describing: error))
        }
        switch response.statusCode {
        case 204: return .applied
        case 400: return .rejectedAsInvalid
        case 422: return .alreadyDecided
        default: return .failed(status: response.statusCode)
        }
    }
}
