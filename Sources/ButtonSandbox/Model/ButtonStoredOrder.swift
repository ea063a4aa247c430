import CommerceCore
import Foundation
import GRDB
import SandboxCore

/// One merchant order as the sandbox keeps it: a `button_orders` row. `current` is the public order object
/// (JSON text) without its live status, which lives in `status` so the finalization sweep can change it in SQL.
struct ButtonStoredOrder: Codable, Sendable, FetchableRecord, MutablePersistableRecord {
    static let databaseTableName = "button_orders"

    /// The order's number, given before the insert by `ButtonOrderStore.nextIdentity(_:)`; its Button order id
    /// is this number enciphered (``ButtonOrderIdCipher``).
    var seq: Int64?
    var org: String
    var orderId: String
    var buttonOrderId: String
    var current: String
    var status: String
    /// Epoch seconds, as are the other dates.
    var finalizationDate: Double
    var btnRef: String?
    /// `test`, `sandbox` or `unknown` (rule 5.3.3), with the issuing application for `sandbox`.
    var attribution: String?
    var attributionApp: String?
    /// JSON array of the field paths the last body carried that the Order API ignores.
    var ignoredFields: String
    var createdAt: Double
    var updatedAt: Double
    var finalizedAt: Double?
    var deletedAt: Double?

    enum CodingKeys: String, CodingKey {
        case seq, org, current, status, attribution
        case orderId = "order_id"
        case buttonOrderId = "button_order_id"
        case finalizationDate = "finalization_date"
        case btnRef = "btn_ref"
        case attributionApp = "attribution_app"
        case ignoredFields = "ignored_fields"
        case createdAt = "created_at"
        case updatedAt = "updated_at"
        case finalizedAt = "finalized_at"
        case deletedAt = "deleted_at"
    }

    enum Columns {
        static let seq = Column(CodingKeys.seq)
        static let org = Column(CodingKeys.org)
        static let orderId = Column(CodingKeys.orderId)
        static let buttonOrderId = Column(CodingKeys.buttonOrderId)
        static let current = Column(CodingKeys.current)
        static let status = Column(CodingKeys.status)
        static let finalizationDate = Column(CodingKeys.finalizationDate)
        static let btnRef = Column(CodingKeys.btnRef)
        static let attribution = Column(CodingKeys.attribution)
        static let attributionApp = Column(CodingKeys.attributionApp)
        static let ignoredFields = Column(CodingKeys.ignoredFields)
        static let createdAt = Column(CodingKeys.createdAt)
        static let updatedAt = Column(CodingKeys.updatedAt)
        static let finalizedAt = Column(CodingKeys.finalizedAt)
        static let deletedAt = Column(CodingKeys.deletedAt)
    }

    /// The public order object: the stored state with the current status.
    func publicObject() throws(CorruptRow) -> JSONValue {
        var object = try state()
        object["status"] = .string(status)
        return .object(object)
    }

    /// The stored order object (`current`); a row whose text is not a JSON object is a ``CorruptRow``.
    func state() throws(CorruptRow) -> JSONObject {
        guard case .object(let object) = try json(current, .current) else { throw corrupt(.current) }
        return object
    }

    /// The field paths the last body carried that the Order API ignores (`ignored_fields`, a JSON array).
    func ignoredFieldList() throws(CorruptRow) -> JSONValue {
        let list = try json(ignoredFields, .ignoredFields)
        guard list.arrayValue != nil else { throw corrupt(.ignoredFields) }
        return list
    }

    private func json(_ text: String, _ column: CodingKeys) throws(CorruptRow) -> JSONValue {
        try ButtonColumn.json(text, table: Self.databaseTableName, id: buttonOrderId, column: column.stringValue)
    }

    private func corrupt(_ column: CodingKeys) -> CorruptRow {
        CorruptRow(table: Self.databaseTableName, id: buttonOrderId, column: column.stringValue)
    }
}
