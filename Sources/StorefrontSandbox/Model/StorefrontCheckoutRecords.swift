import Foundation
import GRDB
import SandboxCore

// The rows of checkouts, their payments and the vaulted cards that pay them (spec §5.8, §5.10, §5.13).
// `StorefrontCheckoutStore` and `StorefrontPaymentStore` are the only code that reads or writes them; `Columns`
// are typed by `CodingKeys`. A checkout and a payment keep their evolving state as one JSON document in `body`
// (``CheckoutRecord`` and ``PaymentRecord`` as `JSONEncoder` writes them); the columns beside it are looked up.

/// A `storefront_checkouts` row.
struct StorefrontCheckoutRecord: Codable, Sendable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "storefront_checkouts"
    var token: String
    var shopId: Int64
    /// The checkout's status (``CheckoutRecord/Status``), beside the document for lookups.
    var state: String
    var body: String
    var createdAt: Double

    enum CodingKeys: String, CodingKey {
        case token, state, body
        case shopId = "shop_id"
        case createdAt = "created_at"
    }

    enum Columns {
        static let token = Column(CodingKeys.token)
        static let shopId = Column(CodingKeys.shopId)
        static let state = Column(CodingKeys.state)
        static let body = Column(CodingKeys.body)
        static let createdAt = Column(CodingKeys.createdAt)
    }

    init(_ checkout: CheckoutRecord) throws {
        token = checkout.token
        shopId = checkout.shopID
        state = checkout.status.rawValue
        body = String(decoding: try JSONEncoder().encode(checkout), as: UTF8.self)
        createdAt = checkout.createdAt.timeIntervalSince1970
    }

    /// The checkout document; one that does not decode is a corrupt row.
    func checkout() throws(CorruptRow) -> CheckoutRecord {
        do { return try JSONDecoder().decode(CheckoutRecord.self, from: Data(body.utf8)) } catch {
            throw CorruptRow(table: Self.databaseTableName, id: token, column: CodingKeys.body.stringValue)
        }
    }
}

/// A `storefront_payments` row, unique per checkout and idempotency key (P12).
struct StorefrontPaymentRecord: Codable, Sendable, FetchableRecord, MutablePersistableRecord {
    static let databaseTableName = "storefront_payments"
    var id: Int64?
    var checkoutToken: String
    var idempotencyKey: String
    var body: String
    var createdAt: Double

    enum CodingKeys: String, CodingKey {
        case id, body
        case checkoutToken = "checkout_token"
        case idempotencyKey = "idempotency_key"
        case createdAt = "created_at"
    }

    enum Columns {
        static let id = Column(CodingKeys.id)
        static let checkoutToken = Column(CodingKeys.checkoutToken)
        static let idempotencyKey = Column(CodingKeys.idempotencyKey)
        static let body = Column(CodingKeys.body)
        static let createdAt = Column(CodingKeys.createdAt)
    }

    /// A row for `payment`: a new one (no id yet) when `payment.id` is 0.
    init(_ payment: PaymentRecord) throws {
        id = payment.id == 0 ? nil : payment.id
        checkoutToken = payment.checkoutToken
        idempotencyKey = payment.idempotencyKey
        body = String(decoding: try JSONEncoder().encode(payment), as: UTF8.self)
        createdAt = payment.createdAt.timeIntervalSince1970
    }

    mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }

    /// The payment document, with this row's id; one that does not decode is a corrupt row.
    func payment() throws(CorruptRow) -> PaymentRecord {
        let rowID = id ?? 0
        do {
            var payment = try JSONDecoder().decode(PaymentRecord.self, from: Data(body.utf8))
            payment.id = rowID
            return payment
        } catch {
            throw CorruptRow(table: Self.databaseTableName, id: String(rowID), column: CodingKeys.body.stringValue)
        }
    }
}

/// A `storefront_vault_sessions` row: what completion decides on about a vaulted card, never its number or CVV.
struct StorefrontVaultSessionRecord: Codable, Sendable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "storefront_vault_sessions"
    var token: String
    var brand: String
    var lastDigits: String
    var numberValid: Bool
    /// A ``VaultSession/Outcome`` raw value.
    var outcome: String
    var firstName: String
    var lastName: String
    var month: String
    var year: String
    var hasCVV: Bool
    var createdAt: Double
    var usedAt: Double?

    enum CodingKeys: String, CodingKey {
        case token, brand, outcome, month, year
        case lastDigits = "last_digits"
        case numberValid = "number_valid"
        case firstName = "first_name"
        case lastName = "last_name"
        case hasCVV = "has_cvv"
        case createdAt = "created_at"
        case usedAt = "used_at"
    }

    enum Columns {
        static let token = Column(CodingKeys.token)
        static let brand = Column(CodingKeys.brand)
        static let lastDigits = Column(CodingKeys.lastDigits)
        static let numberValid = Column(CodingKeys.numberValid)
        static let outcome = Column(CodingKeys.outcome)
        static let firstName = Column(CodingKeys.firstName)
        static let lastName = Column(CodingKeys.lastName)
        static let month = Column(CodingKeys.month)
        static let year = Column(CodingKeys.year)
        static let hasCVV = Column(CodingKeys.hasCVV)
        static let createdAt = Column(CodingKeys.createdAt)
        static let usedAt = Column(CodingKeys.usedAt)
    }

    init(_ session: VaultSession) {
        token = session.token
        brand = session.brand
        lastDigits = session.lastDigits
        numberValid = session.numberValid
        outcome = session.outcome.rawValue
        firstName = session.firstName
        lastName = session.lastName
        month = session.month
        year = session.year
        hasCVV = session.hasCVV
        createdAt = session.createdAt.timeIntervalSince1970
        usedAt = session.usedAt?.timeIntervalSince1970
    }

    /// The session; an outcome the sandbox never writes is a corrupt row (it must not read as an approval).
    func session() throws(CorruptRow) -> VaultSession {
        guard let outcome = VaultSession.Outcome(rawValue: outcome) else {
            throw CorruptRow(table: Self.databaseTableName, id: token, column: CodingKeys.outcome.stringValue)
        }
        return VaultSession(
            token: token, brand: brand, lastDigits: lastDigits, numberValid: numberValid, outcome: outcome,
            firstName: firstName, lastName: lastName, month: month, year: year, hasCVV: hasCVV,
            createdAt: Date(timeIntervalSince1970: createdAt), usedAt: usedAt.map(Date.init(timeIntervalSince1970:)))
    }
}
