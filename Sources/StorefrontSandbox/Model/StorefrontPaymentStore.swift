import Foundation
import GRDB
import SandboxCore

/// Reads and writes of checkout payments (spec §5.10) and of the card vault's sessions (§5.13). Every function runs
/// inside the caller's transaction.
enum StorefrontPaymentStore {
    // MARK: Payments

    /// The shop's payment with this id.
    static func payment(_ db: Database, id: Int64, shopID: Int64) throws -> PaymentRecord? {
        guard let payment = try StorefrontPaymentRecord.fetchOne(db, key: id)?.payment() else { return nil }
        return payment.shopID == shopID ? payment : nil
    }

    /// P12: the payment an earlier completion with the same key created.
    static func payment(_ db: Database, checkoutToken: String, idempotencyKey: String, shopID: Int64) throws
        -> PaymentRecord?
    {
        guard
            let id = try StorefrontPaymentRecord.filter({
                $0.checkoutToken == checkoutToken && $0.idempotencyKey == idempotencyKey
            }).select({ $0.id }, as: Int64.self).fetchOne(db)
        else { return nil }
        return try payment(db, id: id, shopID: shopID)
    }

    /// Inserts (when `id` is 0) or updates the document; returns the saved payment.
    @discardableResult
    static func save(_ db: Database, _ payment: PaymentRecord) throws -> PaymentRecord {
        var record = try StorefrontPaymentRecord(payment)
        if let id = record.id {
            let body = record.body
            try StorefrontPaymentRecord.filter(key: id).updateAll(db) { $0.body.set(to: body) }
            return payment
        }
        try record.insert(db)
        var saved = payment
        saved.id = record.id ?? db.lastInsertedRowID
        return saved
    }

    // MARK: Vault sessions

    static func insert(_ db: Database, _ session: VaultSession) throws {
        try StorefrontVaultSessionRecord(session).insert(db)
    }

    static func session(_ db: Database, token: String) throws -> VaultSession? {
        try StorefrontVaultSessionRecord.fetchOne(db, key: token)?.session()
    }

    /// A session completion may use (P8): known, younger than ``VaultSession/lifetime``, not used by a successful
    /// payment.
    static func usableSession(_ db: Database, token: String, now: Date) throws -> VaultSession? {
        guard let session = try session(db, token: token), session.usedAt == nil,
            now.timeIntervalSince(session.createdAt) < VaultSession.lifetime
        else { return nil }
        return session
    }

    static func markSessionUsed(_ db: Database, token: String, now: Date) throws {
        try StorefrontVaultSessionRecord.filter(key: token).updateAll(db) {
            $0.usedAt.set(to: now.timeIntervalSince1970)
        }
    }

    static func deleteAll(_ db: Database) throws {
        try StorefrontPaymentRecord.deleteAll(db)
        try StorefrontVaultSessionRecord.deleteAll(db)
    }
}
