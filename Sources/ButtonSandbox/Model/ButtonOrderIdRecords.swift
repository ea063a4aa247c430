import Foundation
import GRDB

/// The key this database enciphers Button order ids under (``ButtonOrderIdCipher``): the one
/// `button_order_id_key` row, whose `id` is always 1.
struct ButtonOrderIdKey: Codable, Sendable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "button_order_id_key"

    var id: Int64 = 1
    var key: Data

    enum CodingKeys: String, CodingKey {
        case id, key
    }

    enum Columns {
        static let id = Column(CodingKeys.id)
        static let key = Column(CodingKeys.key)
    }
}

/// A Button order id drawn at random before `button-2-order-storage`, which still finds its order: a
/// `button_order_legacy_ids` row.
struct ButtonLegacyOrderId: Codable, Sendable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "button_order_legacy_ids"

    var buttonOrderId: String
    /// The `seq` of the order in `button_orders`.
    var seq: Int64

    enum CodingKeys: String, CodingKey {
        case seq
        case buttonOrderId = "button_order_id"
    }

    enum Columns {
        static let buttonOrderId = Column(CodingKeys.buttonOrderId)
        static let seq = Column(CodingKeys.seq)
    }
}
