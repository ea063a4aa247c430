import Foundation

/// When and how often a failed request is repeated.
///
/// Only failures that may be transient are retried: no HTTP response at all, or one of `retryableStatuses`
/// (5xx and throttling). A request is retried only when it is safe to repeat: an idempotent method, an
/// `Idempotency-Key` header, or an explicit ``HTTPRequest/allowsRetry``.
public struct RetryPolicy: Sendable {
    /// Attempts in total, the first one included. `1` means never retry.
    public var maxAttempts: Int
    /// The delay before retry *n* is `delays[n - 1]`; the last entry repeats when attempts outnumber it.
    public var delays: [Duration]
    /// Random spread applied to each delay: `0.2` means ±20 %.
    public var jitter: Double
    /// HTTP statuses worth another attempt.
    public var retryableStatuses: Set<Int>
    /// Whether a missing response (connection failure, timeout) is worth another attempt.
    public var retriesTransportErrors: Bool
    /// Honour `Retry-After` (seconds) on these statuses, never waiting longer than `maxRetryAfter`.
    public var retryAfterStatuses: Set<Int>
    /// The longest `Retry-After` the policy waits for; a longer one is cut to this.
    public var maxRetryAfter: Duration

    /// Creates a policy; `maxAttempts` below 1 counts as 1 and `jitter` is clamped to 0...1.
    public init(
        maxAttempts: Int, delays: [Duration], jitter: Double = 0,
        retryableStatuses: Set<Int> = RetryPolicy.transientStatuses,
        retriesTransportErrors: Bool = true,
        retryAfterStatuses: Set<Int> = [429, 503], maxRetryAfter: Duration = .seconds(5)
    ) {
        self.maxAttempts = max(1, maxAttempts)
        self.delays = delays
        self.jitter = max(0, min(jitter, 1))
        self.retryableStatuses = retryableStatuses
        self.retriesTransportErrors = retriesTransportErrors
        self.retryAfterStatuses = retryAfterStatuses
        self.maxRetryAfter = maxRetryAfter
    }

    /// Timeouts, throttling and the 5xx statuses that usually clear up on their own.
    public static let transientStatuses: Set<Int> = [408, 429, 500, 502, 503, 504]

    /// Never retries.
    public static let none = RetryPolicy(maxAttempts: 1, delays: [])

    /// Exponential backoff with ±20 % jitter: 3 attempts, 250 ms then 500 ms, `Retry-After` up to 5 s.
    public static let standard = RetryPolicy(
        maxAttempts: 3, delays: [.milliseconds(250), .milliseconds(500)], jitter: 0.2)

    /// Exponential backoff: `base`, `2 × base`, `4 × base` … for `maxAttempts - 1` retries.
    public static func exponential(maxAttempts: Int, base: Duration, jitter: Double = 0.2) -> RetryPolicy {
        let delays = (0..<max(0, maxAttempts - 1)).map { base * (1 << $0) }
        return RetryPolicy(maxAttempts: maxAttempts, delays: delays, jitter: jitter)
    }

    /// The wait before retry number `retry` (1-based), before `Retry-After` is considered.
    public func delay(beforeRetry retry: Int, random: Double) -> Duration {
        guard let base = delays.isEmpty ? nil : delays[min(retry - 1, delays.count - 1)] else { return .zero }
        guard jitter > 0 else { return base }
        let factor = 1 + jitter * (random * 2 - 1)
        return base * factor
    }
}

/// What happened over all attempts of one request.
public struct RetryOutcome: Sendable {
    /// The last attempt's response, or the error of the last attempt when it got none.
    public var result: Result<HTTPResponse, TransportError>
    /// How many attempts were made, the first one included.
    public var attempts: Int
    /// Whether an earlier, retried attempt may have changed server state without the client learning the
    /// result: it got no response, or a 5xx. A 408 or 429 does not count. Callers use this to make
    /// non-idempotent creates safe.
    public var hadAmbiguousAttempt: Bool
}

/// Runs a request under a ``RetryPolicy``. The sleep and random source are injectable so tests need not wait.
public struct RetryExecutor: Sendable {
    /// Waits for the given delay; throws when the task is cancelled.
    public typealias Sleep = @Sendable (Duration) async throws -> Void

    /// Which failures are retried and how long to wait between attempts.
    public var policy: RetryPolicy
    /// How the executor waits between attempts; tests pass one that returns at once.
    public var sleep: Sleep
    /// A number from 0 to 1 that sets each delay's jitter; tests pin it.
    public var random: @Sendable () -> Double

    /// Creates an executor that sleeps with `Task.sleep` and draws jitter at random unless told otherwise.
    public init(
        policy: RetryPolicy,
        sleep: @escaping Sleep = { try await Task.sleep(for: $0) },
        random: @escaping @Sendable () -> Double = { Double.random(in: 0...1) }
    ) {
        self.policy = policy
        self.sleep = sleep
        self.random = random
    }

    /// Sends `request` until it succeeds, fails in a way not worth retrying, or runs out of attempts.
    /// Never throws: the outcome carries the last response or transport error. A request that is not safe to
    /// repeat is sent once.
    public func run(_ request: HTTPRequest, on transport: any HTTPTransport) async -> RetryOutcome {
        let attemptsAllowed = request.isRetryable ? policy.maxAttempts : 1
        var ambiguous = false
        var attempt = 0
        while true {
            attempt += 1
            let result: Result<HTTPResponse, TransportError>
            do {
                result = .success(try await transport.send(request))
            } catch let error as TransportError {
                result = .failure(error)
            } catch is CancellationError {
                result = .failure(.cancelled)
            } catch {
                result = .failure(.connectionFailed(String(describing: error)))
            }

            guard attempt < attemptsAllowed, let wait = retryDelay(after: result, retry: attempt) else {
                return RetryOutcome(result: result, attempts: attempt, hadAmbiguousAttempt: ambiguous)
            }
            // Only a lost response or a 5xx may hide a commit; 408 and 429 say the server did nothing.
            if case .success(let response) = result, response.statusCode < 500 {} else { ambiguous = true }
            do { try await sleep(wait) } catch {
                return RetryOutcome(result: .failure(.cancelled), attempts: attempt, hadAmbiguousAttempt: ambiguous)
            }
        }
    }

    /// `nil` when the result should not be retried; otherwise how long to wait first.
    private func retryDelay(after result: Result<HTTPResponse, TransportError>, retry: Int) -> Duration? {
        switch result {
        case .failure(.cancelled):
            return nil
        case .failure:
            return policy.retriesTransportErrors ? policy.delay(beforeRetry: retry, random: random()) : nil
        case .success(let response):
            guard policy.retryableStatuses.contains(response.statusCode) else { return nil }
            let planned = policy.delay(beforeRetry: retry, random: random())
            if policy.retryAfterStatuses.contains(response.statusCode), let asked = response.retryAfter {
                return min(max(asked, planned), policy.maxRetryAfter)
            }
            return planned
        }
    }
}
