import CommerceCore
import Foundation
import GRDB

/// Queries over the service's tables. Every read of a payment applies expiry by the sandbox clock first,
/// so an expired payment is never seen as open.
enum ATHMovilStore {
    // MARK: Businesses and customers

    /// The business a public token names: `dummy` in any case (after trimming), otherwise an exact match.
    static func business(token: String, _ db: Database) throws -> ATHMovilBusiness? {
        let trimmed = token.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { return nil }
        let key = trimmed.lowercased() == "dummy" ? "dummy" : trimmed
        return try Row.fetchOne(db, sql: "SELECT * FROM athmovil_business WHERE public_token = ?", arguments: [key])
            .map(ATHMovilBusiness.init(row:))
    }

    static func business(number: String, _ db: Database) throws -> ATHMovilBusiness? {
        try Row.fetchOne(db, sql: "SELECT * FROM athmovil_business WHERE number = ?", arguments: [number])
            .map(ATHMovilBusiness.init(row:))
    }

    static func businesses(_ db: Database) throws -> [ATHMovilBusiness] {
        try Row.fetchAll(db, sql: "SELECT * FROM athmovil_business ORDER BY rowid").map(ATHMovilBusiness.init(row:))
    }

    static func customers(_ db: Database) throws -> [ATHMovilCustomer] {
        try Row.fetchAll(db, sql: "SELECT * FROM athmovil_customer ORDER BY position, rowid").map(
            ATHMovilCustomer.init(row:))
    }

    static func customer(phone: String, _ db: Database) throws -> ATHMovilCustomer? {
        guard let formatted = ATHMovilCustomer.formattedPhone(phone) else { return nil }
        return try Row.fetchOne(db, sql: "SELECT * FROM athmovil_customer WHERE phone = ?", arguments: [formatted])
            .map(ATHMovilCustomer.init(row:))
    }

    /// Adds a test customer after the existing ones.
    static func addCustomer(_ customer: ATHMovilCustomer, _ db: Database) throws {
        let position = try Int.fetchOne(db, sql: "SELECT COALESCE(MAX(position), 0) + 1 FROM athmovil_customer") ?? 1
        try db.execute(
            sql: "INSERT INTO athmovil_customer (phone, name, email, pin, position) VALUES (?, ?, ?, ?, ?)",
            arguments: [customer.phoneNumber, customer.name, customer.email, customer.pin, position])
    }

    static func secret(_ db: Database) throws -> String {
        try String.fetchOne(db, sql: "SELECT secret FROM athmovil_secret WHERE id = 1") ?? ""
    }

    // MARK: Payments

    /// Loads a payment, applying (and saving) expiry by the clock.
    static func ecommerce(id: String, now: Date, _ db: Database) throws -> ATHMovilEcommerce? {
        guard let row = try Row.fetchOne(db, sql: "SELECT * FROM athmovil_ecommerce WHERE id = ?", arguments: [id])
        else {
            return nil
        }
        return try refreshed(ATHMovilEcommerce(row: row), now: now, db)
    }

    static func ecommerce(traceId: String, businessNumber: String?, now: Date, _ db: Database) throws
        -> ATHMovilEcommerce?
    {
        let row: Row?
        if let businessNumber {
            row = try Row.fetchOne(
                db,
                sql: """
                    SELECT * FROM athmovil_ecommerce WHERE trace_id = ? AND business_number = ? ORDER BY created_at DESC LIMIT 1
                    """, arguments: [traceId, businessNumber])
        } else {
            row = try Row.fetchOne(
                db,
                sql: """
                    SELECT * FROM athmovil_ecommerce WHERE trace_id = ? ORDER BY created_at DESC LIMIT 1
                    """, arguments: [traceId])
        }
        return try row.map { try refreshed(ATHMovilEcommerce(row: $0), now: now, db) }
    }

