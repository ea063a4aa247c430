import GRDB

/// The test credentials every sandbox starts with (sandbox-only placeholders, not real credentials).
enum ATHMovilSeedData {
    static let dummy = ATHMovilBusiness(
        number: "000000000", name: "Dummy Business", path: "dummy", industry: "OTHER",
        publicToken: "dummy", privateToken: "dummy-private")
    static let testStore = ATHMovilBusiness(
        number: "215070001", name: "CommerceKit Test Store", path: "ckteststore", industry: "COMPUTERS",
        publicToken: "sbx-pub-0000000000000000000000000000000000000001",
        privateToken: "sbx-prv-0000000000000000000000000000000000000001")
    static let customer = ATHMovilCustomer(
        name: "Ana Rivera", phoneNumber: "(787) 555-0101",
        email: "ana.rivera@example.com", pin: "1234")

    /// Inserts whatever is missing; safe to run on every start.
    static func seed(_ db: Database) throws {
        for business in [dummy, testStore] {
            let exists =
                try Bool.fetchOne(
                    db, sql: "SELECT EXISTS(SELECT 1 FROM athmovil_business WHERE number = ?)",
                    arguments: [business.number]) ?? false
            if !exists { try business.insert(db) }
        }
        try db.execute(
            sql: """
                INSERT OR IGNORE INTO athmovil_customer (phone, name, email, pin, position) VALUES (?, ?, ?, ?, 0)
                """, arguments: [customer.phoneNumber, customer.name, customer.email, customer.pin])
        try db.execute(
            sql: "INSERT OR IGNORE INTO athmovil_secret (id, secret) VALUES (1, ?)",
            arguments: [RandomToken.hex(64)])
    }
}
