import CommerceCore
import Foundation
import GRDB

/// Reads and writes of the Paytronix tables. Every function runs inside the caller's transaction.
enum PaytronixStore {
    static let defaultMerchantId: Int64 = 777777
    static let accessTokenLifetime: TimeInterval = 1800
    static let refreshTokenLifetime: TimeInterval = 90 * 86_400
    static let allScopes = ["account_read", "account_write", "user_read", "user_write"]

    static let defaultEnrollmentFields: [(String, String, Bool, Int?)] = [
        ("user", "username", true, 3), ("user", "password", true, 6), ("user", "mobilePhone", false, 7),
        ("user", "email", false, nil), ("account", "favoriteStore", false, nil),
    ]

    // MARK: Merchants and integrations

    static func merchantExists(_ db: Database, _ id: Int64) throws -> Bool {
        try PaytronixMerchant.exists(db, key: id)
    }

    /// The highest merchant id in use, if any.
    static func highestMerchantId(_ db: Database) throws -> Int64? {
        try Int64.fetchOne(db, sql: "SELECT MAX(merchant_id) FROM paytronix_merchants")
    }

    static func createMerchant(
        _ db: Database, id: Int64, name: String, templates: [(Int64, String)], stores: [(String, String)],
        fields: [(String, String, Bool, Int?)]
    ) throws {
        try PaytronixMerchant(merchantId: id, name: name).insert(db)
        for (code, label) in templates {
            try PaytronixCardTemplate(merchantId: id, code: code, label: label).insert(db)
        }
        for (code, label) in stores {
            try PaytronixStoreLocation(merchantId: id, code: code, label: label).insert(db)
        }
        for (position, field) in fields.enumerated() {
            try PaytronixEnrollmentField(
                merchantId: id, position: position, type: field.0, field: field.1, required: field.2,
                minLength: field.3
            ).insert(db)
        }
    }

    static func templateExists(_ db: Database, merchantId: Int64, code: Int64) throws -> Bool {
        try PaytronixCardTemplate.exists(db, key: ["merchant_id": merchantId, "code": code])
    }

    static func storeExists(_ db: Database, merchantId: Int64, code: String) throws -> Bool {
        try PaytronixStoreLocation.exists(db, key: ["merchant_id": merchantId, "code": code])
    }

    /// The label of a merchant's store, or `nil` for an unknown code.
    static func storeLabel(_ db: Database, merchantId: Int64, code: String) throws -> String? {
        try PaytronixStoreLocation.fetchOne(db, key: ["merchant_id": merchantId, "code": code])?.label
    }

    /// The merchant's enrollment configuration, in order.
    static func enrollmentFields(_ db: Database, merchantId: Int64) throws -> [PaytronixEnrollmentField] {
        try PaytronixEnrollmentField.filter(Column("merchant_id") == merchantId).order(Column("position")).fetchAll(db)
    }

    static func createIntegration(
        _ db: Database, merchantId: Int64, clientId: String, secret: String, platform: String,
        b2bUsername: String?, b2bPassword: String?
    ) throws {
        let salt = PaytronixSecrets.newSalt()
        let b2bSalt = PaytronixSecrets.newSalt()
        let b2bHash = b2bPassword.map { PaytronixSecrets.hash($0, salt: b2bSalt) }
        try PaytronixIntegration(
            clientId: clientId, merchantId: merchantId, secretSalt: salt,
            secretHash: PaytronixSecrets.hash(secret, salt: salt), platform: platform, b2bUsername: b2bUsername,
            b2bSalt: b2bHash == nil ? nil : b2bSalt, b2bPasswordHash: b2bHash
        ).insert(db)
    }

    static func integration(_ db: Database, clientId: String) throws -> PaytronixIntegration? {
        try PaytronixIntegration.fetchOne(db, key: clientId)
    }

    /// The client ids of a merchant's integrations.
    static func integrationIds(_ db: Database, merchantId: Int64) throws -> Set<String> {
        Set(try PaytronixIntegration.filter(Column("merchant_id") == merchantId).fetchAll(db).map(\.clientId))
    }

