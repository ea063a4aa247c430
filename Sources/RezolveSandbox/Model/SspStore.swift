import CommerceCore
import Foundation
import GRDB
import SandboxCore

/// Reads and writes of the SSP tables (acts, engagements, submissions, resolutions), shared by the SSP routes and
/// the control routes.
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
        try RZAct.fetchOne(db, key: id)?.object()
    }

    static func actExists(_ id: String, _ db: Database) throws -> Bool {
        try RZAct.exists(db, key: id)
    }

    static func engagement(_ id: String, _ db: Database) throws -> RZEngagement? {
        try RZEngagement.fetchOne(db, key: id)
    }

    /// Stores `engagement`; one with the same id is replaced.
    static func save(_ engagement: RZEngagement, _ db: Database) throws {
        try engagement.save(db)
    }

    static func insert(_ submission: RZActSubmission, _ db: Database) throws {
        try submission.insert(db)
    }

    static func insert(_ resolution: RZResolution, _ db: Database) throws {
        try resolution.insert(db)
    }

    static func submissions(actId: String, _ db: Database) throws -> [RZActSubmission] {
        try RZActSubmission.filter(RZActSubmission.Columns.actId == actId)
            .order(RZActSubmission.Columns.createdAt, RZActSubmission.Columns.id).fetchAll(db)
    }

    static func submissions(partnerId: String, entityId: String, _ db: Database) throws -> [RZActSubmission] {
        try RZActSubmission.filter(
            RZActSubmission.Columns.partnerId == partnerId && RZActSubmission.Columns.entityId == entityId
        )
        .order(RZActSubmission.Columns.createdAt, RZActSubmission.Columns.id).fetchAll(db)
    }
}

// The SSP tables keep their JSON as text; these read it back and name the row when it no longer parses.

extension RZAct {
    /// The stored act object.
    func object() throws(CorruptRow) -> JSONObject {
        let column = CodingKeys.body.stringValue
        let value = try CorruptRow.json(body, table: Self.databaseTableName, id: id, column: column)
        guard let object = value.objectValue else {
            throw CorruptRow(table: Self.databaseTableName, id: id, column: column)
        }
        return object
    }
}

extension RZEngagement {
    /// The `product` block, `null` when the engagement has none.
    func productValue() throws(CorruptRow) -> JSONValue { try json(product, .product) }
    /// The `category` block, `null` when the engagement has none.
    func categoryValue() throws(CorruptRow) -> JSONValue { try json(category, .category) }
    func payoffsValue() throws(CorruptRow) -> JSONValue { try json(payoffs, .payoffs) }

    private func json(_ text: String?, _ column: CodingKeys) throws(CorruptRow) -> JSONValue {
        try CorruptRow.json(text, table: Self.databaseTableName, id: id, column: column.stringValue)
    }
}

extension RZActSubmission {
    /// The stored submission: the answers and the person fields.
    func bodyValue() throws(CorruptRow) -> JSONValue {
        try CorruptRow.json(body, table: Self.databaseTableName, id: id, column: CodingKeys.body.stringValue)
    }
}
