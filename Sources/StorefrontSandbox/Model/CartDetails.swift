import Foundation

/// What a 2026-04 cart carries beyond lines and buyer identity (spec §5.11): delivery addresses, the chosen
/// delivery option, billing address, gift cards, metafields and the payment. Stored whole as one JSON document in
/// `storefront_carts.details` (like a checkout's body): these parts are always read and written with the cart.
struct CartDetails: Codable, Sendable, Equatable {
    /// A selectable delivery address; `fields` use `MailingAddress` names (`country` and `province` hold codes),
    /// so ``CheckoutPricing/rates(for:)`` and the hosted checkout read them as they read a checkout's address.
    struct Address: Codable, Sendable, Equatable {
        let id: String
        var fields: [String: String]
        var selected: Bool
        var oneTimeUse: Bool
    }

    struct Metafield: Codable, Sendable, Equatable {
        let id: Int64
        let namespace: String
        let key: String
        var type: String
        var value: String
        let createdAt: Date
        var updatedAt: Date
    }

    /// What `cartPaymentUpdate` recorded; `sessionID` is a card vault session, `nil` for a free payment.
    struct Payment: Codable, Sendable, Equatable {
        let amountCents: Int64
        let currency: String
        let sessionID: String?
        let billingAddress: [String: String]
    }

    var addresses: [Address] = []
    /// The handle of the chosen option of the cart's one delivery group.
    var selectedDeliveryHandle: String?
    var billingAddress: [String: String]?
    /// Ids of the shop's gift cards, in the order they were applied.
    var giftCardIDs: [Int64] = []
    var metafields: [Metafield] = []
    var payment: Payment?
    /// Numbers the cart's addresses and metafields, so a removed one's id is never reused.
    var nextID: Int64 = 1

    init() {}

    // Each key may be missing: rows written before a part existed hold `{}`.
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        addresses = try container.decodeIfPresent([Address].self, forKey: .addresses) ?? []
        selectedDeliveryHandle = try container.decodeIfPresent(String.self, forKey: .selectedDeliveryHandle)
        billingAddress = try container.decodeIfPresent([String: String].self, forKey: .billingAddress)
        giftCardIDs = try container.decodeIfPresent([Int64].self, forKey: .giftCardIDs) ?? []
        metafields = try container.decodeIfPresent([Metafield].self, forKey: .metafields) ?? []
        payment = try container.decodeIfPresent(Payment.self, forKey: .payment)
        nextID = try container.decodeIfPresent(Int64.self, forKey: .nextID) ?? 1
    }

    /// The address the delivery group ships to: the selected one, else the first.
    var deliveryAddress: Address? { addresses.first { $0.selected } ?? addresses.first }

    mutating func takeID() -> Int64 {
        defer { nextID += 1 }
        return nextID
    }
}
