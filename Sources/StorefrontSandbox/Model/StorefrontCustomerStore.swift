import CommerceCore
import Foundation
import GRDB
import SandboxCore

/// Reads and writes of customer accounts (spec §5.12): customers, their addresses, passwords, access tokens and
/// reset tokens. Passwords are kept only as salted derived keys and tokens only as SHA-256 hashes, so the database
/// never holds a usable credential. Every function runs inside the caller's transaction.
enum StorefrontCustomerStore {
    // MARK: Customers

    static func customer(_ db: Database, id: Int64, shopID: Int64) throws -> CustomerRecord? {
        try StorefrontCustomerRecord.filter { $0.id == id && $0.shopId == shopID }.fetchOne(db)?.customer
    }

    /// The shop's customer with this email, compared case-insensitively.
    static func customer(_ db: Database, email: String, shopID: Int64) throws -> CustomerRecord? {
        try StorefrontCustomerRecord.filter { $0.shopId == shopID && $0.email.collating(.nocase) == email }
            .fetchOne(db)?.customer
    }

    /// The customer an unexpired access token of the shop belongs to.
    static func customer(_ db: Database, accessToken: String, shopID: Int64, now: Date) throws -> CustomerRecord? {
        try Self.accessToken(db, token: accessToken, shopID: shopID, now: now).flatMap {
            try customer(db, id: $0.customerID, shopID: shopID)
        }
    }

    /// Stores a new customer without a password (the caller sets it next) and returns its id.
    static func create(
        _ db: Database, shopID: Int64, email: String, firstName: String?, lastName: String?, phone: String?,
        acceptsMarketing: Bool, now: Date
    ) throws -> Int64 {
        var record = StorefrontCustomerRecord(
            id: nil, shopId: shopID, email: email, firstName: firstName, lastName: lastName, phone: phone,
            acceptsMarketing: acceptsMarketing, passwordSalt: "", passwordHash: "", defaultAddressId: nil,
            createdAt: now.timeIntervalSince1970, updatedAt: now.timeIntervalSince1970)
        try record.insert(db)
        return record.id ?? db.lastInsertedRowID
    }

    /// Whether another customer of the shop (not `exceptCustomer`) has this phone number.
    static func phoneTaken(_ db: Database, _ phone: String, shopID: Int64, exceptCustomer: Int64?) throws -> Bool {
        try StorefrontCustomerRecord.filter { $0.shopId == shopID && $0.phone == phone && $0.id != exceptCustomer }
            .isEmpty(db) == false
    }

    /// Stores the profile (email, names, phone, marketing, default address, `updatedAt`); the password stays.
    static func save(_ db: Database, _ customer: CustomerRecord) throws {
        try StorefrontCustomerRecord.filter(key: customer.id).updateAll(db) {
            [
                $0.email.set(to: customer.email), $0.firstName.set(to: customer.firstName),
                $0.lastName.set(to: customer.lastName), $0.phone.set(to: customer.phone),
                $0.acceptsMarketing.set(to: customer.acceptsMarketing),
                $0.defaultAddressId.set(to: customer.defaultAddressID),
                $0.updatedAt.set(to: customer.updatedAt.timeIntervalSince1970),
            ]
        }
    }

    // MARK: Addresses

    /// The customer's addresses, oldest first.
    static func addresses(_ db: Database, customerID: Int64) throws -> [AddressRecord] {
        try StorefrontCustomerAddressRecord.filter { $0.customerId == customerID }.order { $0.id }.fetchAll(db)
            .map(\.address)
    }

    /// Inserts (when `id` is 0) or updates the address itself; returns its id.
    @discardableResult
    static func save(_ db: Database, _ address: AddressRecord) throws -> Int64 {
        var record = StorefrontCustomerAddressRecord(address)
        guard record.id != nil else {
            try record.insert(db)
            return record.id ?? db.lastInsertedRowID
        }
        try record.update(db, columns: StorefrontCustomerAddressRecord.Columns.values)
        return address.id
    }

