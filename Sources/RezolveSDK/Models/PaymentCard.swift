import CommerceCore
import Foundation

/// A card in the customer's wallet.
///
/// A class because older Rezolve documentation fills a card in step by step. The plain card number (``pan``)
/// is write-only in spirit: it is kept in memory until the wallet encrypts it, never sent or logged in clear,
/// and never part of ``description``.
public final class PaymentCard: Sendable, CustomStringConvertible, CustomDebugStringConvertible {
    struct Fields: Sendable, Equatable {
        var id: String?
        var shortName = ""
        var type = ""
        var brand = ""
        var nameOnCard = ""
        var pan4 = ""
        var pan6 = ""
        var expiresOn = ""
        var validFrom = ""
        var addressId = ""
        var pan: String?
    }

    private let fields: Locked<Fields>

    /// Creates a card; for a new card set ``pan`` and ``expiresOn``, and leave `id` nil until the wallet stores it.
    public init(
        id: String? = nil, shortName: String = "", type: String = "", brand: String = "",
        nameOnCard: String = "", pan: String? = nil, pan4: String = "", pan6: String = "",
        expiresOn: String = "", validFrom: String = "", addressId: String = ""
    ) {
        fields = Locked(
            Fields(
                id: id, shortName: shortName, type: type, brand: brand, nameOnCard: nameOnCard,
                pan4: pan4, pan6: pan6, expiresOn: expiresOn, validFrom: validFrom,
                addressId: addressId, pan: pan))
    }

    init(fields: Fields) { self.fields = Locked(fields) }

    var snapshot: Fields { fields.get() }

    /// Assigned by the server; nil for a card not yet stored.
    public var id: String? {
        get { fields.get().id }
        set { fields.withLock { $0.id = newValue } }
    }
    /// The customer's own label for the card, such as `Work Visa`.
    public var shortName: String {
        get { fields.get().shortName }
        set { fields.withLock { $0.shortName = newValue } }
    }
    /// `credit` or `debit`.
    public var type: String {
        get { fields.get().type }
        set { fields.withLock { $0.type = newValue } }
    }
    /// Card network as Rezolve names it, such as `visa`.
    public var brand: String {
        get { fields.get().brand }
        set { fields.withLock { $0.brand = newValue } }
    }
    /// The cardholder's name as printed on the card.
    public var nameOnCard: String {
        get { fields.get().nameOnCard }
        set { fields.withLock { $0.nameOnCard = newValue } }
    }
    /// Another name for ``nameOnCard``.
    public var cardHolderName: String {
        get { nameOnCard }
        set { nameOnCard = newValue }
    }
    /// The last four digits.
    public var pan4: String {
        get { fields.get().pan4 }
        set { fields.withLock { $0.pan4 = newValue } }
    }
    /// The first six digits.
    public var pan6: String {
        get { fields.get().pan6 }
        set { fields.withLock { $0.pan6 = newValue } }
    }
    /// `MMYY`; `MM/YY` is accepted and normalised when sent.
    public var expiresOn: String {
        get { fields.get().expiresOn }
        set { fields.withLock { $0.expiresOn = newValue } }
    }
    /// `MMYY`; `MM/YY` is accepted and normalised when sent.
    public var validFrom: String {
        get { fields.get().validFrom }
        set { fields.withLock { $0.validFrom = newValue } }
    }
    /// Id of the address book entry used as the card's billing address.
    public var addressId: String {
        get { fields.get().addressId }
        set { fields.withLock { $0.addressId = newValue } }
    }
    /// The plain card number, only for creating or replacing a card. Never returned by the server.
    public var pan: String? {
        get { fields.get().pan }
        set { fields.withLock { $0.pan = newValue } }
    }

    /// A short line naming the card by id, brand, last four digits and expiry; never the full number.
    public var description: String {
        let card = fields.get()
        let number = card.pan4.isEmpty ? "" : " ••••\(card.pan4)"
        return "PaymentCard(id: \(card.id ?? "new"), \(card.brand)\(number), expires \(card.expiresOn))"
    }

    /// Same as ``description``, so the debugger never shows the full number either.
    public var debugDescription: String { description }
}

/// How a card arrives from the wallet routes; `pan` is never part of an answer.
struct PaymentCardWire: Decodable {
    let fields: PaymentCard.Fields

    enum CodingKeys: String, CodingKey {
        case id
        case shortName = "short_name"
        case type, brand
        case nameOnCard = "name_on_card"
        case pan4, pan6
        case expiresOn = "expires_on"
        case validFrom = "valid_from"
        case addressId = "address_id"
    }

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        var card = PaymentCard.Fields()
        card.id = try c.lenientString(.id)
        card.shortName = try c.decodeIfPresent(String.self, forKey: .shortName) ?? ""
        card.type = try c.decodeIfPresent(String.self, forKey: .type) ?? ""
        card.brand = try c.decodeIfPresent(String.self, forKey: .brand) ?? ""
        card.nameOnCard = try c.decodeIfPresent(String.self, forKey: .nameOnCard) ?? ""
        card.pan4 = try c.lenientString(.pan4) ?? ""
        card.pan6 = try c.lenientString(.pan6) ?? ""
        card.expiresOn = try c.lenientString(.expiresOn) ?? ""
        card.validFrom = try c.lenientString(.validFrom) ?? ""
        card.addressId = try c.lenientString(.addressId) ?? ""
        fields = card
    }

    var card: PaymentCard { PaymentCard(fields: fields) }
}

/// The wallet request body; `pan` is already ciphertext here.
struct PaymentCardBody: Encodable {
    let shortName: String
    let type: String
    let brand: String
    let nameOnCard: String
    let pan4: String
    let pan6: String
    let expiresOn: String
    let validFrom: String
    let addressId: String
    let pan: String?

    enum CodingKeys: String, CodingKey {
        case shortName = "short_name"
        case type, brand
        case nameOnCard = "name_on_card"
        case pan4, pan6
        case expiresOn = "expires_on"
        case validFrom = "valid_from"
        case addressId = "address_id"
        case pan
    }
}
