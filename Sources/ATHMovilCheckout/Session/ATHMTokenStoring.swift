import CommerceCore
import Foundation

/// Where the `auth_token` of the payment being processed is kept between registration and authorization.
public protocol ATHMTokenStoring: Sendable {
    func read() -> String?
    func save(_ token: String) throws
    func delete()
}

/// Keeps the token in a ``PersistentStore`` (owner-only file, atomic writes): the default off Apple platforms.
public struct ATHMPersistentTokenStore: ATHMTokenStoring {
    /// The store key, `athm_checkout/authToken`.
    public static let key = "athm_checkout/authToken"
    public let store: PersistentStore

    /// - Parameter store: defaults to the platform's CommerceKit directory, namespace `athm_checkout`.
    public init(store: PersistentStore = .standard(namespace: "athm_checkout")) {
        self.store = store
    }

    public func read() -> String? { store.string(forKey: Self.key) }
    public func save(_ token: String) throws { store.set(token, forKey: Self.key) }
    public func delete() { store.removeValue(forKey: Self.key) }
}

/// Keeps the token in memory only: for tests and for processes that must not write files.
public final class ATHMInMemoryTokenStore: ATHMTokenStoring, @unchecked Sendable {
    private let lock = NSLock()
    private var token: String?

    public init(token: String? = nil) { self.token = token }

    public func read() -> String? { lock.withLock { token } }
    public func save(_ token: String) throws { lock.withLock { self.token = token } }
    public func delete() { lock.withLock { token = nil } }
}
