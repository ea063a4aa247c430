import CommerceCore
import CommerceTestSupport
import CommerceTesting
import Foundation

@testable import Buy

/// Counts calls from any thread.
final class Counter: Sendable {
    private let count = Locked(0)
    var value: Int { count.current }
    func increment() { count.withLock { $0 += 1 } }
}

/// A client over an in-memory transport, a hand-moved clock and a sleep that returns at once.
func makeClient(
    transport: InMemoryTransport, clock: TestClock = TestClock(), locale: Locale? = nil,
    shopDomain: String = "shoes.myshopify.com", apiKey: String = "tok",
    cacheDirectory: URL = TestDirectories.make("BuyTests"),
    sleep: @escaping RetryExecutor.Sleep = { _ in try Task.checkCancellation() }
) -> Graph.Client {
    Graph.Client(
        shopDomain: shopDomain, apiKey: apiKey, locale: locale, environment: .production, transport: transport,
        cacheDirectory: cacheDirectory, callbackQueue: DispatchQueue(label: "BuyTests.callbacks"),
        now: { clock.now }, sleep: sleep)
}

func shopNameQuery() -> Storefront.QueryRootQuery {
    Storefront.buildQuery { $0.shop { $0.name() } }
}

func shopResponse(_ name: String = "My Shop") -> HTTPResponse {
    .json(200, #"{"data":{"shop":{"name":"\#(name)"}}}"#)
}

/// Runs the callback API and waits for its single callback.
func callbackResult(_ start: @escaping (@escaping Graph.Client.QueryCompletion) -> any GraphTask) async -> (
    Storefront.QueryRoot?, Graph.QueryError?
) {
    let box = Graph.Unchecked(value: start)
    let result: Graph.Unchecked<(Storefront.QueryRoot?, Graph.QueryError?)> = await withCheckedContinuation {
        continuation in
        let task = box.value { model, error in
            continuation.resume(returning: Graph.Unchecked(value: (model, error)))
        }
        task.resume()
    }
    return result.value
}

/// Fires its signal when the last reference to it goes. Captured by a request's completion closure, it tells a
/// test that the client has let go of the request, which it does once the work serving the request has ended:
/// a test awaits that instead of sleeping to see whether anything more happens.
final class ReleaseMarker: Sendable {
    let released: TestSignal
    init(_ released: TestSignal) { self.released = released }
    deinit { released.fire() }
}

/// `task`'s value, once the task has ended.
func finished<T: Sendable>(_ task: Task<T, Never>) async throws -> T {
    await task.value
}
