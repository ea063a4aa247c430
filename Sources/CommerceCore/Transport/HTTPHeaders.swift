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
        get { fields.first { Self.sameName($0.name, name) }?.value }
        set {
            fields.removeAll { Self.sameName($0.name, name) }
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
            && zip(lhs.fields, rhs.fields).allSatisfy { sameName($0.name, $1.name) && $0.value == $1.value }
    }

    /// Field names are ASCII tokens (RFC 9110), so only ASCII letters fold; this runs on every header lookup of
    /// every request, where Foundation's locale-aware comparison was a measurable share of the sandbox's time.
    static func sameName(_ lhs: String, _ rhs: String) -> Bool {
        var left = lhs.utf8.makeIterator()
        var right = rhs.utf8.makeIterator()
        while true {
            switch (left.next(), right.next()) {
            case (nil, nil): return true
            case (let a?, let b?):
                if a == b { continue }
                guard a | 0x20 == b | 0x20, (0x61...0x7A).contains(a | 0x20) else { return false }
            default: return false
            }
        }
    }
}
