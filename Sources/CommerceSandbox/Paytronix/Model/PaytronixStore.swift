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
        try Int64.fetchOne(db, sql: "SELECT merchant_id FROM paytronix_merchants WHERE merchant_id = ?", arguments: [id]) != nil
    }

    static func createMerchant(_ db: Database, id: Int64, name: String, templates: [(Int64, String)], stores: [(String, String)],
                               fields: [(String, String, Bool, Int?)]) throws {
        try db.execute(sql: "INSERT INTO paytronix_merchants (merchant_id, name) VALUES (?, ?)", arguments: [id, name])
        for (code, label) in templates {
            try db.execute(sql: "INSERT INTO paytronix_card_templates VALUES (?, ?, ?)", arguments: [id, code, label])
        }
        for (code, label) in stores {
            try db.execute(sql: "INSERT INTO paytronix_stores VALUES (?, ?, ?)", arguments: [id, code, label])
        }
        for (position, field) in fields.enumerated() {
            try db.execute(sql: "INSERT INTO paytronix_enrollment_fields VALUES (?, ?, ?, ?, ?, ?)",
                           arguments: [id, position, field.0, field.1, field.2, field.3])
        }
    }

    static func createIntegration(_ db: Database, merchantId: Int64, clientId: String, secret: String, platform: String,
                                  b2bUsername: String?, b2bPassword: String?) throws {
        let salt = PaytronixSecrets.newSalt()
        let b2bSalt = PaytronixSecrets.newSalt()
        let b2bHash = b2bPassword.map { PaytronixSecrets.hash($0, salt: b2bSalt) }
        try db.execute(sql: "INSERT INTO paytronix_integrations VALUES (?, ?, ?, ?, ?, ?, ?, ?)", arguments: [
            clientId, merchantId, salt, PaytronixSecrets.hash(secret, salt: salt), platform, b2bUsername,
            b2bHash == nil ? nil : b2bSalt, b2bHash,
        ])
    }

    static func seed(_ db: Database) throws {
        guard try !merchantExists(db, defaultMerchantId) else { return }
        try createMerchant(db, id: defaultMerchantId, name: "CommerceKit Sandbox Merchant", templates: [(0, "Sandbox Rewards")],
                           stores: [("123", "Sandbox Store 123")], fields: defaultEnrollmentFields)
        try createIntegration(db, merchantId: defaultMerchantId, clientId: "sandbox-ios", secret: "sandbox-ios-secret",
                              platform: "ios", b2bUsername: nil, b2bPassword: nil)
        try createIntegration(db, merchantId: defaultMerchantId, clientId: "sandbox-server", secret: "sandbox-server-secret",
                              platform: "server", b2bUsername: "sandbox-b2b", b2bPassword: "sandbox-b2b-password")
    }

    // MARK: Accounts and cards

    /// A new account with a virtual (or given) primary card; returns (accountId, printedCardNumber, registrationCode).
    static func createAccount(_ db: Database, merchantId: Int64, template: Int64, registered: Bool, today: String,
                              favoriteStore: String? = nil, enrollmentStore: String? = nil,
                              printedCardNumber: String? = nil) throws -> (Int64, String, String) {
        let nextId = (try Int64.fetchOne(db, sql: "SELECT MAX(id) FROM paytronix_accounts") ?? 1000) + 1
        try db.execute(sql: "INSERT INTO paytronix_accounts VALUES (?, ?, ?, 'ACTIVE', ?, ?, ?, ?)", arguments: [
            nextId, merchantId, template, registered ? "REGISTERED" : "UNREGISTERED", registered ? today : nil,
            favoriteStore, enrollmentStore])
        let number = try printedCardNumber ?? nextCardNumber(db, merchantId: merchantId)
        let code = String(format: "%06d", Int.random(in: 0..<1_000_000))
        try db.execute(sql: "INSERT INTO paytronix_cards VALUES (?, ?, ?, ?, 'ACTIVE', 1)",
                       arguments: [number, merchantId, nextId, code])
        return (nextId, number, code)
    }

    /// `999` followed by a 10-digit per-merchant sequence.
    static func nextCardNumber(_ db: Database, merchantId: Int64) throws -> String {
        let count = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM paytronix_cards WHERE merchant_id = ? AND printed_card_number LIKE '999%'",
                                     arguments: [merchantId]) ?? 0
        var sequence = count + 1
        while true {
            let candidate = "999" + String(format: "%010d", sequence)
            if try card(db, merchantId: merchantId, number: candidate) == nil { return candidate }
            sequence += 1
        }
    }

    static func card(_ db: Database, merchantId: Int64, number: String) throws -> Row? {
        try Row.fetchOne(db, sql: "SELECT * FROM paytronix_cards WHERE merchant_id = ? AND printed_card_number = ?",
                         arguments: [merchantId, number])
    }

    static func account(_ db: Database, id: Int64) throws -> Row? {
        try Row.fetchOne(db, sql: "SELECT * FROM paytronix_accounts WHERE id = ?", arguments: [id])
    }

    static func user(_ db: Database, accountId: Int64) throws -> Row? {
        try Row.fetchOne(db, sql: "SELECT * FROM paytronix_users WHERE account_id = ?", arguments: [accountId])
    }

    static func user(_ db: Database, merchantId: Int64, username: String) throws -> Row? {
        try Row.fetchOne(db, sql: "SELECT * FROM paytronix_users WHERE merchant_id = ? AND username_key = ?",
                         arguments: [merchantId, username.lowercased()])
    }

    static func primaryCardNumber(_ db: Database, accountId: Int64) throws -> String? {
        try String.fetchOne(db, sql: "SELECT printed_card_number FROM paytronix_cards WHERE account_id = ? ORDER BY is_primary DESC LIMIT 1",
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
        try db.execute(sql: """
            INSERT INTO paytronix_users (merchant_id, account_id, username, username_key, password_salt, password_hash, email,
                mobile_phone, phone, first_name, last_name, date_of_birth, postal_code, opt_in)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """, arguments: [merchantId, accountId, username, usernameKey, salt, PaytronixSecrets.hash(password, salt: salt),
                             fields["email"]?.stringValue, fields["mobilePhone"]?.stringValue, fields["phone"]?.stringValue,
                             fields["firstName"]?.stringValue, fields["lastName"]?.stringValue, fields["dateOfBirth"]?.stringValue,
                             fields["postalCode"]?.stringValue, optIn])
    }

    // MARK: Tokens

    static func issueTokens(_ db: Database, clientId: String, merchantId: Int64, userId: Int64, scope: String, now: Date,
                            refreshToken existing: String? = nil) throws -> (access: String, refresh: String) {
        let access = PaytronixSecrets.base62(40)
        try db.execute(sql: "INSERT INTO paytronix_tokens VALUES (?, 'access', ?, ?, ?, ?, ?, ?, 0)", arguments: [
            access, clientId, merchantId, userId, scope, now.timeIntervalSince1970, now.timeIntervalSince1970 + accessTokenLifetime])
        if let existing { return (access, existing) }
        let refresh = PaytronixSecrets.base62(40)
        try db.execute(sql: "INSERT INTO paytronix_tokens VALUES (?, 'refresh', ?, ?, ?, ?, ?, ?, 0)", arguments: [
            refresh, clientId, merchantId, userId, scope, now.timeIntervalSince1970, now.timeIntervalSince1970 + refreshTokenLifetime])
        return (access, refresh)
    }

    /// An unrevoked token of `kind` for `clientId` that is still valid at `now`.
    static func validToken(_ db: Database, _ token: String, kind: String, clientId: String, now: Date) throws -> Row? {
        try Row.fetchOne(db, sql: """
            SELECT * FROM paytronix_tokens WHERE token = ? AND kind = ? AND client_id = ? AND revoked = 0 AND ? < expires_at
            """, arguments: [token, kind, clientId, now.timeIntervalSince1970])
    }

    static func tokenJSON(access: String, refresh: String, scope: String, username: String, printedCardNumber: String?) -> JSONValue {
        var object: JSONObject = ["access_token": .string(access), "token_type": "bearer", "expires_in": 1800,
                                  "refresh_token": .string(refresh), "scope": .string(scope)]
        if !username.isEmpty { object["username"] = .string(username) }
        if let printedCardNumber { object["printedCardNumber"] = .string(printedCardNumber) }
        return .object(object)
    }

    // MARK: External accounts

    static func attachedExternalAccounts(_ db: Database, accountId: Int64) throws -> [Row] {
        try Row.fetchAll(db, sql: "SELECT * FROM paytronix_external_accounts WHERE account_id = ? AND state = 'attached' ORDER BY id",
                         arguments: [accountId])
    }

    static func externalAccountJSON(_ row: Row) -> JSONValue {
        ["appIdentifier": .string(row["app_identifier"]), "accountCode": .string(row["account_code"]),
         "integrationDetail": .string(row["integration_detail"]), "integration": .string(row["integration"])]
    }

    /// Applies `add` or `remove`; `add` updates in place, moves a device from another account, never duplicates.
    static func applyExternalAccounts(_ db: Database, merchantId: Int64, accountId: Int64, operation: String,
                                      accounts: [ValidExternalAccount], now: Date, fieldPrefix: String) throws {
        let time = now.timeIntervalSince1970
        for account in accounts {
            if operation == "remove" {
                try db.execute(sql: """
                    UPDATE paytronix_external_accounts SET state = 'removed', updated_at = ?
                    WHERE account_id = ? AND account_code = ? AND app_identifier = ? AND state = 'attached'
                    """, arguments: [time, accountId, account.accountCode, account.appIdentifier])
                continue
            }
            let existing = try Row.fetchAll(db, sql: """
                SELECT id, account_id FROM paytronix_external_accounts
                WHERE merchant_id = ? AND account_code = ? AND app_identifier = ? AND state = 'attached'
                """, arguments: [merchantId, account.accountCode, account.appIdentifier])
            var updated = false
            for row in existing {
                let owner: Int64 = row["account_id"]
                if owner == accountId {
                    try db.execute(sql: "UPDATE paytronix_external_accounts SET integration = ?, integration_detail = ?, updated_at = ? WHERE id = ?",
                                   arguments: [account.integration, account.integrationDetail, time, row["id"] as Int64])
                    updated = true
                } else {
                    try db.execute(sql: "UPDATE paytronix_external_accounts SET state = 'moved', moved_to = ?, updated_at = ? WHERE id = ?",
                                   arguments: [accountId, time, row["id"] as Int64])
                }
            }
            if !updated {
                try db.execute(sql: """
                    INSERT INTO paytronix_external_accounts (merchant_id, account_id, account_code, app_identifier, integration,
                        integration_detail, state, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, 'attached', ?, ?)
                    """, arguments: [merchantId, accountId, account.accountCode, account.appIdentifier, account.integration,
                                     account.integrationDetail, time, time])
            }
        }
        let total = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM paytronix_external_accounts WHERE account_id = ? AND state = 'attached'",
                                     arguments: [accountId]) ?? 0
        if total > 20 {
            throw PaytronixFailure(400, "enrollment.field_validation", "An account can hold at most 20 external accounts",
                                   field: fieldPrefix)
        }
    }

    // MARK: Account information

    static func cardJSON(_ row: Row) -> JSONValue {
        let number: String = row["printed_card_number"]
        return ["printedCardNumber": .string(number), "maskedCardNumber": .string(String(number.suffix(6))),
                "status": .string(row["status"])]
    }

    static func accountInformation(_ db: Database, accountId: Int64) throws -> JSONObject {
        guard let account = try account(db, id: accountId) else { return [:] }
        let merchantId: Int64 = account["merchant_id"]
        let template: Int64 = account["card_template_code"]
        let templateLabel = try String.fetchOne(db, sql: "SELECT label FROM paytronix_card_templates WHERE merchant_id = ? AND code = ?",
                                                arguments: [merchantId, template])
        let cards = try Row.fetchAll(db, sql: "SELECT * FROM paytronix_cards WHERE account_id = ? ORDER BY is_primary DESC, printed_card_number",
                                     arguments: [accountId])
        let user = try user(db, accountId: accountId)
        func store(_ code: String?) throws -> JSONValue {
            guard let code else { return .null }
            let label = try String.fetchOne(db, sql: "SELECT label FROM paytronix_stores WHERE merchant_id = ? AND code = ?",
                                            arguments: [merchantId, code])
            return ["code": .string(code), "label": .from(label)]
        }
        return [
            "accountId": .integer(accountId), "accountStatus": .string(account["status"]),
            "registrationStatus": .string(account["registration_status"]), "cardTemplateCode": .integer(template),
            "cardTemplateLabel": .from(templateLabel), "username": .from((user?["username"] as String?).flatMap { $0.isEmpty ? nil : $0 }),
            "primaryCard": cards.first.map(cardJSON) ?? .null, "additionalCards": .array(cards.dropFirst().map(cardJSON)),
            "enrollmentStore": try store(account["enrollment_store_code"]),
            "fields": ["enrollDate": .from(account["enroll_date"] as String?), "favoriteStore": try store(account["favorite_store_code"]),
                       "externalAccounts": .array(try attachedExternalAccounts(db, accountId: accountId).map(externalAccountJSON))],
        ]
    }
}

