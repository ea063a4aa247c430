import CommerceCore
import Foundation

/// Supplies a fresh login JWT when the server says the current one expired (HTTP 401, code 8).
///
/// It plays the part of the seed's `TokenRenewProtocol` and Android's `AuthRequestProvider`. The token usually
/// comes from the partner's own server, which holds the key that signs it.
public protocol RezolveTokenRenewing: Sendable {
    /// Returns a fresh login JWT for the session's entity and device.
    func renewAccessToken(for session: RezolveSession) async throws -> String
}

/// The session's current JWT, its logged-out flag, and the one renewal that may be in flight.
///
/// Renewal is single-flight: requests that fail with the same stale token wait for the same renewer call
/// instead of each asking the partner's server for a token.
final class SessionAuth: Sendable {
    private struct State {
        var token: String
        var isLoggedOut = false
        var renewal: (staleToken: String, task: Task<String, any Error>)?
        /// Test seam: told each time a caller starts waiting for a renewal.
        var onRenewalWait: (@Sendable () -> Void)?
    }

    private let state: Locked<State>

    init(token: String) { state = Locked(State(token: token)) }

    var token: String { state.get().token }
    var isLoggedOut: Bool { state.get().isLoggedOut }

    /// Test seam: `observer` is told each time a caller starts waiting for a renewal (the one that started it
    /// included), so a test can hold the renewer until every concurrent caller has joined, without sleeping.
    func observeRenewalWaits(_ observer: @escaping @Sendable () -> Void) {
        state.withLock { $0.onRenewalWait = observer }
    }

    /// The token to send, or `.loggedOut` after an expired token was supplied.
    func tokenForRequest() throws(RezolveError) -> String {
        let current = state.get()
        if current.isLoggedOut { throw .loggedOut }
        return current.token
    }

    /// Replaces the token; an already-expired one logs the session out, a valid one logs it back in.
    func update(_ jwt: String, now: Date) {
        let expired = LoginToken(jwt)?.isExpired(at: now) ?? false
        state.withLock {
            $0.token = jwt
            $0.isLoggedOut = expired
        }
    }

    /// Returns a token newer than `staleToken`, calling `renew` at most once for all callers that hold the
    /// same stale token.
    func renewedToken(
        after staleToken: String,
        renew: @escaping @Sendable () async throws -> String
    ) async throws(RezolveError) -> String {
        enum Step {
            case use(String)
            case wait(Task<String, any Error>)
        }
        let step: Step = state.withLock { current in
            if current.token != staleToken { return .use(current.token) }
            if let renewal = current.renewal, renewal.staleToken == staleToken { return .wait(renewal.task) }
            let task = Task { try await renew() }
            current.renewal = (staleToken, task)
            return .wait(task)
        }
        switch step {
        case .use(let token):
            return token
        case .wait(let task):
            state.get().onRenewalWait?()
            let result = await task.result
            let outcome: Result<String, RezolveError> = state.withLock { current in
                if current.renewal?.staleToken == staleToken { current.renewal = nil }
                switch result {
                case .success(let fresh):
                    // A renewer's token is used as given; only the server decides whether it is still valid.
                    if current.token == staleToken { current.token = fresh }
                    return .success(fresh)
                case .failure(let error):
                    return .failure(
                        .expiredToken(
                            RezolveAPIError(
                                type: "Expired Token", code: "8",
                                message: "Token renewal failed: \(error)")))
                }
            }
            return try outcome.get()
        }
    }
}
