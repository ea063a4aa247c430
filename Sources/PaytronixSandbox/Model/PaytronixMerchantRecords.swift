import GRDB

// The rows that configure a merchant: what a control route creates and the REST gateway checks against.
// `PaytronixMerchantStore` is the only code that reads or writes them; `Columns` are typed by `CodingKeys`.

/// A `paytronix_merchants` row.
struct PaytronixMerchantRecord: Codable, Sendable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "paytronix_merchants"
    var merchantId: Int64
    var name: String

    enum CodingKeys: String, CodingKey {
        case name
        case merchantId = "merchant_id"
    }

    enum Columns {
        static let merchantId = Column(CodingKeys.merchantId)
        static let name = Column(CodingKeys.name)
    }
}

/// A card template a merchant enrolls guests on: a `paytronix_card_templates` row.
struct PaytronixCardTemplateRecord: Codable, Sendable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "paytronix_card_templates"
    var merchantId: Int64
    var code: Int64
    var label: String

    enum CodingKeys: String, CodingKey {
        case code, label
        case merchantId = "merchant_id"
    }

    enum Columns {
        static let merchantId = Column(CodingKeys.merchantId)
        static let code = Column(CodingKeys.code)
        static let label = Column(CodingKeys.label)
    }
}

/// One of a merchant's stores (shops, not storage): a `paytronix_stores` row.
struct PaytronixStoreLocationRecord: Codable, Sendable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "paytronix_stores"
    var merchantId: Int64
    var code: String
    var label: String

    enum CodingKeys: String, CodingKey {
        case code, label
        case merchantId = "merchant_id"
    }

    enum Columns {
        static let merchantId = Column(CodingKeys.merchantId)
        static let code = Column(CodingKeys.code)
        static let label = Column(CodingKeys.label)
    }
}

/// One field of a merchant's enrollment configuration, in its configured position: a
/// `paytronix_enrollment_fields` row.
struct PaytronixEnrollmentFieldRecord: Codable, Sendable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "paytronix_enrollment_fields"
    var merchantId: Int64
    var position: Int
    /// `user` or `account`: which field set the field belongs to.
    var type: String
    var field: String
    var required: Bool
    var minLength: Int?

    enum CodingKeys: String, CodingKey {
        case position, type, field, required
        case merchantId = "merchant_id"
        case minLength = "min_length"
    }

    enum Columns {
        static let merchantId = Column(CodingKeys.merchantId)
        static let position = Column(CodingKeys.position)
        static let type = Column(CodingKeys.type)
        static let field = Column(CodingKeys.field)
        static let required = Column(CodingKeys.required)
        static let minLength = Column(CodingKeys.minLength)
    }
}

/// An integration (OAuth client) of a merchant, with its salted secret and optional B2B login: a
/// `paytronix_integrations` row.
struct PaytronixIntegrationRecord: Codable, Sendable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "paytronix_integrations"
    var clientId: String
    var merchantId: Int64
    var secretSalt: String
    var secretHash: String
    /// `ios`, `android` or `server`.
    var platform: String
    var b2bUsername: String?
    var b2bSalt: String?
    var b2bPasswordHash: String?

    enum CodingKeys: String, CodingKey {
        case platform
        case clientId = "client_id"
        case merchantId = "merchant_id"
        case secretSalt = "secret_salt"
        case secretHash = "secret_hash"
        case b2bUsername = "b2b_username"
        case b2bSalt = "b2b_salt"
        case b2bPasswordHash = "b2b_password_hash"
    }

    enum Columns {
        static let clientId = Column(CodingKeys.clientId)
        static let merchantId = Column(CodingKeys.merchantId)
        static let secretSalt = Column(CodingKeys.secretSalt)
        static let secretHash = Column(CodingKeys.secretHash)
        static let platform = Column(CodingKeys.platform)
        static let b2bUsername = Column(CodingKeys.b2bUsername)
        static let b2bSalt = Column(CodingKeys.b2bSalt)
        static let b2bPasswordHash = Column(CodingKeys.b2bPasswordHash)
    }
}
