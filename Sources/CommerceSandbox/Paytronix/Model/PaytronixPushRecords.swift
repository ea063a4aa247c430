import GRDB

// The rows of the simulated push service: uploaded certificates, recorded deliveries, dead device tokens.

/// An uploaded push package (certificate) for one app and environment: a `paytronix_push_packages` row.
struct PaytronixPushPackage: SandboxRecord {
    static let databaseTableName = "paytronix_push_packages"
    var id: Int64?
    var merchantId: Int64
    var appIdentifier: String
    /// `development` or `production`.
    var environment: String
    /// `active`, `replaced` or `deleted`.
    var state: String
    var uploadedAt: Double
    /// When the certificate expires (epoch seconds).
    var notAfter: Double
    /// What the upload route answered about the package, as JSON text.
    var metadata: String
}

/// One simulated delivery to a device: a `paytronix_push_notifications` row. The columns are the filters of the
/// listing route; `record` is the delivery as it was reported, as JSON text.
struct PaytronixPushNotification: SandboxRecord {
    static let databaseTableName = "paytronix_push_notifications"
    var id: Int64?
    var notificationId: String
    var merchantId: Int64
    var printedCardNumber: String
    var appIdentifier: String
    var environment: String
    var accountCode: String
    /// `accepted` or `rejected`.
    var status: String
    var record: String
}

/// A device token that APNs is to answer `Unregistered` for: a `paytronix_unregistered_tokens` row.
struct PaytronixUnregisteredToken: SandboxRecord {
    static let databaseTableName = "paytronix_unregistered_tokens"
    var appIdentifier: String
    var accountCode: String
}
