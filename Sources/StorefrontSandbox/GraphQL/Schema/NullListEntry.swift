import GraphQL

/// Stands in for a `null` entry of a list of objects, such as an unknown ID in `nodes(ids:)` (spec §4.3).
///
/// GraphQLSwift 4.3 cannot answer a list whose entry completes to `null`: the entry stays a Swift `nil`
/// inside the list it builds, and the final conversion of `data` into a `Map` rejects it (a `MapError`
/// that would cost the whole response). So the resolver hands out this placeholder instead, and the library's
/// resolver wrapper records the entry's response path in the request context (``notePlaceholders(in:at:_:)``);
/// the placeholder completes like any object — every field below it answers a harmless stand-in value without
/// running a resolver — and the response writer then puts `null` at the recorded paths.
struct NullListEntry: GraphValue {
    /// Abstract positions resolve it to their first possible type (``StorefrontSchemaBuilder``); object
    /// positions accept it through `isTypeOf`, so no name is needed here.
    var graphQLTypeName: String { "" }

    /// What a field of a placeholder answers: `null` where the type allows it, otherwise the smallest valid
    /// value of the type, so completion never fails below a placeholder.
    static func standIn(for type: GraphQLOutputType) -> (any Sendable)? {
        guard let nonNull = type as? GraphQLNonNull else { return nil }
        switch nonNull.ofType {
        case is GraphQLList:
            return [(any Sendable)?]()
        case let scalar as GraphQLScalarType:
            switch scalar.name {
            case "Int": return 0
            case "Float": return 0.0
            case "Boolean": return false
            default: return ""
            }
        case let enumeration as GraphQLEnumType:
            return enumeration.values.first?.name ?? ""
        default:
            return NullListEntry()
        }
    }

    /// Whether a field of this type can answer a list holding placeholders: a list of objects or abstract types.
    static func mayHoldPlaceholders(_ type: GraphQLOutputType) -> Bool {
        var current: GraphQLType = type
        if let nonNull = current as? GraphQLNonNull { current = nonNull.ofType }
        guard let list = current as? GraphQLList else { return false }
        var item: GraphQLType = list.ofType
        if let nonNull = item as? GraphQLNonNull { item = nonNull.ofType }
        return item is GraphQLObjectType || item is GraphQLAbstractType
    }

    /// Records, for the response writer, the path of every placeholder in `value`, the list the field `info`
    /// resolves. GraphQLSwift's executor comes through here; ``QueryExecutor`` writes `null` for them itself.
    static func notePlaceholders(
        in value: (any Sendable)?, at info: GraphQLResolveInfo, _ context: StorefrontRequestContext
    ) {
        guard let items = value as? [(any Sendable)?] else { return }
        for (index, item) in items.enumerated() where item is NullListEntry {
            context.nullEntries.append(info.path.elements + [.index(index)])
        }
    }
}
