import Foundation

/// A struct of fields behind one lock, read and written one key path at a time. The public model classes
/// are mutated through `let` bindings from any thread (the published SDK's API), so their settable
/// properties forward here instead of each repeating the lock dance.
final class LockedFields<Fields>: @unchecked Sendable {
    private let lock = NSLock()
    private var fields: Fields

    init(_ fields: Fields) {
        self.fields = fields
    }

    subscript<Value>(field: WritableKeyPath<Fields, Value>) -> Value {
        get { lock.withLock { fields[keyPath: field] } }
        set { lock.withLock { fields[keyPath: field] = newValue } }
    }
}
