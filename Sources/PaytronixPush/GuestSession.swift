import CommerceCore
import Foundation

/// A logged-in guest's OAuth tokens, kept fresh and persisted across app launches.
///
/// The session refreshes the access token itself when fewer than 60 seconds remain, and once more when
/// Paytronix answers `oauth.invalid_token` anyway (the server's clock decides, not ours). Concurrent callers
/// share one refresh. When the refresh token is refused the session is deleted and calls throw
/// ``PaytronixError/sessionExpired``. The password is never stored.
public actor GuestSession {
    /// The client the session's calls and refreshes go through.
    public let client: PaytronixClient
    private let store: PersistentStore
    private let now: @Sendable () -> Date
    private var tokens: OAuthTokens?
    /// The running refresh and the tokens it replaces (at most one entry).
    private var refreshInFlight: [(task: Task<Result<OAuthTokens, PaytronixError>, Never>, previous: OAuthTokens)] = []

    /// Refresh when the access token has fewer seconds left than this.
    static let refreshMargin: TimeInterval = 60
    /// Called each time a caller starts waiting for a refresh, so tests can hold the refresh back until every
    /// caller they started has joined it, instead of guessing with yields.
    private var refreshWaitObserver: @Sendable () -> Void = {}

    package func observeRefreshWaits(_ observer: @escaping @Sendable () -> Void) { refreshWaitObserver = observer }

    /// Restores persisted tokens from `store`. `now` is the clock expiry is judged by (tests inject one).
    public init(client: PaytronixClient, store: PersistentStore, now: @escaping @Sendable () -> Date = { Date() }) {
        self.client = client
        self.store = store
        self.now = now
        self.tokens = SessionRecord.load(
            from: store, key: SessionRecord.key(merchantId: client.configuration.merchantId))
    }

    /// Whether tokens are held (restored or from a login); they may still need a refresh before use.
    public var isLoggedIn: Bool { tokens != nil }
    /// The logged-in guest's login name, or nil when logged out.
    public var username: String? { tokens?.username }
    /// The logged-in guest's card number, when the token reply carried one.
    public var printedCardNumber: String? { tokens?.printedCardNumber }

    /// Logs in with the password grant and stores the tokens.
    public func login(
        username: String, password: String,
        scope: Set<OAuthScope> = Set(OAuthScope.allCases)
    ) async throws(PaytronixError) {
        var received = try await client.requestGuestToken(
            .password(username: username, password: password), scope: scope)
        received.receivedAt = now()
        if received.username == nil { received.username = username }
        save(received)
    }

    /// Takes over tokens obtained elsewhere, such as the `oauthTokens` of a registration.
    public func adopt(_ tokens: OAuthTokens) async {
        var adopted = tokens
        adopted.receivedAt = now()
        save(adopted)
    }

    /// A usable access token, refreshed first when it is about to expire.
    public func accessToken() async throws(PaytronixError) -> String {
        guard let current = tokens else { throw .notLoggedIn }
        if current.expiresAt.timeIntervalSince(now()) < Self.refreshMargin {
            try await refresh()
            guard let refreshed = tokens else { throw .notLoggedIn }
            return refreshed.accessToken
        }
        return current.accessToken
    }

    /// Exchanges the refresh token for a new access token. Callers arriving during a refresh wait for it.
    public func refresh() async throws(PaytronixError) {
        let task: Task<Result<OAuthTokens, PaytronixError>, Never>
        let previous: OAuthTokens
        if let running = refreshInFlight.first {
            (task, previous) = running
        } else {
            guard let current = tokens else { throw .notLoggedIn }
            let client = self.client
            task = Task { () -> Result<OAuthTokens, PaytronixError> in
                do throws(PaytronixError) {
                    return .success(
                        try await client.requestGuestToken(refreshToken: current.refreshToken, scope: current.scope))
                } catch {
                    return .failure(error)
                }
            }
            previous = current
            refreshInFlight = [(task, current)]
        }
        refreshWaitObserver()
        let result = await task.value
        // Whichever caller resumes first applies the result; the others find it applied.
        let isFirst = refreshInFlight.first.map { $0.previous.accessToken == previous.accessToken } ?? false
        if isFirst { refreshInFlight = [] }
        switch result {
        case .success(var fresh):
            guard isFirst else { return }
            fresh.receivedAt = now()
            fresh.username = fresh.username ?? previous.username
            fresh.printedCardNumber = fresh.printedCardNumber ?? previous.printedCardNumber
            save(fresh)
        case .failure(let error):
            if error.errorCode == "oauth.invalid_grant" {
                if isFirst { forget() }
                throw .sessionExpired
            }
            throw error
        }
    }

    /// Forgets the tokens and the device record on this device (Paytronix has no logout call).
    public func logout() async {
        forget()
        store.removeAll(withPrefix: PushRecord.keyPrefix(merchantId: client.configuration.merchantId))
    }

    /// Runs `body` with `.oauth(accessToken:)`. When Paytronix says the token is invalid, refreshes once and
    /// runs `body` once more.
    public func withOAuth<T: Sendable>(
        _ body: @Sendable (PaytronixAuthentication) async throws(PaytronixError) -> T
    ) async throws(PaytronixError) -> T {
        let token = try await accessToken()
        do {
            return try await body(.oauth(accessToken: token))
        } catch  where error.isInvalidToken {
            // Someone else may have refreshed while we waited; only refresh if our token is still current.
            if tokens?.accessToken == token { try await refresh() }
            guard let fresh = tokens?.accessToken else { throw .notLoggedIn }
            return try await body(.oauth(accessToken: fresh))
        }
    }

    private func save(_ newTokens: OAuthTokens) {
        tokens = newTokens
        SessionRecord.save(newTokens, to: store, key: SessionRecord.key(merchantId: client.configuration.merchantId))
    }

    private func forget() {
        tokens = nil
        store.removeValue(forKey: SessionRecord.key(merchantId: client.configuration.merchantId))
    }
}

