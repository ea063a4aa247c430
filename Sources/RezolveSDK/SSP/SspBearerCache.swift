import CommerceCore
import Foundation

/// A bearer token of the SSP OAuth proxy and the instant it stops being valid.
struct SspBearer: Sendable, Equatable {
    let token: String
    let expiresAt: Date
}

/// The in-memory SSP bearer (spec §3.5.12, §3.11: never persisted).
///
/// A cached bearer is used until 60 s before its `expirationUtc`; after that, or after an SSP 401 invalidates
/// it, the next caller fetches a new one. Fetching is single-flight: callers that arrive while a fetch is
/// running wait for that fetch instead of asking the proxy again.
final class SspBearerCache: Sendable {
    /// How long before `expirationUtc` a bearer is replaced.
    static let refreshMargin: TimeInterval = 60

    private struct State {
        var current: SspBearer?
        var fetch: Task<SspBearer, any Error>?
    }

    private let state = Locked(State())
    private let clock: @Sendable () -> Date
    private let fetcher: @Sendable () async throws(RezolveError) -> SspBearer

    init(clock: @escaping @Sendable () -> Date, fetch: @escaping @Sendable () async throws(RezolveError) -> SspBearer) {
        self.clock = clock
        self.fetcher = fetch
    }

    /// A bearer valid for at least another minute, fetching one when needed.
    func token() async throws(RezolveError) -> String {
        enum Step {
            case ready(String)
            case wait(Task<SspBearer, any Error>)
        }
        let now = clock()
        let step: Step = state.withLock { current in
            if let fetch = current.fetch { return .wait(fetch) }
            if let bearer = current.current, bearer.expiresAt.timeIntervalSince(now) > Self.refreshMargin {
                return .ready(bearer.token)
            }
            let fetch = Task { [fetcher] () async throws -> SspBearer in try await fetcher() }
            current.fetch = fetch
            return .wait(fetch)
        }
        let task: Task<SspBearer, any Error>
        switch step {
        case .ready(let token): return token
        case .wait(let fetch): task = fetch
        }
        let result = await task.result
        state.withLock { current in
            // Only the fetch still recorded is cleared; a later fetch may already have replaced it.
            guard current.fetch == task else { return }
            current.fetch = nil
            if case .success(let bearer) = result { current.current = bearer }
        }
        switch result {
        case .success(let bearer): return bearer.token
        case .failure(let error as RezolveError): throw error
        case .failure(let error): throw .transport(String(describing: error))
        }
    }

    /// Forgets `token` after the SSP services refused it, so the next ``token()`` fetches a new one. A newer
    /// bearer fetched meanwhile by another caller is kept.
    func invalidate(_ token: String) {
        state.withLock { current in
            if current.current?.token == token { current.current = nil }
        }
    }

    /// The cached bearer, if any (for tests and diagnostics).
    var cached: SspBearer? { state.get().current }
}
