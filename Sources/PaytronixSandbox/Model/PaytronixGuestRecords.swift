import CommerceCore
import Foundation
import GRDB

// The rows that describe a guest: the loyalty account, its cards, the enrolled user, tokens and devices.
// `PaytronixGuestStore` is the only code that reads or writes them. Each record spells its column names out in
// `CodingKeys`, so `Columns` (and the query interface's `$0.column` closures) are typed by those keys.

/// A loyalty account: a `paytronix_accounts` row. Ids are allocated by the store (the highest plus one).
struct PaytronixAccountRecord: Codable, Sendable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "paytronix_accounts"
    var id: Int64
    var merchantId: Int64
    var cardTemplateCode: Int64
    /// `ACTIVE` or `DISABLED`.
    var status: String
    /// `REGISTERED` or `UNREGISTERED`.
    var registrationStatus: String
    /// `yyyy-MM-dd`, set on registration.
    var enrollDate: String?
    var favoriteStoreCode: String?
    var enrollmentStoreCode: String?

    enum CodingKeys: String, CodingKey {
        case id, status
        case merchantId = "merchant_id"
        case cardTemplateCode = "card_template_code"
        case registrationStatus = "registration_status"
        case enrollDate = "enroll_date"
        case favoriteStoreCode = "favorite_store_code"
        case enrollmentStoreCode = "enrollment_store_code"
    }

    enum Columns {
        static let id = Column(CodingKeys.id)
        static let merchantId = Column(CodingKeys.merchantId)
        static let cardTemplateCode = Column(CodingKeys.cardTemplateCode)
        static let status = Column(CodingKeys.status)
        static let registrationStatus = Column(CodingKeys.registrationStatus)
        static let enrollDate = Column(CodingKeys.enrollDate)
        static let favoriteStoreCode = Column(CodingKeys.favoriteStoreCode)
        static let enrollmentStoreCode = Column(CodingKeys.enrollmentStoreCode)
    }
}

/// A printed or virtual card of an account: a `paytronix_cards` row.
struct PaytronixCardRecord: Codable, Sendable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "paytronix_cards"
    var printedCardNumber: String
    var merchantId: Int64
    var accountId: Int64
    var registrationCode: String
    var status: String
    var isPrimary: Bool

    enum CodingKeys: String, CodingKey {
        case status
        case printedCardNumber = "printed_card_number"
        case merchantId = "merchant_id"
        case accountId = "account_id"
        case registrationCode = "registration_code"
        case isPrimary = "is_primary"
    }

    enum Columns {
        static let printedCardNumber = Column(CodingKeys.printedCardNumber)
        static let merchantId = Column(CodingKeys.merchantId)
        static let accountId = Column(CodingKeys.accountId)
        static let registrationCode = Column(CodingKeys.registrationCode)
        static let status = Column(CodingKeys.status)
        static let isPrimary = Column(CodingKeys.isPrimary)
    }

    /// The card as account information lists it (the masked number is the last six digits).
    var wireObject: JSONValue {
        [
            "printedCardNumber": .string(printedCardNumber),
            "maskedCardNumber": .string(String(printedCardNumber.suffix(6))),
            "status": .string(status),
        ]
    }
}

/// The enrolled guest of an account, with a salted password hash: a `paytronix_users` row.
struct PaytronixUserRecord: Codable, Sendable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "paytronix_users"
    /// The table has no foreign key, so the association names the column that links a guest to its account.
    static let account = belongsTo(PaytronixAccountRecord.self, using: ForeignKey([Columns.accountId]))
    var id: Int64?
    var merchantId: Int64
    var accountId: Int64
    /// Empty when the merchant enrolls guests without one.
    var username: String
    /// The lowercased username that logins match on (unique per merchant).
    var usernameKey: String
    var passwordSalt: String
    var passwordHash: String
    var email: String?
    var mobilePhone: String?
    var phone: String?
    var firstName: String?
    var lastName: String?
    var dateOfBirth: String?
    var postalCode: String?
    var optIn: Bool?

    enum CodingKeys: String, CodingKey {
        case id, username, email, phone
        case merchantId = "merchant_id"
        case accountId = "account_id"
        case usernameKey = "username_key"
        case passwordSalt = "password_salt"
        case passwordHash = "password_hash"
        case mobilePhone = "mobile_phone"
        case firstName = "first_name"
        case lastName = "last_name"
        case dateOfBirth = "date_of_birth"
        case postalCode = "postal_code"
        case optIn = "opt_in"
    }

    enum Columns {
        static let id = Column(CodingKeys.id)
        static let merchantId = Column(CodingKeys.merchantId)
        static let accountId = Column(CodingKeys.accountId)
        static let username = Column(CodingKeys.username)
        static let usernameKey = Column(CodingKeys.usernameKey)
        static let passwordSalt = Column(CodingKeys.passwordSalt)
        static let passwordHash = Column(CodingKeys.passwordHash)
        static let email = Column(CodingKeys.email)
        static let mobilePhone = Column(CodingKeys.mobilePhone)
        static let phone = Column(CodingKeys.phone)
        static let firstName = Column(CodingKeys.firstName)
        static let lastName = Column(CodingKeys.lastName)
        static let dateOfBirth = Column(CodingKeys.dateOfBirth)
        static let postalCode = Column(CodingKeys.postalCode)
        static let optIn = Column(CodingKeys.optIn)
    }
}

