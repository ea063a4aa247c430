import Foundation
import GRDB

/// Partners (`rz_partner`) and the SSP bearers issued to them (`rz_ssp_token`): the only code that reads or
/// writes those tables.
enum RezolvePartnerStore {
    static func partner(_ id: String, _ db: Database) throws -> RZPartner? {
        try RZPartner.fetchOne(db, key: id)
    }

    /// The partner whose `x-rezolve-partner-apikey` is `apiKey`.
    static func partner(apiKey: String, _ db: Database) throws -> RZPartner? {
        try RZPartner.filter(RZPartner.Columns.apiKey == apiKey).fetchOne(db)
    }

    /// The partner whose SSP OAuth client is `clientId`.
    static func partner(sspClientId clientId: String, _ db: Database) throws -> RZPartner? {
        try RZPartner.filter(RZPartner.Columns.sspClientId == clientId).fetchOne(db)
    }

    /// Every partner, oldest first.
    static func partners(_ db: Database) throws -> [RZPartner] {
        try RZPartner.order(RZPartner.Columns.createdAt, RZPartner.Columns.id).fetchAll(db)
    }

    /// The id for a partner made now: one above the highest numeric id, and never below 1000.
    static func nextPartnerId(_ db: Database) throws -> String {
        let highest = try RZPartner.fetchAll(db).compactMap { Int($0.id) }.max() ?? 999
        return String(max(highest + 1, 1000))
    }

    static func insert(_ partner: RZPartner, _ db: Database) throws {
        try partner.insert(db)
    }

    /// The stored bearer whose SHA-256 is `hash`.
    static func sspToken(hash: String, _ db: Database) throws -> RZSspToken? {
        try RZSspToken.fetchOne(db, key: hash)
    }

    /// Stores `token` and drops the bearers expired at `now`, which are never valid again; dropping them keeps
    /// the table from growing without bound.
    static func insert(_ token: RZSspToken, droppingExpiredAt now: Double, _ db: Database) throws {
        try token.insert(db)
        try RZSspToken.filter(RZSspToken.Columns.expiresAt <= now).deleteAll(db)
    }
}
