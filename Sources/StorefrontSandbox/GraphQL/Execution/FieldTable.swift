import GraphQL

/// Every field of every object type with its output type, argument definitions and the synchronous
/// resolver both executors share, read once when the schema is built. ``QueryPlanner`` looks fields up
/// here instead of asking GraphQLSwift per request (its accessors go through dispatch queues).
struct FieldTable: Sendable {
    struct Entry {
        let type: GraphQLOutputType
        let arguments: [ArgumentDefinition]
        let resolve: FieldResolver
    }

    private let entries: [String: [String: Entry]]

    init(schema: GraphQLSchema, registry: ResolverRegistry) throws {
        let mutationName = schema.mutationType?.name ?? ""
        var entries: [String: [String: Entry]] = [:]
        for (typeName, type) in schema.typeMap {
            guard let object = type as? GraphQLObjectType, !typeName.hasPrefix("__") else { continue }
            var fields: [String: Entry] = [:]
            for (fieldName, field) in try object.fields() {
                let arguments = field.args.map {
                    ArgumentDefinition(name: $0.key, type: $0.value.type, defaultValue: $0.value.defaultValue)
                }
                fields[fieldName] = Entry(
                    type: field.type, arguments: arguments,
                    resolve: registry.syncResolver(
                        typeName: typeName, fieldName: fieldName,
                        type: field.type, mutationTypeName: mutationName))
            }
            entries[typeName] = fields
        }
        self.entries = entries
    }

    func field(_ typeName: String, _ fieldName: String) -> Entry? { entries[typeName]?[fieldName] }
}
