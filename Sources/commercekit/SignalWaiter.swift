import Dispatch
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Suspends until SIGINT or SIGTERM, so `serve` can stop the server cleanly.
enum SignalWaiter {
    static func waitForTermination() async throws {
        signal(SIGINT, SIG_IGN)
        signal(SIGTERM, SIG_IGN)
        let stream = AsyncStream<Void> { continuation in
            let sources = SignalSources(
                [SIGINT, SIGTERM].map { number in
                    let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
                    source.setEventHandler { continuation.yield() }
                    source.resume()
                    return source
                })
            continuation.onTermination = { _ in sources.cancel() }
        }
        for await _ in stream { return }
    }
}

/// Dispatch sources are thread-safe but not marked Sendable; this box lets the stream's termination cancel them.
// @unchecked: immutable after init, and `DispatchSourceSignal.cancel()` may be called from any thread.
private final class SignalSources: @unchecked Sendable {
    private let sources: [any DispatchSourceSignal]
    init(_ sources: [any DispatchSourceSignal]) { self.sources = sources }
    func cancel() { sources.forEach { $0.cancel() } }
}
