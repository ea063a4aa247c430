import CommerceCore

/// The caller each set of Order API credentials authenticated as last time, so a create can be judged before
/// the writer authenticates it again (see ``ButtonOrderDraft``). Only a hint: never an answer on its own.
final class ButtonCallerHints: Sendable {
    private let callers = Locked<[Key: ButtonCaller]>([:])
    /// Plenty for the keys of one sandbox; past it the hints start over rather than grow without bound.
    private static let capacity = 256

    private struct Key: Hashable {
        let key: String
        let requestedVersion: String?
    }

    func caller(for credentials: ButtonCredentials) -> ButtonCaller? {
        callers.withLock { $0[Key(key: credentials.key, requestedVersion: credentials.requestedVersion)] }
    }

    func remember(_ caller: ButtonCaller, for credentials: ButtonCredentials) {
        callers.withLock {
            if $0.count >= Self.capacity { $0.removeAll(keepingCapacity: true) }
            $0[Key(key: credentials.key, requestedVersion: credentials.requestedVersion)] = caller
        }
    }
}
