import Foundation

/// A value guarded by a lock. The public model types are classes that 1.8.0 code mutates through `let`
/// bindings, so they cannot be value types; this box is what makes them safe to share across threads.
final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) { self.value = value }

    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock(); defer { lock.unlock() }
        return try body(&value)
    }

    var current: Value { withLock { $0 } }
}