/// An OAuth access or refresh token: a `paytronix_tokens` row.
struct PaytronixTokenRecord: Codable, Sendable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "paytronix_tokens"
    var token: String
    /// `access` or `refresh`.
    var kind: String
    var clientId: String
    var merchantId: Int64
    var userId: Int64
    /// Space-separated scopes.
    var scope: String
    var issuedAt: Double
    var expiresAt: Double
    var revoked: Bool

    enum CodingKeys: String, CodingKey {
        case token, kind, scope, revoked
        case clientId = "client_id"
        case merchantId = "merchant_id"
        case userId = "user_id"
        case issuedAt = "issued_at"
        case expiresAt = "expires_at"
    }

    enum Columns {
        static let token = Column(CodingKeys.token)
        static let kind = Column(CodingKeys.kind)
        static let clientId = Column(CodingKeys.clientId)
        static let merchantId = Column(CodingKeys.merchantId)
        static let userId = Column(CodingKeys.userId)
        static let scope = Column(CodingKeys.scope)
        static let issuedAt = Column(CodingKeys.issuedAt)
        static let expiresAt = Column(CodingKeys.expiresAt)
        static let revoked = Column(CodingKeys.revoked)
    }
}

extension DerivableRequest<PaytronixTokenRecord> {
    /// Tokens neither revoked nor expired at `now`.
    func live(at now: Date) -> Self {
        filter { $0.revoked == false }.filter { $0.expiresAt > now.timeIntervalSince1970 }
    }
}

/// A device (push token) linked to an account, and where it went when it was removed or moved: a
/// `paytronix_external_accounts` row.
struct PaytronixExternalAccountRecord: Codable, Sendable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "paytronix_external_accounts"
    var id: Int64?
    var merchantId: Int64
    var accountId: Int64
    var accountCode: String
    var appIdentifier: String
    var integration: String
    var integrationDetail: String
    /// `attached`, `removed` or `moved`.
    var state: String
    var movedTo: Int64?
    var createdAt: Double
    var updatedAt: Double

    enum CodingKeys: String, CodingKey {
        case id, integration, state
        case merchantId = "merchant_id"
        case accountId = "account_id"
        case accountCode = "account_code"
        case appIdentifier = "app_identifier"
        case integrationDetail = "integration_detail"
        case movedTo = "moved_to"
        case createdAt = "created_at"
        case updatedAt = "updated_at"
    }

    enum Columns {
        static let id = Column(CodingKeys.id)
        static let merchantId = Column(CodingKeys.merchantId)
        static let accountId = Column(CodingKeys.accountId)
        static let accountCode = Column(CodingKeys.accountCode)
        static let appIdentifier = Column(CodingKeys.appIdentifier)
        static let integration = Column(CodingKeys.integration)
        static let integrationDetail = Column(CodingKeys.integrationDetail)
        static let state = Column(CodingKeys.state)
        static let movedTo = Column(CodingKeys.movedTo)
        static let createdAt = Column(CodingKeys.createdAt)
        static let updatedAt = Column(CodingKeys.updatedAt)
    }

    /// The external account as the REST API lists it.
    var wireObject: JSONValue {
        [
            "appIdentifier": .string(appIdentifier), "accountCode": .string(accountCode),
            "integrationDetail": .string(integrationDetail), "integration": .string(integration),
        ]
    }
}

extension DerivableRequest<PaytronixExternalAccountRecord> {
    /// Devices still linked to their account (neither removed nor moved).
    func attached() -> Self { filter { $0.state == "attached" } }

    /// One device token (`accountCode`) of one app.
    func device(code: String, app: String) -> Self {
        filter { $0.accountCode == code }.filter { $0.appIdentifier == app }
    }
}
