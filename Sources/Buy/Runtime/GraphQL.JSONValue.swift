import CommerceCore

extension GraphQL {
    /// A JSON value as received, with object keys in their original order. Used where the original SDK
    /// handed out `Any`: raw response fields and error payloads.
    public indirect enum JSONValue: Sendable, Equatable {
        /// JSON `null`.
        case null
        /// `true` or `false`.
        case bool(Bool)
        /// A number with a fraction or an exponent.
        case number(Double)
        /// A whole number that fits in 64 bits.
        case integer(Int64)
        /// A string, escapes already decoded.
        case string(String)
        /// An array, in order.
        case array([JSONValue])
        /// An object as an ordered list of key-value pairs.
        case object([(String, JSONValue)])

        /// Compares two values; objects compare key by key in order.
        public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
            switch (lhs, rhs) {
            case (.null, .null): return true
            case (.bool(let a), .bool(let b)): return a == b
            case (.number(let a), .number(let b)): return a == b
            case (.integer(let a), .integer(let b)): return a == b
            case (.string(let a), .string(let b)): return a == b
            case (.array(let a), .array(let b)): return a == b
            case (.object(let a), .object(let b)):
                return a.count == b.count && zip(a, b).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
            default: return false
            }
        }

        /// The value of `key` when this is an object holding it.
        public subscript(key: String) -> JSONValue? {
            guard case .object(let pairs) = self else { return nil }
            return pairs.first { $0.0 == key }?.1
        }

        init(_ core: CoreJSON) {
            switch core {
            case .null: self = .null
            case .bool(let value): self = .bool(value)
            case .integer(let value): self = .integer(value)
            case .double(let value): self = .number(value)
            case .string(let value): self = .string(value)
            case .array(let items): self = .array(items.map(JSONValue.init))
            case .object(let object): self = .object(object.map { ($0.key, JSONValue($0.value)) })
            }
        }

        var core: CoreJSON {
            switch self {
            case .null: return .null
            case .bool(let value): return .bool(value)
            case .integer(let value): return .integer(value)
            case .number(let value): return .double(value)
            case .string(let value): return .string(value)
            case .array(let items): return .array(items.map(\.core))
            case .object(let pairs): return .object(JSONObject(pairs.map { ($0.0, $0.1.core) }))
            }
        }
    }
}

/// CommerceCore's JSON value, named apart from ``GraphQL/JSONValue`` (the module and its namespace enum
/// share the name `CommerceCore`, so the qualified spelling does not resolve). SPI: the signature of
/// `deserializeValue`, which models generated into another module override, uses it.
@_spi(GeneratedModels) public typealias CoreJSON = JSONValue
