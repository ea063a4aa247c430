import CommerceCore
import Foundation
import Logging

extension GraphQL {
    /// Called with `(typeName, fieldName)` whenever app code reads a property whose field the query did
    /// not select. The read itself returns a neutral value instead of trapping; this hook makes the
    /// mistake visible. The default logs a warning. Safe to set from any thread.
    public static var fieldAccessObserver: @Sendable (String, String) -> Void {
        get { ObserverBox.shared.current }
        set { ObserverBox.shared.set(newValue) }
    }

    static func reportUnqueriedAccess(type: String, field: String) {
        fieldAccessObserver(type, field)
    }
}

/// The observer every thread reads, behind a lock; it starts as a logged warning.
private enum ObserverBox {
    private static let logger = Logger(label: "CommerceKit.Buy")

    static let shared = Locked<@Sendable (String, String) -> Void> { type, field in
        ObserverBox.logger.warning("Read \(type).\(field), which the query did not select; returning a neutral value.")
    }
}