/// The persisted form of a session (spec §3.6): ISO-8601 `expiresAt`, no password.
enum SessionRecord {
    static func key(merchantId: Int) -> String { "paytronix.session.\(merchantId)" }

    static func save(_ tokens: OAuthTokens, to store: PersistentStore, key: String) {
        let record: JSONValue = [
            "username": .from(tokens.username), "accessToken": .string(tokens.accessToken),
            "refreshToken": .string(tokens.refreshToken), "tokenType": .string(tokens.tokenType),
            "scope": .string(tokens.scope),
            "expiresAt": .string(ISO8601.format(tokens.expiresAt, fraction: .milliseconds)),
            "printedCardNumber": .from(tokens.printedCardNumber),
        ]
        store.set(record.serializedData(), forKey: key)
    }

    static func load(from store: PersistentStore, key: String) -> OAuthTokens? {
        guard let data = store.data(forKey: key), let json = try? JSONValue.parse(data),
            let access = json["accessToken"]?.stringValue, let refresh = json["refreshToken"]?.stringValue,
            let expiresAt = json["expiresAt"]?.stringValue.flatMap(ISO8601.parse)
        else { return nil }
        // Rebuild receivedAt/expiresIn so that expiresAt round-trips exactly.
        let lifetime = 1800
        return OAuthTokens(
            accessToken: access, tokenType: json["tokenType"]?.stringValue ?? "bearer", expiresIn: lifetime,
            refreshToken: refresh, scope: json["scope"]?.stringValue ?? "",
            username: json["username"]?.stringValue, printedCardNumber: json["printedCardNumber"]?.stringValue,
            receivedAt: expiresAt.addingTimeInterval(-TimeInterval(lifetime)))
    }
}

/// The last device attachment the server confirmed (spec §3.6); informational only.
enum PushRecord {
    static func keyPrefix(merchantId: Int) -> String { "paytronix.push.\(merchantId)." }
    static func key(merchantId: Int, appIdentifier: String) -> String {
        keyPrefix(merchantId: merchantId) + appIdentifier
    }

    static func save(
        accountCode: String, printedCardNumber: String?, at date: Date, merchantId: Int,
        appIdentifier: String, to store: PersistentStore
    ) {
        let record: JSONValue = [
            "accountCode": .string(accountCode), "printedCardNumber": .from(printedCardNumber),
            "confirmedAt": .string(ISO8601.format(date)),
        ]
        store.set(record.serializedData(), forKey: key(merchantId: merchantId, appIdentifier: appIdentifier))
    }
}
