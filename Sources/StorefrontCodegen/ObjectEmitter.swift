/// Emits `<Type>.swift` for an object type: the query builder and the response model.
struct ObjectEmitter {
    let context: EmitContext
    let type: SchemaModel.TypeInfo

    init(_ context: EmitContext, _ type: SchemaModel.TypeInfo) {
        self.context = context
        self.type = type
    }

    func file() -> StorefrontCodegen.GeneratedFile {
        context.file(type.name, builder() + "\n" + response())
    }

    private var ns: String { context.ns }

    private func builder() -> String {
        let name = type.name
        var text = "    /// Selects fields of the `\(name)` type.\n"
        text += "    public final class \(name)Query: GraphQL.AbstractQuery, GraphQLQuery {\n"
        text += "        /// The model this selection decodes into.\n"
        text += "        public typealias Response = \(ns).\(name)\n\n"
        text += "        \(context.overrideModifiers) var selectedTypeName: String { \(SwiftNames.literal(name)) }\n"
        if name == context.model.queryTypeName {
            text += "\n        \(context.overrideModifiers) var operationKeyword: String? { \"query\" }\n"
        } else if name == context.model.mutationTypeName {
            text += "\n        \(context.overrideModifiers) var operationKeyword: String? { \"mutation\" }\n"
        }
        for field in type.fields {
            text +=
                "\n"
                + FieldEmitter(context, typeName: name, field: field).builderMethod(returning: "\(ns).\(name)Query")
        }
        return text + "    }\n"
    }

    private func response() -> String {
        let name = type.name
        // Restated on purpose: Swift 6 warns "must restate inherited '@unchecked Sendable' conformance" on every
        // subclass of `GraphQL.AbstractResponse` that leaves it out (its comment says why the base is safe).
        let conformances =
            (["GraphQL.AbstractResponse", "GraphQLObject", "@unchecked Sendable"]
            + (type.interfaces + type.unions).map { "\(ns).\($0)" })
            .joined(separator: ", ")
        var text = "    /// A `\(name)` object decoded from a response.\n"
        text += CodegenComments.uncheckedSendable
        text += "    public final class \(name): \(conformances) {\n"
        text += "        /// The builder that selects this model's fields.\n"
        text += "        public typealias Query = \(ns).\(name)Query\n\n"
        text += "        /// Always `\(name)`.\n"
        text += "        override public var typeName: String { \(SwiftNames.literal(name)) }\n\n"
        text += context.deserializer(typeName: name, fields: type.fields)
        for field in type.fields {
            text += "\n" + FieldEmitter(context, typeName: name, field: field).responseMembers()
        }
        return text + "    }\n"
    }
}
