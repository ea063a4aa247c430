import CommerceCore
import Foundation
import GRDB

/// A payment of a checkout (spec §5.10): accepted by a completion mutation, then processed by a payment
/// job that finishes lazily when polled (§5.14), so a restart never loses it.
struct PaymentRecord: GraphValue, Codable {
    var graphQLTypeName: String { "Payment" }

    enum Kind: String, Codable { case card, tokenized }
    enum State: String, Codable { case pending, success, failure, error }

    var id: Int64 = 0
    let checkoutToken: String
    let shopID: Int64
    let idempotencyKey: String
    let kind: Kind
    let amountCents: Int64
    let currency: String
    let billingAddress: [String: String]?
    /// Card payments: the vault session; tokenized: the wallet's payment data.
    let vaultToken: String?
    let paymentData: String?
    let card: Card?
    var state: State = .pending
    var errorMessage: String?
    var job: PendingComputation?
    let createdAt: Date

    /// What `Payment.creditCard` shows: never more than brand, last four, expiry and names.
    struct Card: Codable, Sendable {
        let brand: String
        let lastDigits: String
        let firstName: String
        let lastName: String
        let month: Int?
        let year: Int?
    }

    var gid: GlobalID { GlobalID("Payment", id, query: [("checkout", checkoutToken)]) }
    var ready: Bool { state != .pending }

    static func find(_ db: Database, id: Int64, shopID: Int64) throws -> PaymentRecord? {
        guard
            let body = try String.fetchOne(
                db, sql: "SELECT body FROM storefront_payments WHERE id = ?", arguments: [id])
        else {
            return nil
        }
        var payment = try JSONDecoder().decode(PaymentRecord.self, from: Data(body.utf8))
        payment.id = id
        return payment.shopID == shopID ? payment : nil
    }

    /// P12: the payment an earlier completion with the same key created.
    static func find(_ db: Database, checkoutToken: String, idempotencyKey: String, shopID: Int64) throws
        -> PaymentRecord?
    {
        guard
            let id = try Int64.fetchOne(
                db, sql: "SELECT id FROM storefront_payments WHERE checkout_token = ? AND idempotency_key = ?",
                arguments: [checkoutToken, idempotencyKey])
        else { return nil }
        return try find(db, id: id, shopID: shopID)
    }

    /// Inserts (when `id` is 0) or updates; returns the saved payment.
    @discardableResult
    func save(_ db: Database) throws -> PaymentRecord {
        let body = String(decoding: try JSONEncoder().encode(self), as: UTF8.self)
        if id != 0 {
            try db.execute(sql: "UPDATE storefront_payments SET body = ? WHERE id = ?", arguments: [body, id])
            return self
        }
        try db.execute(
            sql: """
                INSERT INTO storefront_payments (checkout_token, idempotency_key, body, created_at) VALUES (?,?,?,?)
                """, arguments: [checkoutToken, idempotencyKey, body, createdAt.timeIntervalSince1970])
        var saved = self
        saved.id = db.lastInsertedRowID
        return saved
    }
}
