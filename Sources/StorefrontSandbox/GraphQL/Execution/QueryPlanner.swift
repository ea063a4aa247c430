import GraphQL

/// Compiles a validated query operation into a ``SelectionPlan`` tree, collecting fields exactly as
/// GraphQLSwift 4.3's `collectFields` does (response keys in first-seen order, fragments deduplicated
/// within one selection set walk, `@skip` before `@include`, type conditions by name or subtype).
struct QueryPlanner {
    /// Raised (inside ``ExecutionFallback``) when a directive reads a variable during static planning.
    static let needsVariables = "a directive reads a variable"
    /// Plans larger than this are left to GraphQLSwift (abstract fields plan every possible type).
    static let maximumFields = 20_000

    let schema: GraphQLSchema
    let table: FieldTable
    let fragments: [String: FragmentDefinition]
    /// `nil` while planning once per document: a directive that reads a variable then stops the planning.
    let variables: [String: Map]?
    private var plannedFields = 0

    init(schema: GraphQLSchema, table: FieldTable, fragments: [String: FragmentDefinition], variables: [String: Map]?) {
        self.schema = schema
        self.table = table
        self.fragments = fragments
        self.variables = variables
    }

    /// The plan of `selectionSets` (one per merged field node) for the object type `type`.
    mutating func plan(_ type: GraphQLObjectType, selectionSets: [SelectionSet], nodes: [Field])
        throws(ExecutionFallback) -> SelectionPlan
    {
        var keys: [String] = []
        var groups: [String: [Field]] = [:]
        for selectionSet in selectionSets {
            try collect(type, selectionSet, keys: &keys, groups: &groups, visited: [:])
        }
        var fields: [FieldPlan] = []
        fields.reserveCapacity(keys.count)
        for key in keys {
            guard let group = groups[key], let first = group.first else { continue }
            fields.append(try plan(field: first, group: group, responseKey: key, parent: type))
        }
        return SelectionPlan(typeName: type.name, fields: fields)
    }

    private mutating func plan(
        field: Field, group: [Field], responseKey: String,
        parent: GraphQLObjectType
    ) throws(ExecutionFallback) -> FieldPlan {
        plannedFields += 1
        if plannedFields > Self.maximumFields { throw ExecutionFallback("plan too large") }
        let name = field.name.value
        if name == "__typename" {
            return FieldPlan(
                responseKey: responseKey, fieldName: name, parentTypeName: parent.name, nodes: group,
                resolve: nil, arguments: .constant([:]), output: .nonNull(.scalar(.string, GraphQLString)))
        }
        // `__schema`, `__type` and anything unknown stay with the library.
        guard let entry = table.field(parent.name, name) else {
            throw ExecutionFallback("field \(parent.name).\(name)")
        }
        let arguments: ArgumentsPlan
        if field.arguments.contains(where: { Self.readsVariable($0.value) }) {
            arguments = .perRequest(entry.arguments, field.arguments)
        } else {
            arguments = .constant(try InputCoercion.arguments(entry.arguments, field.arguments, variables: [:]))
        }
        return FieldPlan(
            responseKey: responseKey, fieldName: name, parentTypeName: parent.name, nodes: group,
            resolve: entry.resolve, arguments: arguments, output: try output(entry.type, group: group))
    }

