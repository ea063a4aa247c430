import CommerceCore
import Foundation
import GRDB
import SandboxCore

/// Reads and writes of payments, refunds and daily transaction counters. Every function runs inside the caller's
/// transaction, and every read of a payment applies expiry by the sandbox clock first, so an expired payment is
/// never seen as open.
enum ATHMovilPaymentStore {
    // MARK: Payments

    /// Loads a payment, applying (and saving) expiry by the clock.
    static func ecommerce(id: String, now: Date, _ db: Database) throws -> ATHMovilEcommerce? {
        try ATHMovilEcommerceRecord.fetchOne(db, key: id).map { try refreshed($0, now: now, db) }
    }

    /// The newest payment with this trace id, of one business or of any.
    static func ecommerce(traceId: String, businessNumber: String?, now: Date, _ db: Database) throws
        -> ATHMovilEcommerce?
    {
        var request = ATHMovilEcommerceRecord.filter { $0.traceId == traceId }
        if let businessNumber { request = request.filter { $0.businessNumber == businessNumber } }
        return try request.order { $0.createdAt.desc }.fetchOne(db).map { try refreshed($0, now: now, db) }
    }

    static func ecommerce(reference: String, businessNumber: String, now: Date, _ db: Database) throws
        -> ATHMovilEcommerce?
    {
        guard !reference.isEmpty else { return nil }
        return try ATHMovilEcommerceRecord.filter {
            $0.referenceNumber == reference && $0.businessNumber == businessNumber
        }.fetchOne(db).map { try refreshed($0, now: now, db) }
    }

    /// Newest first, each with expiry applied: one page of every payment, for the console.
    static func paymentsPage(_ page: ControlPage, now: Date, _ db: Database) throws
        -> (payments: [ATHMovilEcommerce], total: Int)
    {
        let total = try ATHMovilEcommerceRecord.fetchCount(db)
        let records = try ATHMovilEcommerceRecord.order { [$0.createdAt.desc, Column.rowID.desc] }
            .limit(page.limit, offset: page.offset).fetchAll(db)
        return (try records.map { try refreshed($0, now: now, db) }, total)
    }

    /// Inserts or replaces the whole row. A replaced row is deleted and inserted again, as it always was, so it
    /// gets a new `rowid` (the console's tie-break between payments created in the same instant).
    static func save(_ ecommerce: ATHMovilEcommerce, _ db: Database) throws {
        try ATHMovilEcommerceRecord(ecommerce).insert(db, onConflict: .replace)
    }

    private static func refreshed(_ record: ATHMovilEcommerceRecord, now: Date, _ db: Database) throws
        -> ATHMovilEcommerce
    {
        var ecommerce = try record.ecommerce()
        if ecommerce.expireIfDue(now: now) { try save(ecommerce, db) }
        return ecommerce
    }

    // MARK: Completion

    /// The business's next transaction number for today (Puerto Rico calendar), starting at 1.
    static func nextDailyNumber(businessNumber: String, now: Date, _ db: Database) throws -> Int64 {
        let counter = ATHMovilDailyCounterRecord(
            businessNumber: businessNumber, prDate: ATHMovilTime.day(now), lastValue: 1)
        // One statement (INSERT … ON CONFLICT DO UPDATE … RETURNING): the first of the day is 1, then one more.
        let stored = try counter.upsertAndFetch(db, updating: .noColumnUnlessSpecified) { _ in
            [ATHMovilDailyCounterRecord.Columns.lastValue += 1]
        }
        return stored.lastValue
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
        try save(ecommerce, db)
    }

    /// Records a completed refund of a payment (the caller lowers the payment's refundable amount).
    static func recordRefund(
        reference: String, ecommerceId: String, businessNumber: String, cents: Int64, message: String,
        dailyNumber: Int64, now: Date, _ db: Database
    ) throws {
        try ATHMovilRefundRecord(
            referenceNumber: reference, ecommerceId: ecommerceId, businessNumber: businessNumber, amountCents: cents,
            message: message, dailyTransactionId: dailyNumber, createdAt: now.timeIntervalSince1970
        ).insert(db)
    }

    /// Deletes every payment, refund and daily counter (businesses, customers and the secret stay).
    static func deleteAll(_ db: Database) throws {
        try ATHMovilEcommerceRecord.deleteAll(db)
        try ATHMovilRefundRecord.deleteAll(db)
        try ATHMovilDailyCounterRecord.deleteAll(db)
    }
}
