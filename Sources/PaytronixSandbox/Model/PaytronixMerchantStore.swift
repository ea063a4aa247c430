import Foundation
import GRDB

/// Reads and writes of a merchant's configuration: the merchant, its card templates, stores, enrollment fields
/// and integrations. Every function runs inside the caller's transaction.
enum PaytronixMerchantStore {
    static let defaultMerchantId: Int64 = 777777

    static let defaultEnrollmentFields: [(String, String, Bool, Int?)] = [
        ("user", "username", true, 3), ("user", "password", true, 6), ("user", "mobilePhone", false, 7),
        ("user", "email", false, nil), ("account", "favoriteStore", false, nil),
    ]

    // MARK: Merchants

    static func merchantExists(_ db: Database, _ id: Int64) throws -> Bool {
        try PaytronixMerchantRecord.exists(db, key: id)
    }

    /// The highest merchant id in use, if any.
    static func highestMerchantId(_ db: Database) throws -> Int64? {
        try PaytronixMerchantRecord.select({ max($0.merchantId) }, as: Int64.self).fetchOne(db)
    }

    static func createMerchant(
        _ db: Database, id: Int64, name: String, templates: [(Int64, String)], stores: [(String, String)],
        fields: [(String, String, Bool, Int?)]
    ) throws {
        try PaytronixMerchantRecord(merchantId: id, name: name).insert(db)
        for (code, label) in templates {
            try PaytronixCardTemplateRecord(merchantId: id, code: code, label: label).insert(db)
        }
        for (code, label) in stores {
            try PaytronixStoreLocationRecord(merchantId: id, code: code, label: label).insert(db)
        }
        for (position, field) in fields.enumerated() {
            try PaytronixEnrollmentFieldRecord(
                merchantId: id, position: position, type: field.0, field: field.1, required: field.2,
                minLength: field.3
            ).insert(db)
        }
    }

    // MARK: Card templates, stores and enrollment fields

    static func templateExists(_ db: Database, merchantId: Int64, code: Int64) throws -> Bool {
        try templateLabel(db, merchantId: merchantId, code: code) != nil
    }

    /// The label of a merchant's card template, or `nil` for an unknown code.
    static func templateLabel(_ db: Database, merchantId: Int64, code: Int64) throws -> String? {
        try PaytronixCardTemplateRecord.filter { $0.merchantId == merchantId && $0.code == code }.fetchOne(db)?.label
    }

    static func storeExists(_ db: Database, merchantId: Int64, code: String) throws -> Bool {
        try storeLabel(db, merchantId: merchantId, code: code) != nil
    }

    /// The label of a merchant's store, or `nil` for an unknown code.
    static func storeLabel(_ db: Database, merchantId: Int64, code: String) throws -> String? {
        try PaytronixStoreLocationRecord.filter { $0.merchantId == merchantId && $0.code == code }.fetchOne(db)?.label
    }

    /// The merchant's enrollment configuration, in order.
    static func enrollmentFields(_ db: Database, merchantId: Int64) throws -> [PaytronixEnrollmentFieldRecord] {
        try PaytronixEnrollmentFieldRecord.filter { $0.merchantId == merchantId }.order { $0.position }.fetchAll(db)
    }

    // MARK: Integrations

    static func createIntegration(
        _ db: Database, merchantId: Int64, clientId: String, secret: String, platform: String,
        b2bUsername: String?, b2bPassword: String?, seeded: Bool = false
    ) throws {
        // The seeded test secrets are hashed once per process (``SecretHasher/seeded(_:)``); others get fresh salts.
        func derive(_ secret: String) -> (salt: String, hash: String) {
            if seeded { return PaytronixSecrets.seeded(secret) }
            let salt = PaytronixSecrets.newSalt()
            return (salt, PaytronixSecrets.hash(secret, salt: salt))
        }
        let client = derive(secret)
        let b2b = b2bPassword.map { derive($0) }
        try PaytronixIntegrationRecord(
            clientId: clientId, merchantId: merchantId, secretSalt: client.salt, secretHash: client.hash,
            platform: platform, b2bUsername: b2bUsername, b2bSalt: b2b?.salt, b2bPasswordHash: b2b?.hash
        ).insert(db)
    }

    static func integration(_ db: Database, clientId: String) throws -> PaytronixIntegrationRecord? {
        try PaytronixIntegrationRecord.fetchOne(db, key: clientId)
    }

    /// The client ids of a merchant's integrations.
    static func integrationIds(_ db: Database, merchantId: Int64) throws -> Set<String> {
        try PaytronixIntegrationRecord.filter { $0.merchantId == merchantId }
            .select({ $0.clientId }, as: String.self).fetchSet(db)
    }

    // MARK: Seed and reset

    /// The default merchant and its two integrations, unless they exist already.
    static func seed(_ db: Database) throws {
        guard try !merchantExists(db, defaultMerchantId) else { return }
        try createMerchant(
            db, id: defaultMerchantId, name: "CommerceKit Sandbox Merchant", templates: [(0, "Sandbox Rewards")],
            stores: [("123", "Sandbox Store 123")], fields: defaultEnrollmentFields)
        try createIntegration(
            db, merchantId: defaultMerchantId, clientId: "sandbox-ios", secret: "sandbox-ios-secret",
            platform: "ios", b2bUsername: nil, b2bPassword: nil, seeded: true)
        try createIntegration(
            db, merchantId: defaultMerchantId, clientId: "sandbox-server", secret: "sandbox-server-secret",
            platform: "server", b2bUsername: "sandbox-b2b", b2bPassword: "sandbox-b2b-password", seeded: true)
    }

    /// Empties the merchant tables (reset seeds them again).
    static func deleteAll(_ db: Database) throws {
        try PaytronixIntegrationRecord.deleteAll(db)
        try PaytronixEnrollmentFieldRecord.deleteAll(db)
        try PaytronixStoreLocationRecord.deleteAll(db)
        try PaytronixCardTemplateRecord.deleteAll(db)
        try PaytronixMerchantRecord.deleteAll(db)
    }
}