    private mutating func output(_ type: GraphQLOutputType, group: [Field]) throws(ExecutionFallback) -> OutputPlan {
        switch type {
        case let nonNull as GraphQLNonNull:
            // A non-null directly inside a non-null is not a type the schema can hold; left to the library.
            guard let inner = nonNull.ofType as? GraphQLOutputType, !(inner is GraphQLNonNull) else {
                throw ExecutionFallback("non-null of a non-output or non-null type")
            }
            return .nonNull(try output(inner, group: group))
        case let list as GraphQLList:
            guard let inner = list.ofType as? GraphQLOutputType else {
                throw ExecutionFallback("list of a non-output type")
            }
            return .list(try output(inner, group: group))
        case let scalar as GraphQLScalarType:
            let kind: ScalarKind =
                switch scalar.name {
                case "String": .string
                case "ID": .id
                case "Int": .int
                case "Float": .float
                case "Boolean": .boolean
                default: .custom
                }
            return .scalar(kind, scalar)
        case let enumeration as GraphQLEnumType:
            return .enumeration(Set(enumeration.values.map(\.name)), enumeration)
        case let object as GraphQLObjectType:
            return .object(try plan(object, selectionSets: group.compactMap(\.selectionSet), nodes: group))
        case let abstract as GraphQLAbstractType:
            var plans: [String: SelectionPlan] = [:]
            for possible in schema.getPossibleTypes(abstractType: abstract) {
                plans[possible.name] = try plan(possible, selectionSets: group.compactMap(\.selectionSet), nodes: group)
            }
            return .abstract(plans)
        default:
            throw ExecutionFallback("unexpected output type")
        }
    }

    /// `collectFields`: `visited` is passed by value, as the library's local copy makes it behave.
    private func collect(
        _ type: GraphQLObjectType, _ selectionSet: SelectionSet, keys: inout [String],
        groups: inout [String: [Field]], visited: [String: Bool]
    ) throws(ExecutionFallback) {
        var visited = visited
        for selection in selectionSet.selections {
            switch selection {
            case let field as Field:
                guard try includes(field.directives) else { continue }
                let key = field.alias?.value ?? field.name.value
                if groups[key] == nil { keys.append(key) }
                groups[key, default: []].append(field)
            case let inline as InlineFragment:
                let included = try includes(inline.directives)
                guard included, matches(inline.typeCondition, type) else { continue }
                try collect(type, inline.selectionSet, keys: &keys, groups: &groups, visited: visited)
            case let spread as FragmentSpread:
                let name = spread.name.value
                let included = try includes(spread.directives)
                guard visited[name] == nil, included else { continue }
                visited[name] = true
                guard let fragment = fragments[name], matches(fragment.typeCondition, type) else { continue }
                try collect(type, fragment.selectionSet, keys: &keys, groups: &groups, visited: visited)
            default:
                continue
            }
        }
    }

    /// `@skip(if:)` wins over `@include(if:)`; only the first of each counts, as in the library.
    private func includes(_ directives: [Directive]) throws(ExecutionFallback) -> Bool {
        if let skip = directives.first(where: { $0.name.value == "skip" }), try condition(skip) == .bool(true) {
            return false
        }
        if let include = directives.first(where: { $0.name.value == "include" }), try condition(include) == .bool(false)
        {
            return false
        }
        return true
    }

    private func condition(_ directive: Directive) throws(ExecutionFallback) -> Map {
        guard let argument = directive.arguments.first(where: { $0.name.value == "if" }) else {
            throw ExecutionFallback("@\(directive.name.value) without if")
        }
        if Self.readsVariable(argument.value), variables == nil { throw ExecutionFallback(Self.needsVariables) }
        let value = try InputCoercion.literal(
            argument.value, type: GraphQLNonNull(GraphQLBoolean), variables: variables ?? [:])
        guard case .bool = value else { throw ExecutionFallback("@\(directive.name.value) condition is not a Boolean") }
        return value
    }

    private func matches(_ condition: NamedType?, _ type: GraphQLObjectType) -> Bool {
        guard let condition, let conditional = schema.getType(name: condition.name.value) else { return true }
        if let object = conditional as? GraphQLObjectType { return object.name == type.name }
        if let abstract = conditional as? GraphQLAbstractType {
            return schema.isSubType(abstractType: abstract, maybeSubType: type)
        }
        return false
    }

    static func readsVariable(_ value: Value) -> Bool {
        switch value {
        case is Variable: true
        case let list as ListValue: list.values.contains(where: readsVariable)
        case let object as ObjectValue: object.fields.contains { readsVariable($0.value) }
        default: false
        }
    }
}
