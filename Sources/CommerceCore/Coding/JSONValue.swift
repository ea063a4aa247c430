import Foundation

/// A JSON document as a value. Objects keep their keys in the order they were written, numbers keep
/// integers exact (``integer(_:)``) apart from fractions (``double(_:)``), and `true` never reads as `1`,
/// which is what request validation needs and `JSONSerialization` cannot promise on every platform.
public enum JSONValue: Sendable, Equatable, Hashable {
    /// JSON `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number written without a fraction or exponent that fits in 64 bits.
    case integer(Int64)
    /// Any other number.
    case double(Double)
    /// A string, escapes already decoded.
    case string(String)
    /// An array, in order.
    case array([JSONValue])
    /// An object, keys in the order they were written.
    case object(JSONObject)

    /// The member named `key` of an object; nil when absent or when this is not an object.
    public subscript(key: String) -> JSONValue? {
        if case .object(let object) = self { return object[key] }
        return nil
    }

    /// The element at `index` of an array; nil when out of range or when this is not an array.
    public subscript(index: Int) -> JSONValue? {
        if case .array(let items) = self, items.indices.contains(index) { return items[index] }
        return nil
    }

    /// The text of a string; nil for every other kind (numbers are not converted).
    public var stringValue: String? { if case .string(let value) = self { value } else { nil } }
    /// The value of a Boolean; nil for every other kind (`1` is not `true`).
    public var boolValue: Bool? { if case .bool(let value) = self { value } else { nil } }
    /// The elements of an array; nil for every other kind.
    public var arrayValue: [JSONValue]? { if case .array(let value) = self { value } else { nil } }
    /// The members of an object; nil for every other kind.
    public var objectValue: JSONObject? { if case .object(let value) = self { value } else { nil } }
    /// Whether this is JSON `null` (an absent member is not null: its subscript returns nil).
    public var isNull: Bool { self == .null }

    /// The value as an exact integer: an integer, or a double with no fractional part that fits in Int64.
    public var integerValue: Int64? {
        switch self {
        case .integer(let value): return value
        case .double(let value):
            guard value.rounded() == value, abs(value) < 9.2e18 else { return nil }
            return Int64(value)
        default: return nil
        }
    }

    /// The value as a floating-point number, for either kind of JSON number.
    public var doubleValue: Double? {
        switch self {
        case .integer(let value): Double(value)
        case .double(let value): value
        default: nil
        }
    }

    /// The JSON type name used in error messages.
    public var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "boolean"
        case .integer, .double: "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }
}

/// A JSON object that remembers the order of its keys.
///
/// Members live in one array in key order. Most objects on the wire have a handful of members, and a scan of
/// a few keys is cheaper than hashing every key into a dictionary (which parsing each request body used to do);
/// past 16 members a key-to-position index keeps lookups constant-time, so a large object is not
/// quadratic to build.
public struct JSONObject: Sendable, Equatable, Hashable, Sequence, ExpressibleByDictionaryLiteral {
    private var members: [(key: String, value: JSONValue)] = []
    private var index: [String: Int]?
    static let indexThreshold = 16

    /// The member names in the order they were first set.
    public var keys: [String] { members.map(\.key) }

    /// An empty object.
    public init() {}

    /// An object from a literal; a repeated key keeps its first position and its last value.
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        for (key, value) in elements { self[key] = value }
    }

    /// An object from pairs in order; a repeated key keeps its first position and its last value.
    public init(_ pairs: [(String, JSONValue)]) {
        members.reserveCapacity(pairs.count)
        for (key, value) in pairs { self[key] = value }
    }

    /// Each key's position in `members`, for the index of a large object.
    private func positions() -> [String: Int] {
        Dictionary(uniqueKeysWithValues: members.indices.map { (members[$0].key, $0) })
    }

    private func position(of key: String) -> Int? {
        if let index { return index[key] }
        return members.firstIndex { $0.key == key }
    }

    /// The position of `key` among the members in key order, for a reader that keeps values of its own in the
    /// same order (Buy's decoded models); nil when absent.
    package func position(forKey key: String) -> Int? { position(of: key) }

    /// Setting `nil` removes the key; setting an existing key keeps its position.
    public subscript(key: String) -> JSONValue? {
        get { position(of: key).map { members[$0].value } }
        set {
            if let newValue {
                if let position = position(of: key) {
                    members[position].value = newValue
                } else {
                    members.append((key, newValue))
                    if index != nil {
                        index?[key] = members.count - 1
                    } else if members.count > Self.indexThreshold {
                        index = positions()
                    }
                }
            } else if let position = position(of: key) {
                members.remove(at: position)
                if index != nil {
                    index = positions()
                }
            }
        }
    }

    /// The number of members.
    public var count: Int { members.count }
    /// Whether the object has no members.
    public var isEmpty: Bool { members.isEmpty }

    /// Iterates the members in key order.
    public func makeIterator() -> IndexingIterator<[(key: String, value: JSONValue)]> {
        members.makeIterator()
    }

    /// Equal when the members are equal, whatever their order.
    public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
        guard lhs.members.count == rhs.members.count else { return false }
        return lhs.members.allSatisfy { member in rhs[member.key] == member.value }
    }

    /// Hashes the members, ignoring their order, to agree with `==`: each member is hashed on its own and the
    /// results are added, which does not depend on order.
    public func hash(into hasher: inout Hasher) {
        var sum = 0
        for member in members {
            var memberHasher = Hasher()
            memberHasher.combine(member.key)
            memberHasher.combine(member.value)
            sum &+= memberHasher.finalize()
        }
        hasher.combine(members.count)
        hasher.combine(sum)
    }
}

extension JSONValue: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByStringLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
    /// `nil` written as a literal is JSON `null`.
    public init(nilLiteral: ()) { self = .null }
    /// A Boolean literal is ``bool(_:)``.
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    /// An integer literal is ``integer(_:)``.
    public init(integerLiteral value: Int64) { self = .integer(value) }
    /// A floating-point literal is ``double(_:)``.
    public init(floatLiteral value: Double) { self = .double(value) }
    /// A string literal is ``string(_:)``.
    public init(stringLiteral value: String) { self = .string(value) }
    /// An array literal is ``array(_:)``.
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    /// A dictionary literal is ``object(_:)``, keys in the order written.
    public init(dictionaryLiteral elements: (String, JSONValue)...) { self = .object(JSONObject(elements)) }
}

extension JSONValue {
    /// Wraps an optional, mapping `nil` to JSON `null`.
    public static func from(_ value: String?) -> JSONValue { value.map(JSONValue.string) ?? .null }
    /// Wraps an optional integer, mapping `nil` to JSON `null`.
    public static func from(_ value: Int64?) -> JSONValue { value.map(JSONValue.integer) ?? .null }
    /// Wraps an optional Boolean, mapping `nil` to JSON `null`.
    public static func from(_ value: Bool?) -> JSONValue { value.map(JSONValue.bool) ?? .null }
}
