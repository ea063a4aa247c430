import CommerceCore
import Foundation
import GRDB

/// Reads and writes of the SSP tables, shared by the SSP routes and the control routes.
enum SspStore {
    /// Stores an act already checked by ``SspActRules``; an act with the same id is replaced.
    static func insertAct(_ act: JSONValue, now: Double, _ db: Database) throws {
        guard let id = act["id"]?.stringValue else { return }
        try RZAct(
            id: id, body: act.serialized(), isInformationPage: act["isInformationPage"]?.boolValue ?? false,
            createdAt: now
        ).save(db)
    }

    /// The stored act object, or `nil` for an unknown id.
    static func act(_ id: String, _ db: Database) throws -> JSONObject? {
        guard let record = try RZAct.fetchOne(db, key: id) else { return nil }
        return (try? JSONValue.parse(Data(record.body.utf8)))?.objectValue
    }

    static func submissions(actId: String, _ db: Database) throws -> [RZActSubmission] {
        try RZActSubmission.filter(Column("act_id") == actId).order(Column("created_at"), Column("id")).fetchAll(db)
    }

    static func submissions(partnerId: String, entityId: String, _ db: Database) throws -> [RZActSubmission] {
        try RZActSubmission.filter(Column("partner_id") == partnerId && Column("entity_id") == entityId)
            .order(Column("created_at"), Column("id")).fetchAll(db)
    }

    /// A stored JSON column read back; unreadable text (never written by the sandbox) reads as `null`.
    static func json(_ text: String?) -> JSONValue {
        guard let text else { return .null }
        return (try? JSONValue.parse(Data(text.utf8))) ?? .null
    }
}
