import Foundation
import GRDB

// The rows of customer accounts (spec §5.12): customers, their addresses, access tokens and single-use reset
// tokens. `StorefrontCustomerStore` is the only code that reads or writes them; `Columns` are typed by
// `CodingKeys`. Resolvers see ``CustomerRecord`` and ``AddressRecord``. Tokens are kept as SHA-256 hashes.

/// A `storefront_customers` row. The password is never kept, only a salted derived key.
struct StorefrontCustomerRecord: Codable, Sendable, FetchableRecord, MutablePersistableRecord {
    static let databaseTableName = "storefront_customers"
    var id: Int64?
    var shopId: Int64
    var email: String
    var firstName: String?
    var lastName: String?
    var phone: String?
    var acceptsMarketing: Bool
    var passwordSalt: String
    var passwordHash: String
    var defaultAddressId: Int64?
    var createdAt: Double
    var updatedAt: Double

    enum CodingKeys: String, CodingKey {
        case id, email, phone
        case shopId = "shop_id"
        case firstName = "first_name"
        case lastName = "last_name"
        case acceptsMarketing = "accepts_marketing"
        case passwordSalt = "password_salt"
        case passwordHash = "password_hash"
        case defaultAddressId = "default_address_id"
        case createdAt = "created_at"
        case updatedAt = "updated_at"
    }

    enum Columns {
        static let id = Column(CodingKeys.id)
        static let shopId = Column(CodingKeys.shopId)
        static let email = Column(CodingKeys.email)
        static let firstName = Column(CodingKeys.firstName)
        static let lastName = Column(CodingKeys.lastName)
        static let phone = Column(CodingKeys.phone)
        static let acceptsMarketing = Column(CodingKeys.acceptsMarketing)
        static let passwordSalt = Column(CodingKeys.passwordSalt)
        static let passwordHash = Column(CodingKeys.passwordHash)
        static let defaultAddressId = Column(CodingKeys.defaultAddressId)
        static let createdAt = Column(CodingKeys.createdAt)
        static let updatedAt = Column(CodingKeys.updatedAt)
    }

    mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }

    var customer: CustomerRecord {
        CustomerRecord(
            id: id ?? 0, shopID: shopId, email: email, firstName: firstName, lastName: lastName, phone: phone,
            acceptsMarketing: acceptsMarketing, defaultAddressID: defaultAddressId,
            createdAt: Date(timeIntervalSince1970: createdAt), updatedAt: Date(timeIntervalSince1970: updatedAt))
    }
}

/// A `storefront_customer_addresses` row; `country_code` holds the ISO code.
struct StorefrontCustomerAddressRecord: Codable, Sendable, FetchableRecord, MutablePersistableRecord {
    static let databaseTableName = "storefront_customer_addresses"
    var id: Int64?
    var customerId: Int64
    var address1: String?
    var address2: String?
    var city: String?
    var company: String?
    var countryCode: String?
    var firstName: String?
    var lastName: String?
    var phone: String?
    var province: String?
    var zip: String?
    var createdAt: Double

    enum CodingKeys: String, CodingKey {
        case id, address1, address2, city, company, phone, province, zip
        case customerId = "customer_id"
        case countryCode = "country_code"
        case firstName = "first_name"
        case lastName = "last_name"
        case createdAt = "created_at"
    }

    enum Columns {
        static let id = Column(CodingKeys.id)
        static let customerId = Column(CodingKeys.customerId)
        static let address1 = Column(CodingKeys.address1)
        static let address2 = Column(CodingKeys.address2)
        static let city = Column(CodingKeys.city)
        static let company = Column(CodingKeys.company)
        static let countryCode = Column(CodingKeys.countryCode)
        static let firstName = Column(CodingKeys.firstName)
        static let lastName = Column(CodingKeys.lastName)
        static let phone = Column(CodingKeys.phone)
        static let province = Column(CodingKeys.province)
        static let zip = Column(CodingKeys.zip)
        static let createdAt = Column(CodingKeys.createdAt)
        /// The address itself: what an update changes.
        static let values = [address1, address2, city, company, countryCode, firstName, lastName, phone, province, zip]
    }

    init(_ address: AddressRecord) {
        id = address.id == 0 ? nil : address.id
        customerId = address.customerID
        address1 = address.values["address1"]
        address2 = address.values["address2"]
        city = address.values["city"]
        company = address.values["company"]
        countryCode = address.values["country"]
        firstName = address.values["firstName"]
        lastName = address.values["lastName"]
        phone = address.values["phone"]
        province = address.values["province"]
        zip = address.values["zip"]
        createdAt = address.createdAt.timeIntervalSince1970
    }

    mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }

    /// Values by `MailingAddressInput` field name, only the ones present.
    var address: AddressRecord {
        let fields: [(String, String?)] = [
            ("address1", address1), ("address2", address2), ("city", city), ("company", company),
            ("country", countryCode), ("firstName", firstName), ("lastName", lastName), ("phone", phone),
            ("province", province), ("zip", zip),
        ]
        var values: [String: String] = [:]
        for (field, value) in fields { if let value { values[field] = value } }
        return AddressRecord(
            id: id ?? 0, customerID: customerId, values: values, createdAt: Date(timeIntervalSince1970: createdAt))
    }
}

/// A `storefront_customer_tokens` row: a customer access token's hash and expiry.
struct StorefrontCustomerTokenRecord: Codable, Sendable, FetchableRecord, MutablePersistableRecord {
    static let databaseTableName = "storefront_customer_tokens"
    var id: Int64?
    var customerId: Int64
    var tokenHash: String
    var expiresAt: Double
    var createdAt: Double

    enum CodingKeys: String, CodingKey {
        case id
        case customerId = "customer_id"
        case tokenHash = "token_hash"
        case expiresAt = "expires_at"
        case createdAt = "created_at"
    }

    enum Columns {
        static let id = Column(CodingKeys.id)
        static let customerId = Column(CodingKeys.customerId)
        static let tokenHash = Column(CodingKeys.tokenHash)
        static let expiresAt = Column(CodingKeys.expiresAt)
        static let createdAt = Column(CodingKeys.createdAt)
    }

    mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }
}

/// A `storefront_reset_tokens` row: a single-use password-reset or activation token's hash.
struct StorefrontResetTokenRecord: Codable, Sendable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "storefront_reset_tokens"
    var tokenHash: String
    var customerId: Int64
    var expiresAt: Double
    var usedAt: Double?

    enum CodingKeys: String, CodingKey {
        case tokenHash = "token_hash"
        case customerId = "customer_id"
        case expiresAt = "expires_at"
        case usedAt = "used_at"
    }

    enum Columns {
        static let tokenHash = Column(CodingKeys.tokenHash)
        static let customerId = Column(CodingKeys.customerId)
        static let expiresAt = Column(CodingKeys.expiresAt)
        static let usedAt = Column(CodingKeys.usedAt)
    }
}
