import CommerceCore
import Foundation

/// Wraps the real transport for one logical request and notes which attempts left the outcome unknown.
///
/// `RetryOutcome.hadAmbiguousAttempt` is also set after a retried 408 or 429, which the server answered
/// without committing anything. Create-safety must only adopt an existing order when an earlier attempt
/// may really have created it (no response, or a 5xx), so the attempts are classified here.
final class AttemptObservingTransport: HTTPTransport, @unchecked Sendable {
    private let base: any HTTPTransport
    private let lock = NSLock()
    private var ambiguous: [Bool] = []

    init(_ base: any HTTPTransport) { self.base = base }

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        do {
            let response = try await base.send(request)
            record(response.statusCode >= 500)
            return response
        } catch {
            // A cancelled attempt is not retried, so it never precedes a 409; anything else may have
            // reached the server.
            record(!(error is CancellationError) && (error as? TransportError) != .cancelled)
            throw error
        }
    }

    /// Whether an attempt before the last one may have been processed without the client learning it.
    var earlierAttemptWasAmbiguous: Bool {
        lock.lock(); defer { lock.unlock() }
        return ambiguous.dropLast().contains(true)
    }

    private func record(_ value: Bool) {
        lock.lock(); defer { lock.unlock() }
        ambiguous.append(value)
    }
}
