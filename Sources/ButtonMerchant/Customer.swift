import CommerceCore
import Foundation

/// The customer attached to an ``Order``.
public final class Customer: Sendable {
    /// Your identifier for the customer.
    public let id: String
    private let newCustomer = Locked<Bool?>(nil)

    /// A customer known by your own identifier.
    public init(id: String) {
        self.id = id
    }

    /// Whether this is the customer's first order with you; sent as `is_new` when set.
    public var isNew: Bool? {
        get { newCustomer.current }
        set { newCustomer.withLock { $0 = newValue } }
    }

    /// Kept for source compatibility only: the library no longer sends e-mail addresses, so this always
    /// reads `nil` and ignores writes.
    @available(*, deprecated, message: "E-mail addresses are no longer sent; this property has no effect.")
    public var email: String? {
        get { nil }
        set {}
    }
}
