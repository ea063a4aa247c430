import CommerceCore
import Foundation

/// Button's persisted client state, on top of a ``PersistentStore`` (namespace `button-merchant`).
/// Key names are 1.8.0's, so data migrated from its UserDefaults suite keeps its meaning.
struct ButtonStore: Sendable {
    static let namespace = "button-merchant"
    /// Everything `clearAllData()` and a `session_id: null` remove.
    static let clearedPrefix = "com.usebutton."
    static let attributionTokenKey = "com.usebutton.attribution-token"
    static let sessionIdKey = "com.usebutton.session-id"
    static let postInstallFetchedKey = "com.usebutton.post-install-fetched"
    /// Outside the cleared prefix on purpose: clearing data must not make the app look newly installed.
    static let firstSeenKey = "commercekit.button.first-seen"
    static let migratedKey = "commercekit.button.migrated"

    let store: PersistentStore

    var attributionToken: String? { store.string(forKey: Self.attributionTokenKey) }

    /// Stores `token` and returns the token it replaced, in one step so two callers cannot both see "new".
    @discardableResult
    func exchangeAttributionToken(_ token: String) -> String? {
        var previous: String?
        store.mutate { values in
            if case .string(let old)? = values[Self.attributionTokenKey] { previous = old }
            values[Self.attributionTokenKey] = .string(token)
        }
        return previous
    }

    /// Stores `token` only when no token is stored yet; returns whether it was stored.
    func storeAttributionTokenIfAbsent(_ token: String) -> Bool {
        var stored = false
        store.mutate { values in
            guard values[Self.attributionTokenKey] == nil else { return }
            values[Self.attributionTokenKey] = .string(token)
            stored = true
        }
        return stored
    }

    var sessionId: String? { store.string(forKey: Self.sessionIdKey) }

    var postInstallFetched: Bool { store.bool(forKey: Self.postInstallFetchedKey) }

    func setPostInstallFetched() { store.set(true, forKey: Self.postInstallFetchedKey) }

    /// Removes token, session and post-install flag in one write.
    func clearButtonData() { store.removeAll(withPrefix: Self.clearedPrefix) }

    /// The first time this store was used, written on the first read (the Linux install timestamp).
    func firstSeen(now: Date) -> Date {
        var result = now
        store.mutate { values in
            if case .string(let text)? = values[Self.firstSeenKey], let date = ISO8601.parse(text) {
                result = date
            } else {
                values[Self.firstSeenKey] = .string(ISO8601.format(now, fraction: .milliseconds))
            }
        }
        return result
    }

    /// Applies the server's session verdict from a mobile API response body: a string is stored, JSON
    /// `null` means the server dropped the session and every Button value is cleared, absence changes nothing.
    func applySession(fromResponseBody body: Data) {
        guard let json = try? JSONValue.parse(body), let sessionId = json["meta"]?["session_id"] else { return }
        switch sessionId {
        case .string(let value): store.set(value, forKey: Self.sessionIdKey)
        case .null: clearButtonData()
        default: break
        }
    }
}
