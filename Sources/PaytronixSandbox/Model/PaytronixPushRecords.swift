import CommerceCore
import GRDB
import SandboxCore

// The rows of the simulated push service: uploaded certificates, recorded deliveries, dead device tokens.
// `PaytronixPushStore` is the only code that reads or writes them; `Columns` are typed by `CodingKeys`.

/// An uploaded push package (certificate) for one app and environment: a `paytronix_push_packages` row.
struct PaytronixPushPackageRecord: Codable, Sendable, FetchableRecord, PersistableRecord {
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
    /// What the upload route answered about the package, as JSON text; read it with ``metadataObject()``.
    var metadata: String

    enum CodingKeys: String, CodingKey {
        case id, environment, state, metadata
        case merchantId = "merchant_id"
        case appIdentifier = "app_identifier"
        case uploadedAt = "uploaded_at"
        case notAfter = "not_after"
    }

    enum Columns {
        static let id = Column(CodingKeys.id)
        static let merchantId = Column(CodingKeys.merchantId)
        static let appIdentifier = Column(CodingKeys.appIdentifier)
        static let environment = Column(CodingKeys.environment)
        static let state = Column(CodingKeys.state)
        static let uploadedAt = Column(CodingKeys.uploadedAt)
        static let notAfter = Column(CodingKeys.notAfter)
        static let metadata = Column(CodingKeys.metadata)
    }

    /// The stored metadata. The upload route only ever writes an object, so anything else is a corrupt row.
    func metadataObject() throws(CorruptRow) -> JSONObject {
        let corrupt = CorruptRow(
            table: Self.databaseTableName, id: id.map(String.init) ?? "?", column: CodingKeys.metadata.stringValue)
        do {
            guard let object = try JSONValue.parse(metadata).objectValue else { throw corrupt }
            return object
        } catch {
            throw corrupt
        }
    }
}

/// One simulated delivery to a device: a `paytronix_push_notifications` row. The columns are the filters of the
/// listing route; `record` is the delivery as it was reported, as JSON text.
struct PaytronixPushNotificationRecord: Codable, Sendable, FetchableRecord, PersistableRecord {
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

    enum CodingKeys: String, CodingKey {
        case id, environment, status, record
        case notificationId = "notification_id"
        case merchantId = "merchant_id"
        case printedCardNumber = "printed_card_number"
        case appIdentifier = "app_identifier"
        case accountCode = "account_code"
    }

    enum Columns {
        static let id = Column(CodingKeys.id)
        static let notificationId = Column(CodingKeys.notificationId)
        static let merchantId = Column(CodingKeys.merchantId)
        static let printedCardNumber = Column(CodingKeys.printedCardNumber)
        static let appIdentifier = Column(CodingKeys.appIdentifier)
        static let environment = Column(CodingKeys.environment)
        static let accountCode = Column(CodingKeys.accountCode)
        static let status = Column(CodingKeys.status)
        static let record = Column(CodingKeys.record)
    }

    /// The delivery as `POST /sandbox/paytronix/push/send` reported it; text that is not JSON is a corrupt row.
    func report() throws(CorruptRow) -> JSONValue {
        do {
            return try JSONValue.parse(record)
        } catch {
            throw CorruptRow(
                table: Self.databaseTableName, id: id.map(String.init) ?? "?", column: CodingKeys.record.stringValue)
        }
    }
}

/// A device token that APNs is to answer `Unregistered` for: a `paytronix_unregistered_tokens` row.
struct PaytronixUnregisteredTokenRecord: Codable, Sendable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "paytronix_unregistered_tokens"
    var appIdentifier: String
    var accountCode: String

    enum CodingKeys: String, CodingKey {
        case appIdentifier = "app_identifier"
        case accountCode = "account_code"
    }

    enum Columns {
        static let appIdentifier = Column(CodingKeys.appIdentifier)
        static let accountCode = Column(CodingKeys.accountCode)
    }
}
