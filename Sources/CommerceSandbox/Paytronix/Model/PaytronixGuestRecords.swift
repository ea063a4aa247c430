import CommerceCore
import GRDB

// The rows that describe a guest: the loyalty account, its cards, the enrolled user, tokens and devices.

/// A loyalty account: a `paytronix_accounts` row. Ids are allocated by the store (the highest plus one).
struct PaytronixAccount: SandboxRecord {
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
}

/// A printed or virtual card of an account: a `paytronix_cards` row.
struct PaytronixCard: SandboxRecord {
    static let databaseTableName = "paytronix_cards"
    var printedCardNumber: String
    var merchantId: Int64
    var accountId: Int64
    var registrationCode: String
    var status: String
    var isPrimary: Bool

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
struct PaytronixUser: SandboxRecord {
    static let databaseTableName = "paytronix_users"
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
}

/// An OAuth access or refresh token: a `paytronix_tokens` row.
struct PaytronixToken: SandboxRecord {
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
}

/// A device (push token) linked to an account, and where it went when it was removed or moved: a
/// `paytronix_external_accounts` row.
struct PaytronixExternalAccount: SandboxRecord {
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

    /// The external account as the REST API lists it.
    var wireObject: JSONValue {
        [
            "appIdentifier": .string(appIdentifier), "accountCode": .string(accountCode),
            "integrationDetail": .string(integrationDetail), "integration": .string(integration),
        ]
    }
}
