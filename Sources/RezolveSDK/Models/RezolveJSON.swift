import Foundation

/// Any JSON value, for free-form fields such as `CheckoutOrder.data`.
///
/// ``value`` gives the Foundation form (`[String: Any]`, `[Any]`, `String`, `NSNumber`-compatible numbers, `NSNull`),
/// so the seed's `order.data["callback"]?.value as? [AnyHashable: Any]` works.
public enum RezolveJSON: Sendable, Equatable, Codable {
    /// JSON `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// Any JSON number, held as a `Double`.
    case number(Double)
    /// A JSON string.
    case string(String)
    /// A JSON array, in order.
    case array([RezolveJSON])
    /// A JSON object.
    case object([String: RezolveJSON])

    /// Reads any JSON value; numbers become ``number(_:)`` whether written as integers or decimals.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([RezolveJSON].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: RezolveJSON].self))
        }
    }

    /// Writes the value back as the same JSON.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .number(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }

    /// The value as Foundation types; objects become `[String: Any]`.
    public var value: Any {
        switch self {
        case .null: NSNull()
        case .bool(let value): value
        case .number(let value): value
        case .string(let value): value
        case .array(let values): values.map(\.value)
        case .object(let values): values.mapValues(\.value)
        }
    }

    /// The member named `key` of an object; nil when the value is not an object or has no such member.
    public subscript(key: String) -> RezolveJSON? {
        if case .object(let values) = self { values[key] } else { nil }
    }

    /// The text of a string value; nil for every other kind, numbers included.
    public var stringValue: String? {
        if case .string(let value) = self { value } else { nil }
    }
}
