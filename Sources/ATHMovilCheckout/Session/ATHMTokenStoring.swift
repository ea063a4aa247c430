import CommerceCore
import Foundation

/// Where the `auth_token` of the payment being processed is kept between registration and authorization.
public protocol ATHMTokenStoring: Sendable {
    /// The saved token, or nil when none is saved.
    func read() -> String?
    /// Saves `token`, replacing any earlier one.
    func save(_ token: String) throws
    /// Forgets the saved token once the payment is settled.
    func delete()
}

/// Keeps the token in a CommerceCore `PersistentStore` (owner-only file, atomic writes): the default off Apple platforms.
public struct ATHMPersistentTokenStore: ATHMTokenStoring {
    /// The store key, `athm_checkout/authToken`.
    public static let key = "athm_checkout/authToken"
    /// The key-value store the token lives in.
    public let store: PersistentStore

    /// - Parameter store: defaults to the platform's CommerceKit directory, namespace `athm_checkout`.
    public init(store: PersistentStore = .standard(namespace: "athm_checkout")) {
        self.store = store
    }

    /// The token under ``key``, or nil.
    public func read() -> String? { store.string(forKey: Self.key) }
    /// Writes `token` under ``key``.
    public func save(_ token: String) throws { store.set(token, forKey: Self.key) }
    /// Removes ``key`` from the store.
    public func delete() { store.removeValue(forKey: Self.key) }
}

/// Keeps the token in memory only: for tests and for processes that must not write files.
public final class ATHMInMemoryTokenStore: ATHMTokenStoring {
    private let token: Locked<String?>

    /// Creates a store, optionally already holding `token`.
    public init(token: String? = nil) { self.token = Locked(token) }

    /// The token held, or nil.
    public func read() -> String? { token.current }
    /// Holds `token`, replacing any earlier one.
    public func save(_ token: String) throws { self.token.set(token) }
    /// Drops the token held.
    public func delete() { token.set(nil) }
}
