import Foundation

/// A value guarded by a lock, so classes that hold mutable state can be `Sendable` without an actor hop
/// (the seeds' model types are classes that code mutates through `let` bindings). The one lock of the
/// package: client modules, the sandbox, tests and tools all use it (`Mutex` needs macOS 15 / iOS 18).
/// `package` because apps have no use for it.
///
/// `Value` must be `Sendable` because values leave the lock (`current`, `withLock`'s result, the subscript):
/// a non-`Sendable` value read out here could then be used on two threads at once.
// @unchecked: `value` is only read or written while `lock` is held.
package final class Locked<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    package init(_ value: Value) { self.value = value }

    /// Runs `body` with the lock held. `body` must not call back into this box (the lock is not recursive)
    /// and must not block on work that needs it.
    @discardableResult
    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }

    package var current: Value { withLock { $0 } }

    package func get() -> Value { current }

    package func set(_ newValue: Value) { withLock { $0 = newValue } }

    /// One field of a struct value, for classes whose settable properties all forward to one box.
    package subscript<Field: Sendable>(field: WritableKeyPath<Value, Field>) -> Field {
        get { withLock { $0[keyPath: field] } }
        set { withLock { $0[keyPath: field] = newValue } }
    }
}