    static func seed(_ db: Database) throws {
        guard try !merchantExists(db, defaultMerchantId) else { return }
        try createMerchant(
            db, id: defaultMerchantId, name: "CommerceKit Sandbox Merchant", templates: [(0, "Sandbox Rewards")],
            stores: [("123", "Sandbox Store 123")], fields: defaultEnrollmentFields)
        try createIntegration(
            db, merchantId: defaultMerchantId, clientId: "sandbox-ios", secret: "sandbox-ios-secret",
            platform: "ios", b2bUsername: nil, b2bPassword: nil)
        try createIntegration(
            db, merchantId: defaultMerchantId, clientId: "sandbox-server", secret: "sandbox-server-secret",
            platform: "server", b2bUsername: "sandbox-b2b", b2bPassword: "sandbox-b2b-password")
    }

    // MARK: Accounts and cards

    /// A new account with a virtual (or given) primary card; returns (accountId, printedCardNumber, registrationCode).
    static func createAccount(
        _ db: Database, merchantId: Int64, template: Int64, registered: Bool, today: String,
        favoriteStore: String? = nil, enrollmentStore: String? = nil,
        printedCardNumber: String? = nil
    ) throws -> (Int64, String, String) {
        let nextId = (try Int64.fetchOne(db, sql: "SELECT MAX(id) FROM paytronix_accounts") ?? 1000) + 1
        try PaytronixAccount(
            id: nextId, merchantId: merchantId, cardTemplateCode: template, status: "ACTIVE",
            registrationStatus: registered ? "REGISTERED" : "UNREGISTERED", enrollDate: registered ? today : nil,
            favoriteStoreCode: favoriteStore, enrollmentStoreCode: enrollmentStore
        ).insert(db)
        let number = try printedCardNumber ?? nextCardNumber(db, merchantId: merchantId)
        let code = String(format: "%06d", Int.random(in: 0..<1_000_000))
        try PaytronixCard(
            printedCardNumber: number, merchantId: merchantId, accountId: nextId, registrationCode: code,
            status: "ACTIVE", isPrimary: true
        ).insert(db)
        return (nextId, number, code)
    }

    /// `999` followed by a 10-digit per-merchant sequence.
    static func nextCardNumber(_ db: Database, merchantId: Int64) throws -> String {
        let count =
            try Int.fetchOne(
                db,
                sql: "SELECT COUNT(*) FROM paytronix_cards WHERE merchant_id = ? AND printed_card_number LIKE '999%'",
                arguments: [merchantId]) ?? 0
        var sequence = count + 1
        while true {
            let candidate = "999" + String(format: "%010d", sequence)
            if try card(db, merchantId: merchantId, number: candidate) == nil { return candidate }
            sequence += 1
        }
    }

    static func card(_ db: Database, merchantId: Int64, number: String) throws -> PaytronixCard? {
        try PaytronixCard.fetchOne(db, key: ["merchant_id": merchantId, "printed_card_number": number])
    }

    /// An account's cards, the primary one first.
    static func cards(_ db: Database, accountId: Int64) throws -> [PaytronixCard] {
        try PaytronixCard.filter(Column("account_id") == accountId)
            .order(Column("is_primary").desc, Column("printed_card_number")).fetchAll(db)
    }

    static func account(_ db: Database, id: Int64) throws -> PaytronixAccount? {
        try PaytronixAccount.fetchOne(db, key: id)
    }

    static func setAccountStatus(_ db: Database, accountId: Int64, status: String) throws {
        try db.execute(sql: "UPDATE paytronix_accounts SET status = ? WHERE id = ?", arguments: [status, accountId])
    }

    /// Registers an unregistered account today; a favourite store given at registration replaces the old one.
    static func register(_ db: Database, accountId: Int64, today: String, favoriteStore: String?) throws {
        try db.execute(
            sql: """
                UPDATE paytronix_accounts SET registration_status = 'REGISTERED', enroll_date = ?,
                    favorite_store_code = COALESCE(?, favorite_store_code) WHERE id = ?
                """, arguments: [today, favoriteStore, accountId])
    }

    static func user(_ db: Database, id: Int64) throws -> PaytronixUser? {
        try PaytronixUser.fetchOne(db, key: id)
    }

    static func user(_ db: Database, accountId: Int64) throws -> PaytronixUser? {
        try PaytronixUser.filter(Column("account_id") == accountId).fetchOne(db)
    }

