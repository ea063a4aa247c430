import Foundation

/// A value guarded by a lock, so classes that hold mutable state can be `Sendable` without an actor hop
/// (the seeds' model types are classes that code mutates through `let` bindings). One box for every client
/// module; `package` because apps have no use for it.
package final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    package init(_ value: Value) { self.value = value }

    @discardableResult
    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }

    package var current: Value { withLock { $0 } }

    package func get() -> Value { current }

    package func set(_ newValue: Value) { withLock { $0 = newValue } }
}
