/// The introspection result reshaped for emitting: generated types only, with the reverse links
/// (union membership) the emitters need.
struct SchemaModel {
    enum Kind: Equatable {
        case object, interface, union, enumeration, inputObject, scalar
    }

    struct TypeInfo {
        let name: String
        let kind: Kind
        let fields: [Introspection.Field]
        let inputFields: [Introspection.InputValue]
        let interfaces: [String]
        let possibleTypes: [String]
        let enumValues: [Introspection.EnumValue]
        /// An input object that takes exactly one of its fields (`@oneOf`).
        let isOneOf: Bool
        var unions: [String] = []
    }

    private(set) var types: [TypeInfo] = []
    private var indexByName: [String: Int] = [:]
    let queryTypeName: String
    let mutationTypeName: String
    let inContext: Introspection.Directive?
    private(set) var recursiveInputs: Set<String> = []

    init(_ introspection: Introspection) throws {
        guard let query = introspection.queryType?.name else {
            throw StorefrontCodegen.GenerationError.missingRootType("query")
        }
        guard let mutation = introspection.mutationType?.name else {
            throw StorefrontCodegen.GenerationError.missingRootType("mutation")
        }
        queryTypeName = query
        mutationTypeName = mutation
        inContext = introspection.directives?.first { $0.name == "inContext" }

        for type in introspection.types where !type.name.hasPrefix("__") {
            let kind: Kind
            switch type.kind {
            case "OBJECT": kind = .object
            case "INTERFACE": kind = .interface
            case "UNION": kind = .union
            case "ENUM": kind = .enumeration
            case "INPUT_OBJECT": kind = .inputObject
            case "SCALAR": kind = .scalar
            default:
                throw StorefrontCodegen.GenerationError.invalidIntrospection(
                    "unknown kind \(type.kind) of \(type.name)")
            }
            indexByName[type.name] = types.count
            types.append(
                TypeInfo(
                    name: type.name, kind: kind, fields: type.fields ?? [], inputFields: type.inputFields ?? [],
                    interfaces: (type.interfaces ?? []).map(\.name),
                    possibleTypes: (type.possibleTypes ?? []).map(\.name),
                    enumValues: type.enumValues ?? [],
                    isOneOf: kind == .inputObject && type.isOneOf == true))
        }
        guard indexByName[query] != nil else { throw StorefrontCodegen.GenerationError.missingRootType(query) }
        guard indexByName[mutation] != nil else { throw StorefrontCodegen.GenerationError.missingRootType(mutation) }
        for union in types where union.kind == .union {
            for member in union.possibleTypes {
                if let index = indexByName[member] { types[index].unions.append(union.name) }
            }
        }
        recursiveInputs = Set(types.filter { $0.kind == .inputObject && reachesItself($0.name) }.map(\.name))
    }

    func type(named name: String) -> TypeInfo? {
        indexByName[name].map { types[$0] }
    }

    func kind(of name: String) -> Kind {
        type(named: name)?.kind ?? .scalar
    }

    /// Whether an input object contains itself through fields that are not lists (a struct could not
    /// hold that, so such a type is emitted as a class).
    private func reachesItself(_ start: String) -> Bool {
        var stack = [start]
        var seen: Set<String> = []
        while let name = stack.popLast() {
            guard let type = type(named: name) else { continue }
            for field in type.inputFields {
                guard let next = Self.directInputTarget(field.type), kind(of: next) == .inputObject else { continue }
                if next == start { return true }
                if seen.insert(next).inserted { stack.append(next) }
            }
        }
        return false
    }

    private static func directInputTarget(_ ref: Introspection.TypeRef) -> String? {
        switch ref.kind {
        case "NON_NULL": return ref.ofType.flatMap(directInputTarget)
        case "LIST": return nil
        default: return ref.name
        }
    }
}