    static func user(_ db: Database, merchantId: Int64, username: String) throws -> PaytronixUser? {
        try PaytronixUser.filter(Column("merchant_id") == merchantId && Column("username_key") == username.lowercased())
            .fetchOne(db)
    }

    /// The guest with this email (any case) on an account of this card template.
    static func user(_ db: Database, merchantId: Int64, email: String, template: Int64) throws -> PaytronixUser? {
        try PaytronixUser.fetchOne(
            db,
            sql: """
                SELECT u.* FROM paytronix_users u JOIN paytronix_accounts a ON a.id = u.account_id
                WHERE u.merchant_id = ? AND lower(u.email) = lower(?) AND a.card_template_code = ?
                """, arguments: [merchantId, email, template])
    }

    /// The values of a contact column (`email`, `mobile_phone` or `phone`) the merchant's guests have set.
    static func contactValues(_ db: Database, merchantId: Int64, column: String) throws -> [String] {
        try String.fetchAll(
            db, sql: "SELECT \(column) FROM paytronix_users WHERE merchant_id = ? AND \(column) IS NOT NULL",
            arguments: [merchantId])
    }

    static func primaryCardNumber(_ db: Database, accountId: Int64) throws -> String? {
        try String.fetchOne(
            db,
            sql:
                "SELECT printed_card_number FROM paytronix_cards WHERE account_id = ? ORDER BY is_primary DESC LIMIT 1",
            arguments: [accountId])
    }

    static func insertUser(_ db: Database, merchantId: Int64, accountId: Int64, fields: [String: JSONValue]) throws {
        let salt = PaytronixSecrets.newSalt()
        let username = fields["username"]?.stringValue ?? ""
        // A merchant may enroll guests without a username (E7 follows its config). Such a guest gets a key no
        // username can have ('#' fails E8), so two of them never collide on UNIQUE (merchant_id, username_key).
        let usernameKey = username.isEmpty ? "#account-\(accountId)" : username.lowercased()
        // Without a password nobody can log in with one, not even with "".
        let password = fields["password"]?.stringValue ?? PaytronixSecrets.base62(32)
        let optIn: Bool? = fields["optIn"].flatMap { $0.boolValue ?? ($0.stringValue.map { $0 == "true" }) }
        try PaytronixUser(
            merchantId: merchantId, accountId: accountId, username: username, usernameKey: usernameKey,
            passwordSalt: salt, passwordHash: PaytronixSecrets.hash(password, salt: salt),
            email: fields["email"]?.stringValue, mobilePhone: fields["mobilePhone"]?.stringValue,
            phone: fields["phone"]?.stringValue, firstName: fields["firstName"]?.stringValue,
            lastName: fields["lastName"]?.stringValue, dateOfBirth: fields["dateOfBirth"]?.stringValue,
            postalCode: fields["postalCode"]?.stringValue, optIn: optIn
        ).insert(db)
    }

    // MARK: Account information

    static func accountInformation(_ db: Database, accountId: Int64) throws -> JSONObject {
        guard let account = try account(db, id: accountId) else { return [:] }
        let merchantId = account.merchantId
        let template = account.cardTemplateCode
        let templateLabel = try PaytronixCardTemplate.fetchOne(db, key: ["merchant_id": merchantId, "code": template])?
            .label
        let cards = try cards(db, accountId: accountId)
        let user = try user(db, accountId: accountId)
        func store(_ code: String?) throws -> JSONValue {
            guard let code else { return .null }
            return ["code": .string(code), "label": .from(try storeLabel(db, merchantId: merchantId, code: code))]
        }
        return [
            "accountId": .integer(accountId), "accountStatus": .string(account.status),
            "registrationStatus": .string(account.registrationStatus), "cardTemplateCode": .integer(template),
            "cardTemplateLabel": .from(templateLabel),
            "username": .from(user.flatMap { $0.username.isEmpty ? nil : $0.username }),
            "primaryCard": cards.first?.wireObject ?? .null,
            "additionalCards": .array(cards.dropFirst().map(\.wireObject)),
            "enrollmentStore": try store(account.enrollmentStoreCode),
            "fields": [
                "enrollDate": .from(account.enrollDate), "favoriteStore": try store(account.favoriteStoreCode),
                "externalAccounts": .array(try attachedExternalAccounts(db, accountId: accountId).map(\.wireObject)),
            ],
        ]
    }
}
