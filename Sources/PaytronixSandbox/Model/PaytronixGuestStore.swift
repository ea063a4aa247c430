import CommerceCore
import Foundation
import GRDB

/// Reads and writes of a guest's tables: accounts, cards, users, tokens and external accounts. Every function runs
/// inside the caller's transaction.
enum PaytronixGuestStore {
    // MARK: Accounts and cards

    /// A new account with a virtual (or given) primary card; returns (accountId, printedCardNumber, registrationCode).
    static func createAccount(
        _ db: Database, merchantId: Int64, template: Int64, registered: Bool, today: String,
        favoriteStore: String? = nil, enrollmentStore: String? = nil,
        printedCardNumber: String? = nil
    ) throws -> (Int64, String, String) {
        let highest = try PaytronixAccountRecord.select({ max($0.id) }, as: Int64.self).fetchOne(db)
        let nextId = (highest ?? 1000) + 1
        try PaytronixAccountRecord(
            id: nextId, merchantId: merchantId, cardTemplateCode: template, status: "ACTIVE",
            registrationStatus: registered ? "REGISTERED" : "UNREGISTERED", enrollDate: registered ? today : nil,
            favoriteStoreCode: favoriteStore, enrollmentStoreCode: enrollmentStore
        ).insert(db)
        let number = try printedCardNumber ?? nextCardNumber(db, merchantId: merchantId)
        let code = String(format: "%06d", Int.random(in: 0..<1_000_000))
        try PaytronixCardRecord(
            printedCardNumber: number, merchantId: merchantId, accountId: nextId, registrationCode: code,
            status: "ACTIVE", isPrimary: true
        ).insert(db)
        return (nextId, number, code)
    }

    /// `999` followed by a 10-digit per-merchant sequence.
    static func nextCardNumber(_ db: Database, merchantId: Int64) throws -> String {
        let count = try PaytronixCardRecord.filter {
            $0.merchantId == merchantId && $0.printedCardNumber.like("999%")
        }.fetchCount(db)
        var sequence = count + 1
        while true {
            let candidate = "999" + String(format: "%010d", sequence)
            if try card(db, merchantId: merchantId, number: candidate) == nil { return candidate }
            sequence += 1
        }
    }

    static func card(_ db: Database, merchantId: Int64, number: String) throws -> PaytronixCardRecord? {
        try PaytronixCardRecord.filter { $0.merchantId == merchantId && $0.printedCardNumber == number }.fetchOne(db)
    }

    /// An account's cards, the primary one first.
    static func cards(_ db: Database, accountId: Int64) throws -> [PaytronixCardRecord] {
        try PaytronixCardRecord.filter { $0.accountId == accountId }
            .order { [$0.isPrimary.desc, $0.printedCardNumber] }.fetchAll(db)
    }

    static func primaryCardNumber(_ db: Database, accountId: Int64) throws -> String? {
        try PaytronixCardRecord.filter { $0.accountId == accountId }.order { $0.isPrimary.desc }
            .select({ $0.printedCardNumber }, as: String.self).fetchOne(db)
    }

    static func account(_ db: Database, id: Int64) throws -> PaytronixAccountRecord? {
        try PaytronixAccountRecord.fetchOne(db, key: id)
    }

    static func setAccountStatus(_ db: Database, accountId: Int64, status: String) throws {
        try PaytronixAccountRecord.filter(key: accountId).updateAll(db) { $0.status.set(to: status) }
    }

    /// Registers an unregistered account today; a favourite store given at registration replaces the old one.
    static func register(_ db: Database, accountId: Int64, today: String, favoriteStore: String?) throws {
        try PaytronixAccountRecord.filter(key: accountId).updateAll(db) { columns in
            var assignments = [columns.registrationStatus.set(to: "REGISTERED"), columns.enrollDate.set(to: today)]
            if let favoriteStore { assignments.append(columns.favoriteStoreCode.set(to: favoriteStore)) }
            return assignments
        }
    }

    // MARK: Users

    static func user(_ db: Database, id: Int64) throws -> PaytronixUserRecord? {
        try PaytronixUserRecord.fetchOne(db, key: id)
    }

    static func user(_ db: Database, accountId: Int64) throws -> PaytronixUserRecord? {
        try PaytronixUserRecord.filter { $0.accountId == accountId }.fetchOne(db)
    }

    static func user(_ db: Database, merchantId: Int64, username: String) throws -> PaytronixUserRecord? {
        try PaytronixUserRecord.filter { $0.merchantId == merchantId && $0.usernameKey == username.lowercased() }
            .fetchOne(db)
    }

    /// The guest with this email (any case, as SQLite's `lower` folds it) on an account of this card template.
    static func user(_ db: Database, merchantId: Int64, email: String, template: Int64) throws -> PaytronixUserRecord? {
        try PaytronixUserRecord
            .joining(required: PaytronixUserRecord.account.filter { $0.cardTemplateCode == template })
            .filter { $0.merchantId == merchantId && $0.email.lowercased == email.sqlExpression.lowercased }
            .fetchOne(db)
    }

    /// The values the merchant's guests have set for a contact field (`email`, `mobilePhone` or `phone`).
    static func contactValues(_ db: Database, merchantId: Int64, field: String) throws -> [String] {
        let column =
            switch field {
            case "mobilePhone": PaytronixUserRecord.Columns.mobilePhone
            case "phone": PaytronixUserRecord.Columns.phone
            default: PaytronixUserRecord.Columns.email
            }
        return try PaytronixUserRecord.filter { $0.merchantId == merchantId && column != nil }
            .select(column, as: String.self).fetchAll(db)
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
        try PaytronixUserRecord(
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
        let templateLabel = try PaytronixMerchantStore.templateLabel(db, merchantId: merchantId, code: template)
        let cards = try cards(db, accountId: accountId)
        let user = try user(db, accountId: accountId)
        func store(_ code: String?) throws -> JSONValue {
            guard let code else { return .null }
            let label = try PaytronixMerchantStore.storeLabel(db, merchantId: merchantId, code: code)
            return ["code": .string(code), "label": .from(label)]
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

    // MARK: Reset

    /// Empties the guest tables.
    static func deleteAll(_ db: Database) throws {
        try PaytronixExternalAccountRecord.deleteAll(db)
        try PaytronixTokenRecord.deleteAll(db)
        try PaytronixUserRecord.deleteAll(db)
        try PaytronixCardRecord.deleteAll(db)
        try PaytronixAccountRecord.deleteAll(db)
    }
}