// MARK: - Paged listings for the console

extension PaytronixStore {
    /// Guests (users) newest first, with their primary card; never their password or registration code.
    static func guestsPage(_ db: Database, _ page: ControlPage) throws -> (items: [JSONValue], total: Int) {
        let total = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM paytronix_users") ?? 0
        let rows = try Row.fetchAll(db, sql: """
            SELECT u.*, (SELECT c.printed_card_number FROM paytronix_cards c WHERE c.account_id = u.account_id
                         ORDER BY c.is_primary DESC LIMIT 1) AS card
            FROM paytronix_users u ORDER BY u.id DESC LIMIT ? OFFSET ?
            """, arguments: [page.limit, page.offset])
        let items: [JSONValue] = rows.map { row in
            ["username": .string(row["username"]), "merchantId": .integer(row["merchant_id"]),
             "accountId": .integer(row["account_id"]), "printedCardNumber": .from(row["card"] as String?),
             "firstName": .from(row["first_name"] as String?), "lastName": .from(row["last_name"] as String?),
             "email": .from(row["email"] as String?), "mobilePhone": .from(row["mobile_phone"] as String?)]
        }
        return (items, total)
    }

    /// External accounts (push devices) newest first, attached or not, with the account's primary card.
    static func externalAccountsPage(_ db: Database, _ page: ControlPage) throws -> (items: [JSONValue], total: Int) {
        let total = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM paytronix_external_accounts") ?? 0
        let rows = try Row.fetchAll(db, sql: """
            SELECT e.*, (SELECT c.printed_card_number FROM paytronix_cards c WHERE c.account_id = e.account_id
                         ORDER BY c.is_primary DESC LIMIT 1) AS card
            FROM paytronix_external_accounts e ORDER BY e.id DESC LIMIT ? OFFSET ?
            """, arguments: [page.limit, page.offset])
        let items: [JSONValue] = rows.map { row in
            guard case .object(var object) = externalAccountJSON(row) else { return .null }
            object["printedCardNumber"] = .from(row["card"] as String?)
            object["merchantId"] = .integer(row["merchant_id"])
            object["state"] = .string(row["state"])
            return .object(object)
        }
        return (items, total)
    }

    /// Recorded push deliveries newest first, each as `POST /sandbox/paytronix/push/send` reported it.
    static func pushDeliveriesPage(_ db: Database, _ page: ControlPage) throws -> (items: [JSONValue], total: Int) {
        let total = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM paytronix_push_notifications") ?? 0
        let records = try String.fetchAll(db, sql: "SELECT record FROM paytronix_push_notifications ORDER BY id DESC LIMIT ? OFFSET ?",
                                          arguments: [page.limit, page.offset])
        return (records.map { (try? JSONValue.parse(Data($0.utf8))) ?? .null }, total)
    }
}