    static func delete(_ db: Database, _ address: AddressRecord) throws {
        try StorefrontCustomerAddressRecord.deleteOne(db, key: address.id)
    }

    // MARK: Passwords

    static func setPassword(_ db: Database, customerID: Int64, password: String) throws {
        let salt = SecretHasher.newSalt()
        let hash = SecretHasher.hash(password, salt: salt)
        try StorefrontCustomerRecord.filter(key: customerID).updateAll(db) {
            [$0.passwordSalt.set(to: salt), $0.passwordHash.set(to: hash)]
        }
    }

    static func passwordMatches(_ db: Database, customerID: Int64, password: String) throws -> Bool {
        guard let record = try StorefrontCustomerRecord.fetchOne(db, key: customerID) else { return false }
        return SecretHasher.verify(password, salt: record.passwordSalt, hash: record.passwordHash)
    }

    // MARK: Access tokens

    static func insertAccessToken(_ db: Database, _ token: String, customerID: Int64, expires: Date, now: Date) throws {
        var record = StorefrontCustomerTokenRecord(
            id: nil, customerId: customerID, tokenHash: HexDigest.sha256(token),
            expiresAt: expires.timeIntervalSince1970, createdAt: now.timeIntervalSince1970)
        try record.insert(db)
    }

    /// The row id and customer of an unexpired access token of one of the shop's customers.
    static func accessToken(_ db: Database, token: String, shopID: Int64, now: Date) throws -> (
        id: Int64, customerID: Int64
    )? {
        let hash = HexDigest.sha256(token)
        guard
            let record = try StorefrontCustomerTokenRecord.filter({
                $0.tokenHash == hash && $0.expiresAt > now.timeIntervalSince1970
            }).fetchOne(db), let id = record.id,
            try StorefrontCustomerRecord.filter({ $0.id == record.customerId && $0.shopId == shopID }).isEmpty(db)
                == false
        else { return nil }
        return (id, record.customerId)
    }

    static func extendAccessToken(_ db: Database, id: Int64, until expires: Date) throws {
        try StorefrontCustomerTokenRecord.filter(key: id).updateAll(db) {
            $0.expiresAt.set(to: expires.timeIntervalSince1970)
        }
    }

    static func deleteAccessToken(_ db: Database, id: Int64) throws {
        try StorefrontCustomerTokenRecord.deleteOne(db, key: id)
    }

    static func deleteAccessTokens(_ db: Database, customerID: Int64) throws {
        try StorefrontCustomerTokenRecord.filter { $0.customerId == customerID }.deleteAll(db)
    }

    // MARK: Reset tokens

    static func insertResetToken(_ db: Database, _ token: String, customerID: Int64, expires: Date) throws {
        try StorefrontResetTokenRecord(
            tokenHash: HexDigest.sha256(token), customerId: customerID, expiresAt: expires.timeIntervalSince1970,
            usedAt: nil
        ).insert(db)
    }

    /// Whether the token is the customer's, unused and not expired.
    static func resetTokenIsValid(_ db: Database, _ token: String, customerID: Int64, now: Date) throws -> Bool {
        let hash = HexDigest.sha256(token)
        let expiresAfter = now.timeIntervalSince1970
        let mine = StorefrontResetTokenRecord.filter { $0.tokenHash == hash && $0.customerId == customerID }
        return try mine.filter { $0.usedAt == nil && $0.expiresAt > expiresAfter }.isEmpty(db) == false
    }

    static func markResetTokenUsed(_ db: Database, _ token: String, now: Date) throws {
        let hash = HexDigest.sha256(token)
        try StorefrontResetTokenRecord.filter(key: hash).updateAll(db) { $0.usedAt.set(to: now.timeIntervalSince1970) }
    }

    static func deleteAll(_ db: Database) throws {
        try StorefrontCustomerRecord.deleteAll(db)
        try StorefrontCustomerAddressRecord.deleteAll(db)
        try StorefrontCustomerTokenRecord.deleteAll(db)
        try StorefrontResetTokenRecord.deleteAll(db)
    }
}
