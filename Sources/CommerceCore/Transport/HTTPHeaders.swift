/// An ordered list of HTTP header fields whose names compare case-insensitively, as HTTP requires.
public struct HTTPHeaders: Sendable, Equatable, Sequence, ExpressibleByDictionaryLiteral {
    /// Every field in the order added, names as written.
    public private(set) var fields: [(name: String, value: String)] = []

    /// No fields.
    public init() {}

    /// Fields from a literal, in order; repeated names are kept as separate fields.
    public init(dictionaryLiteral elements: (String, String)...) {
        for (name, value) in elements { add(name: name, value: value) }
    }

    /// Fields from pairs, in order; repeated names are kept as separate fields.
    public init(_ pairs: [(String, String)]) {
        for (name, value) in pairs { add(name: name, value: value) }
    }

    /// The first value of the named field, or `nil`. Setting replaces every field with that name.
    public subscript(name: String) -> String? {
        get { fields.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value }
        set {
            fields.removeAll { $0.name.caseInsensitiveCompare(name) == .orderedSame }
            if let newValue { fields.append((name, newValue)) }
        }
    }

    /// Appends a field, keeping any earlier field with the same name.
    public mutating func add(name: String, value: String) { fields.append((name, value)) }

    /// Iterates the fields in order.
    public func makeIterator() -> IndexingIterator<[(name: String, value: String)]> { fields.makeIterator() }

    /// Equal when the fields match in order, names compared case-insensitively and values exactly.
    public static func == (lhs: HTTPHeaders, rhs: HTTPHeaders) -> Bool {
        lhs.fields.count == rhs.fields.count
            && zip(lhs.fields, rhs.fields).allSatisfy { $0.name.lowercased() == $1.name.lowercased() && $0.value == $1.value }
    }
}
