import CommerceCore
import SandboxCore

/// The JSON text columns of the Storefront tables: written from values here, read back through ``CorruptRow``,
/// so a value the sandbox never writes (a hand-edited data directory) is reported, never read as empty.
struct StorefrontJSONColumn {
    let table: String
    let id: String
    let column: String

    init(table: String, id: some CustomStringConvertible, column: some CodingKey) {
        self.table = table
        self.id = id.description
        self.column = column.stringValue
    }

    var corrupt: CorruptRow { CorruptRow(table: table, id: id, column: column) }

    func value(_ text: String?) throws(CorruptRow) -> JSONValue {
        try CorruptRow.json(text, table: table, id: id, column: column)
    }

    /// A JSON array of strings (ship-to countries, discount codes, tags).
    func strings(_ text: String) throws(CorruptRow) -> [String] {
        guard let items = try value(text).arrayValue else { throw corrupt }
        return try items.map { item throws(CorruptRow) in
            guard let string = item.stringValue else { throw corrupt }
            return string
        }
    }

    /// A JSON object (a shop's simulation settings).
    func object(_ text: String) throws(CorruptRow) -> JSONObject {
        guard let object = try value(text).objectValue else { throw corrupt }
        return object
    }

    /// A JSON array of `{"key","value"}` string pairs (cart and cart line attributes).
    func attributes(_ text: String) throws(CorruptRow) -> [(key: String, value: String)] {
        guard let items = try value(text).arrayValue else { throw corrupt }
        return try items.map { item throws(CorruptRow) in
            guard let key = item["key"]?.stringValue, let value = item["value"]?.stringValue else { throw corrupt }
            return (key, value)
        }
    }

    static func text(_ strings: [String]) -> String {
        JSONValue.array(strings.map(JSONValue.string)).serialized()
    }

    static func text(_ attributes: [(key: String, value: String)]) -> String {
        JSONValue.array(attributes.map { ["key": .string($0.key), "value": .string($0.value)] }).serialized()
    }
}
