import GraphQL

/// Stands in for a `null` entry of a list of objects, such as an unknown ID in `nodes(ids:)` (spec §4.3).
///
/// GraphQLSwift 4.3 cannot answer a list whose entry completes to `null`: the entry stays a Swift `nil`
/// inside the list it builds, and the final conversion of `data` into a `Map` rejects it (a `MapError`
/// that would cost the whole response). So the resolver hands out this placeholder instead and records the
/// entry's response path in the request context; the placeholder completes like any object — every field
/// below it answers a harmless stand-in value without running a resolver — and the response writer then
/// puts `null` at the recorded paths.
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

    /// The response path of entry `index` of the list field `info` resolves.
    static func path(of info: GraphQLResolveInfo, index: Int) -> [IndexPathValue] {
        info.path.elements + [.index(index)]
    }
}
