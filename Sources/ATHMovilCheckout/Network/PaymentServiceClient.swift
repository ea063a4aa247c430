import CommerceCore
import Foundation

/// The calls the app-side flows make: register a payment, authorize it, and ask the legacy status service.
struct PaymentServiceClient: Sendable {
    let environment: ATHMEnvironment
    let transport: any HTTPTransport
    let headers: HTTPHeaders
    /// Wait before the one retry of `/authorization`.
    let authorizationRetryDelay: Duration
    let sleep: RetryExecutor.Sleep

    struct Registration: Sendable {
        let ecommerceId: String
        let authToken: String
    }

    struct Authorization: Sendable {
        let referenceNumber: String
        let dailyTransactionID: Int
        let fee: Double
        let netAmount: Double
    }

    static let requestTimeout: Duration = .seconds(30)

    /// `POST /api/business-transaction/ecommerce/payment`. Never retried: a repeat could create a second payment.
    func register(body: JSONValue) async -> Result<Registration, ATHMPaymentError> {
        let request = post("/api/business-transaction/ecommerce/payment", body: body, retry: false)
        let outcome = await RetryExecutor(policy: .none, sleep: sleep).run(request, on: transport)
        return ServiceEnvelope.data(from: outcome.result).flatMap { data in
            guard let id = data["ecommerceId"]?.stringValue, !id.isEmpty,
                let token = data["auth_token"]?.stringValue, !token.isEmpty
            else {
                return .failure(ATHMPaymentError(code: .decoding))
            }
            return .success(Registration(ecommerceId: id, authToken: token))
        }
    }

    /// `POST /api/business-transaction/ecommerce/authorization`, retried once on no answer or a 5xx.
    func authorize(token: String) async -> Result<Authorization, ATHMPaymentError> {
        var request = post("/api/business-transaction/ecommerce/authorization", body: .object([:]), retry: true)
        request.headers["Authorization"] = "Bearer \(token)"
        let policy = RetryPolicy(
            maxAttempts: 2, delays: [authorizationRetryDelay], jitter: 0,
            retryableStatuses: Set(500...599), retriesTransportErrors: true,
            retryAfterStatuses: [])
        let outcome = await RetryExecutor(policy: policy, sleep: sleep).run(request, on: transport)
        return ServiceEnvelope.data(from: outcome.result).flatMap { data in
            guard data.objectValue != nil else { return .failure(ATHMPaymentError(code: .decoding)) }
            let daily = data["dailyTransactionId"]
            let dailyID = daily?.stringValue.flatMap { Int($0) } ?? daily?.integerValue.map { Int(clamping: $0) } ?? 0
            return .success(
                Authorization(
                    referenceNumber: data["referenceNumber"]?.stringValue ?? "",
                    dailyTransactionID: dailyID,
                    fee: data["fee"]?.doubleValue ?? 0,
                    netAmount: data["netAmount"]?.doubleValue ?? 0))
        }
    }

    /// `POST <legacy base>eCommerceTransfer/consultTransactionStatus`: the flat reply object, not enveloped.
    func legacyStatus(publicToken: String, paymentID: String) async -> Result<Data, ATHMPaymentError> {
        let url = environment.legacyStatusBaseURL.appendingPathComponent("eCommerceTransfer/consultTransactionStatus")
        let body: JSONValue = ["paymentID": .string(paymentID), "publicToken": .string(publicToken)]
        let request = HTTPRequest(
            method: .post, url: url, headers: headers, body: body.serializedData(),
            timeout: Self.requestTimeout, allowsRetry: false)
        do {
            let response = try await transport.send(request)
            guard response.isSuccess else {
                return .failure(
                    ATHMPaymentError(
                        code: .server(errorcode: (try? JSONValue.parse(response.body))?["errorcode"]?.stringValue),
                        httpStatus: response.statusCode))
            }
            return .success(response.body)
        } catch {
            return .failure(ATHMPaymentError(code: .network, serverMessage: String(describing: error)))
        }
    }

    private func post(_ path: String, body: JSONValue, retry: Bool) -> HTTPRequest {
        HTTPRequest(
            method: .post, url: environment.url(environment.paymentServiceBaseURL, path), headers: headers,
            body: body.serializedData(), timeout: Self.requestTimeout, allowsRetry: retry)
    }
}
