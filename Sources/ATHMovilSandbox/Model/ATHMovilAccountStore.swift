import Foundation
import GRDB
import SandboxCore

/// Reads and writes of the test accounts: businesses, customers and the token-signing secret. Every function runs
/// inside the caller's transaction.
enum ATHMovilAccountStore {
    // MARK: Businesses

    /// The business a public token names: `dummy` in any case (after trimming), otherwise an exact match.
    static func business(token: String, _ db: Database) throws -> ATHMovilBusiness? {
        let trimmed = token.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { return nil }
        let key = trimmed.lowercased() == "dummy" ? "dummy" : trimmed
        return try ATHMovilBusinessRecord.filter { $0.publicToken == key }.fetchOne(db)?.business
    }

    static func business(number: String, _ db: Database) throws -> ATHMovilBusiness? {
        try ATHMovilBusinessRecord.fetchOne(db, key: number)?.business
    }

    /// In the order they were added (`rowid`), so the seeded ones come first.
    static func businesses(_ db: Database) throws -> [ATHMovilBusiness] {
        try ATHMovilBusinessRecord.order(Column.rowID).fetchAll(db).map(\.business)
    }

    static func insert(_ business: ATHMovilBusiness, _ db: Database) throws {
        try ATHMovilBusinessRecord(business).insert(db)
    }

    // MARK: Customers

    static func customers(_ db: Database) throws -> [ATHMovilCustomer] {
        try ATHMovilCustomerRecord.order { [$0.position, Column.rowID] }.fetchAll(db).map(\.customer)
    }

    static func customer(phone: String, _ db: Database) throws -> ATHMovilCustomer? {
        guard let formatted = ATHMovilCustomer.formattedPhone(phone) else { return nil }
        return try ATHMovilCustomerRecord.fetchOne(db, key: formatted)?.customer
    }

    /// Adds a test customer after the existing ones.
    static func addCustomer(_ customer: ATHMovilCustomer, _ db: Database) throws {
        let last = try ATHMovilCustomerRecord.select({ max($0.position) }, as: Int64.self).fetchOne(db)
        try ATHMovilCustomerRecord(customer, position: (last ?? 0) + 1).insert(db)
    }

    // MARK: Secret

    static func secret(_ db: Database) throws -> String {
        try ATHMovilSecretRecord.fetchOne(db, key: ATHMovilSecretRecord.onlyId)?.secret ?? ""
    }

    // MARK: Seed

    /// Inserts whatever is missing of ``ATHMovilSeedData``; safe to run on every start.
    static func seed(_ db: Database) throws {
        for business in [ATHMovilSeedData.dummy, ATHMovilSeedData.testStore] {
            if try !ATHMovilBusinessRecord.exists(db, key: business.number) { try insert(business, db) }
        }
        // The seeded customer sits at position 0, before any added one; a customer already there is kept.
        try ATHMovilCustomerRecord(ATHMovilSeedData.customer, position: 0).insert(db, onConflict: .ignore)
        // The secret is made once and kept, so tokens handed out before a restart still verify.
        try ATHMovilSecretRecord(id: ATHMovilSecretRecord.onlyId, secret: RandomToken.hex(64))
            .insert(db, onConflict: .ignore)
    }
}