    static func ecommerce(reference: String, businessNumber: String, now: Date, _ db: Database) throws
        -> ATHMovilEcommerce?
    {
        guard !reference.isEmpty else { return nil }
        return try Row.fetchOne(
            db,
            sql: """
                SELECT * FROM athmovil_ecommerce WHERE reference_number = ? AND business_number = ?
                """, arguments: [reference, businessNumber]
        ).map { try refreshed(ATHMovilEcommerce(row: $0), now: now, db) }
    }

    /// Newest first, each with expiry applied: one page of every payment, for the console.
    static func paymentsPage(_ page: ControlPage, now: Date, _ db: Database) throws -> (items: [JSONValue], total: Int)
    {
        let total = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM athmovil_ecommerce") ?? 0
        let rows = try Row.fetchAll(
            db, sql: "SELECT * FROM athmovil_ecommerce ORDER BY created_at DESC, rowid DESC LIMIT ? OFFSET ?",
            arguments: [page.limit, page.offset])
        let items = try rows.map { row -> JSONValue in
            let payment = try refreshed(ATHMovilEcommerce(row: row), now: now, db)
            return ATHMovilWire.record(payment, business: try business(number: payment.businessNumber, db))
        }
        return (items, total)
    }

    private static func refreshed(_ ecommerce: ATHMovilEcommerce, now: Date, _ db: Database) throws -> ATHMovilEcommerce
    {
        var copy = ecommerce
        if copy.expireIfDue(now: now) { try copy.save(db) }
        return copy
    }

    // MARK: Completion

    /// The business's next transaction number for today (Puerto Rico calendar), starting at 1.
    static func nextDailyNumber(businessNumber: String, now: Date, _ db: Database) throws -> Int64 {
        let day = ATHMovilTime.day(now)
        try db.execute(
            sql: """
                INSERT INTO athmovil_daily_counter (business_number, pr_date, last_value) VALUES (?, ?, 1)
                ON CONFLICT(business_number, pr_date) DO UPDATE SET last_value = last_value + 1
                """, arguments: [businessNumber, day])
        return try Int64.fetchOne(
            db,
            sql: """
                SELECT last_value FROM athmovil_daily_counter WHERE business_number = ? AND pr_date = ?
                """, arguments: [businessNumber, day]) ?? 1
    }

    /// `<business number>-<32 lower-case hex>`.
    static func newReference(business: ATHMovilBusiness) -> String {
        "\(business.number)-\(RandomToken.hex(32))"
    }

    /// Moves a payment to `COMPLETED`: reference, daily number, date, fee and net.
    static func complete(_ ecommerce: inout ATHMovilEcommerce, business: ATHMovilBusiness, now: Date, _ db: Database)
        throws
    {
        ecommerce.state = .completed
        ecommerce.updatedAt = now
        ecommerce.completedAt = now
        ecommerce.referenceNumber = newReference(business: business)
        ecommerce.dailyTransactionId = try nextDailyNumber(businessNumber: business.number, now: now, db)
        ecommerce.transactionDate = ATHMovilTime.transaction(now)
        let (fee, net) = ATHMovilFees.fee(
            totalCents: ecommerce.totalCents, rate: business.feeRate,
            minimumCents: business.feeMinimumCents, isNonProfit: business.isNonProfit)
        ecommerce.feeCents = fee
        ecommerce.netCents = net
        try ecommerce.save(db)
    }

    /// Records a completed refund of a payment (the caller lowers the payment's refundable amount).
    static func recordRefund(
        reference: String, ecommerceId: String, businessNumber: String, cents: Int64, message: String,
        dailyNumber: Int64, now: Date, _ db: Database
    ) throws {
        try db.execute(
            sql: """
                INSERT INTO athmovil_refund (reference_number, ecommerce_id, business_number, amount_cents, message,
                                             daily_transaction_id, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)
                """,
            arguments: [reference, ecommerceId, businessNumber, cents, message, dailyNumber, now.timeIntervalSince1970])
    }

    /// Deletes every payment, refund and daily counter (businesses and customers stay).
    static func reset(_ db: Database) throws {
        try db.execute(
            sql: "DELETE FROM athmovil_ecommerce; DELETE FROM athmovil_refund; DELETE FROM athmovil_daily_counter;")
    }
}
