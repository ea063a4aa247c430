import CommerceCore
import Foundation

/// Holds the facade's core: built lazily with production dependencies, replaced by the test seam.
final class CoreHolder: Sendable {
    static let shared = CoreHolder()

    private let current = Locked<ButtonCore?>(nil)

    /// The running core, creating the production one on first use.
    var core: ButtonCore {
        current.withLock { core in
            if let core { return core }
            let created = ButtonCore(.production())
            core = created
            return created
        }
    }

    func replace(with core: ButtonCore) {
        current.withLock { $0 = core }
    }
}
