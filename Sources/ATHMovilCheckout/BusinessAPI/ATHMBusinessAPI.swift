import CommerceCore
import Foundation

/// The payment service's calls for a merchant's server: look a payment up, cancel it, refund it.
///
/// The refund needs the business's private token, so it belongs on a server, never in an app.
public struct ATHMBusinessAPI: Sendable {
    /// Production or a sandbox: decides the host every call goes to.
    public let environment: ATHMEnvironment
    /// Sends the HTTP requests; tests pass an in-memory transport.
    public let transport: any HTTPTransport
    private let sleep: RetryExecutor.Sleep
    private let random: @Sendable () -> Double

    /// - Parameters:
    ///   - environment: production or a sandbox.
    ///   - transport: how requests are sent.
    ///   - sleep: how retries wait (tests pass one that returns at once).
    ///   - random: a number from 0 to 1 that spreads each retry over up to 250 ms more (tests pin it).
    public init(
        environment: ATHMEnvironment, transport: any HTTPTransport = URLSessionTransport(),
        sleep: @escaping RetryExecutor.Sleep = { try await Task.sleep(for: $0) },
        random: @escaping @Sendable () -> Double = { Double.random(in: 0...1) }
    ) {
        self.environment = environment
        self.transport = transport
        self.sleep = sleep
        self.random = random
    }

    /// Reads a payment. Retried up to twice when no answer or a 5xx arrives (0.5 s, then 1 s, plus up to 0.25 s).
    public func findPayment(ecommerceId: String, publicToken: String) async throws(ATHMPaymentError)
        -> ATHMEcommerceTransaction
    {
        let body: JSONValue = ["ecommerceId": .string(ecommerceId), "publicToken": .string(publicToken)]
        let policy = RetryPolicy(
            maxAttempts: 3, delays: [.milliseconds(500), .seconds(1)], jitter: 0,
            retryableStatuses: Set(500...599), retriesTransportErrors: true, retryAfterStatuses: [])
        let random = self.random
        let sleep = self.sleep
        let executor = RetryExecutor(
            policy: policy, sleep: { try await sleep($0 + .milliseconds(Int(random() * 250))) })
        let data = try await send(
            "/api/business-transaction/ecommerce/business/findPayment", body, retry: true, executor: executor)
        guard data.objectValue != nil else { throw ATHMPaymentError(code: .decoding) }
        return ATHMEcommerceTransaction(data)
    }

    /// Cancels a payment the customer has not confirmed yet. Not retried.
    ///
    /// - Returns: the service's confirmation, `Payment Cancelled.` (its `data`), for logs; callers may ignore it.
    /// - Throws: the service's error (for example `BTRA_0035` once the customer has confirmed), or
    ///   ``ATHMPaymentError/Code/decoding`` when a success carries no text.
    @discardableResult
    public func cancelPayment(ecommerceId: String, publicToken: String) async throws(ATHMPaymentError) -> String {
        let body: JSONValue = ["ecommerceId": .string(ecommerceId), "publicToken": .string(publicToken)]
        let data = try await send(
            "/api/business-transaction/ecommerce/business/cancel", body, retry: false,
            executor: RetryExecutor(policy: .none, sleep: sleep))
        guard let confirmation = data.stringValue else { throw ATHMPaymentError(code: .decoding) }
        return confirmation
    }

    /// Gives back part or all of a completed payment. Not retried: a repeat could refund twice.
    public func refund(
        publicToken: String, privateToken: String, referenceNumber: String, amount: Decimal,
        message: String?
    ) async throws(ATHMPaymentError) -> ATHMRefundResult {
        var body: JSONObject = [
            "publicToken": .string(publicToken), "privateToken": .string(privateToken),
            "referenceNumber": .string(referenceNumber), "amount": .string(Self.text(amount)),
        ]
        if let message { body["message"] = .string(message) }
        let data = try await send(
            "/api/business-transaction/ecommerce/refund", .object(body), retry: false,
            executor: RetryExecutor(policy: .none, sleep: sleep))
        guard let refund = data["refund"], let original = data["originalTransaction"] else {
            throw ATHMPaymentError(code: .decoding)
        }
        return ATHMRefundResult(refund: .init(refund), originalTransaction: .init(original))
    }

    private func send(_ path: String, _ body: JSONValue, retry: Bool, executor: RetryExecutor)
        async throws(ATHMPaymentError) -> JSONValue
    {
        let request = HTTPRequest(
            method: .post, url: environment.url(environment.paymentServiceBaseURL, path),
            headers: ["Accept": "application/json", "Content-Type": "application/json"],
            body: body.serializedData(), timeout: PaymentServiceClient.requestTimeout,
            allowsRetry: retry)
        let outcome = await executor.run(request, on: transport)
        switch ServiceEnvelope.data(from: outcome.result) {
        case .success(let data): return data
        case .failure(let error): throw error
        }
    }

    /// Two-decimal text such as `5.00`.
    static func text(_ amount: Decimal) -> String {
        var value = amount
        var rounded = Decimal()
        NSDecimalRound(&rounded, &value, 2, .plain)
        let plain = NSDecimalNumber(decimal: rounded).stringValue
        guard let dot = plain.firstIndex(of: ".") else { return plain + ".00" }
        let decimals = plain.distance(from: dot, to: plain.endIndex) - 1
        return decimals >= 2 ? plain : plain + String(repeating: "0", count: 2 - decimals)
    }
}
