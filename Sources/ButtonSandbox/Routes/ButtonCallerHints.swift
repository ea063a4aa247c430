import CommerceCore
import GRDB
import SandboxCore

/// The caller each set of Order API credentials authenticated as last time.
///
/// A create is judged before the writer is taken for the caller its credentials were last time (see
/// ``ButtonOrderDraft``). On the writer, the same remembered caller also stands in for the key lookup, but only
/// while no committed or pending change has touched an organisation or a key since it was read there
/// (``TableChangeCounter``): a new window, version or deleted key is seen by the very next request.
final class ButtonCallerHints: Sendable {
    /// A caller, and the generation of the account tables it was read under on the writer (`nil` when read
    /// while the writer's transaction had changed those tables: then it is only a hint).
    struct Hint: Sendable {
        let caller: ButtonCaller
        let generation: UInt64?
    }

    private let callers = Locked<[Key: Hint]>([:])
    private let accounts: TableChangeCounter
    /// Plenty for the keys of one sandbox; past it the hints start over rather than grow without bound.
    private static let capacity = 256

    private struct Key: Hashable {
        let key: String
        let requestedVersion: String?
    }

    init(database: SandboxDatabase) {
        accounts = TableChangeCounter(tables: ["button_organizations", "button_api_keys"], database: database)
    }

    func hint(for credentials: ButtonCredentials) -> Hint? {
        callers.withLock { $0[Key(key: credentials.key, requestedVersion: credentials.requestedVersion)] }
    }

    /// On the writer: the hint's caller while the account tables are as they were when it was read, else the
    /// caller read from `db` now (A2, H1), with the generation it can be trusted under.
    func authenticate(_ credentials: ButtonCredentials, hint: Hint?, in db: Database) throws -> Hint {
        let settled = accounts.settledGeneration
        if let hint, let generation = hint.generation, generation == settled { return hint }
        return Hint(caller: try credentials.caller(in: db), generation: settled)
    }

    func remember(_ hint: Hint, for credentials: ButtonCredentials) {
        callers.withLock {
            if $0.count >= Self.capacity { $0.removeAll(keepingCapacity: true) }
            $0[Key(key: credentials.key, requestedVersion: credentials.requestedVersion)] = hint
        }
    }
}
