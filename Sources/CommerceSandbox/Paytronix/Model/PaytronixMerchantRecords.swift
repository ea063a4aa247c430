import GRDB

// The rows that configure a merchant: what a control route creates and the REST gateway checks against.

/// A `paytronix_merchants` row.
struct PaytronixMerchant: SandboxRecord {
    static let databaseTableName = "paytronix_merchants"
    var merchantId: Int64
    var name: String
}

/// A card template a merchant enrolls guests on: a `paytronix_card_templates` row.
struct PaytronixCardTemplate: SandboxRecord {
    static let databaseTableName = "paytronix_card_templates"
    var merchantId: Int64
    var code: Int64
    var label: String
}

/// One of a merchant's stores (shops, not storage): a `paytronix_stores` row.
struct PaytronixStoreLocation: SandboxRecord {
    static let databaseTableName = "paytronix_stores"
    var merchantId: Int64
    var code: String
    var label: String
}

/// One field of a merchant's enrollment configuration, in its configured position: a
/// `paytronix_enrollment_fields` row.
struct PaytronixEnrollmentField: SandboxRecord {
    static let databaseTableName = "paytronix_enrollment_fields"
    var merchantId: Int64
    var position: Int
    /// `user` or `account`: which field set the field belongs to.
    var type: String
    var field: String
    var required: Bool
    var minLength: Int?
}

/// An integration (OAuth client) of a merchant, with its salted secret and optional B2B login: a
/// `paytronix_integrations` row.
struct PaytronixIntegration: SandboxRecord {
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
}
