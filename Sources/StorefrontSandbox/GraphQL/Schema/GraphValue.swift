import GraphQL

/// A value the executor can place at an object, interface or union position: it names its GraphQL type,
/// which is what `isTypeOf` and `resolveType` read (spec §5.3).
protocol GraphValue: Sendable {
    var graphQLTypeName: String { get }
}

/// A small object whose fields are all known up front (money, page info, payloads, user errors …).
/// Field resolution reads `fields[fieldName]`; a key that is absent falls back as §5.3 says.
struct GraphObject: GraphValue {
    let graphQLTypeName: String
    var fields: [String: (any Sendable)?]

    init(_ typeName: String, _ fields: [String: (any Sendable)?] = [:]) {
        self.graphQLTypeName = typeName
        self.fields = fields
    }
}

/// Builds a list the executor accepts (it casts list results to `[(any Sendable)?]`).
func graphList<S: Sequence>(_ items: S) -> [(any Sendable)?] where S.Element: Sendable {
    items.map { $0 as (any Sendable)? }
}

extension Map {
    /// The string, or `nil` for anything else (including `null` and absent).
    var asString: String? { if case .string(let value) = self { value } else { nil } }
    var asBool: Bool? { if case .bool(let value) = self { value } else { nil } }
    var asInt: Int? {
        if case .number(let value) = self { return value.intValue }
        return nil
    }
    var asList: [Map]? { if case .array(let value) = self { value } else { nil } }
    var isAbsent: Bool { if case .undefined = self { true } else { false } }

    /// A key of an input object; `.undefined` when the key is absent.
    func field(_ key: String) -> Map {
        if case .dictionary(let object) = self { return object[key] ?? .undefined }
        return .undefined
    }

    /// Whether an input object carries `key` at all (also when its value is `null`).
    func has(_ key: String) -> Bool {
        if case .dictionary(let object) = self, let value = object[key] { return !value.isAbsent }
        return false
    }
}
