import CommerceCore
import Foundation

/// A server-side client for Button's Order API: report, read, replace and cancel orders.
///
/// ```swift
/// let client = try ButtonClient(apiKey: "sk-sandbox", configuration: .sandbox(sandboxURL))
/// let order = try await client.orders.create(payload)
/// ```
///
/// The client is a value type with no mutable state, so one instance can be shared across tasks.
public struct ButtonClient: Sendable {
    let api: OrderAPI

    /// - Parameters:
    ///   - apiKey: the organisation's secret key (`sk-…`), sent as the Basic-auth user name.
    ///   - configuration: where requests go and how they are timed, retried and validated; production by default.
    ///   - transport: how requests go out; tests pass an `InMemoryTransport`.
    /// - Throws: ``ButtonOrdersError/missingAPIKey`` when `apiKey` is empty.
    public init(
        apiKey: String, configuration: Configuration = .init(),
        transport: any HTTPTransport = URLSessionTransport()
    ) throws(ButtonOrdersError) {
        try self.init(
            apiKey: apiKey, configuration: configuration, transport: transport,
            executor: RetryExecutor(policy: configuration.retryPolicy))
    }

    /// Lets tests replace the retry executor's sleep and jitter source so that they need not wait.
    init(
        apiKey: String, configuration: Configuration, transport: any HTTPTransport,
        executor: RetryExecutor
    ) throws(ButtonOrdersError) {
        guard !apiKey.isEmpty else { throw .missingAPIKey }
        api = OrderAPI(
            builder: OrderRequestBuilder(apiKey: apiKey, configuration: configuration),
            transport: transport, executor: executor)
    }

    /// The order operations.
    public var orders: Orders { Orders(api: api) }
}

/// What every operation shares: building requests, running them under the retry policy, validating bodies.
struct OrderAPI: Sendable {
    let builder: OrderRequestBuilder
    let transport: any HTTPTransport
    let executor: RetryExecutor

    var validatesLocally: Bool { builder.configuration.validatesLocally }

    /// Runs one request through the retry executor and reports whether an earlier attempt may have been
    /// processed by the server without the client seeing the answer.
    func execute(_ request: HTTPRequest) async -> (result: Result<HTTPResponse, TransportError>, ambiguous: Bool) {
        let outcome = await executor.run(request, on: transport)
        return (outcome.result, outcome.hadAmbiguousAttempt)
    }

    /// Throws the first rule the body breaks, when local validation is on.
    func validate(_ body: JSONValue, as operation: ButtonOrderValidator.Operation) throws(ButtonOrdersError) {
        guard validatesLocally,
            let failure = ButtonOrderValidator(operation: operation).firstFailure(in: body)
        else { return }
        throw .invalidField(field: failure.field, message: failure.message)
    }

    /// A path id must not be empty, or the request would address the collection instead of an order.
    func validatePathId(_ value: String, field: String, message: String) throws(ButtonOrdersError) {
        guard validatesLocally, value.isEmpty else { return }
        throw .invalidField(field: field, message: message)
    }
}
