import Foundation
import Logging

extension GraphQL {
    /// Called with `(typeName, fieldName)` whenever app code reads a property whose field the query did
    /// not select. The read itself returns a neutral value instead of trapping; this hook makes the
    /// mistake visible. The default logs a warning. Safe to set from any thread.
    public static var fieldAccessObserver: @Sendable (String, String) -> Void {
        get { ObserverBox.shared.get() }
        set { ObserverBox.shared.set(newValue) }
    }

    static func reportUnqueriedAccess(type: String, field: String) {
        fieldAccessObserver(type, field)
    }
}

private final class ObserverBox: @unchecked Sendable {
    static let shared = ObserverBox()
    private static let logger = Logger(label: "CommerceKit.Buy")

    private let lock = NSLock()
    private var observer: @Sendable (String, String) -> Void = { type, field in
        ObserverBox.logger.warning("Read \(type).\(field), which the query did not select; returning a neutral value.")
    }

    func get() -> @Sendable (String, String) -> Void {
        lock.lock()
        defer { lock.unlock() }
        return observer
    }

    func set(_ observer: @escaping @Sendable (String, String) -> Void) {
        lock.lock()
        defer { lock.unlock() }
        self.observer = observer
    }
}
