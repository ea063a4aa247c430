/// Emits `<Type>.swift` for an interface or union: a protocol inside the namespace, a builder that
/// always selects `__typename` and offers one inline fragment per possible type, and the model used for
/// type names this client does not know.
struct AbstractTypeEmitter {
    let context: EmitContext
    let type: SchemaModel.TypeInfo

    init(_ context: EmitContext, _ type: SchemaModel.TypeInfo) {
        self.context = context
        self.type = type
    }

    private var ns: String { context.ns }
    private var isInterface: Bool { type.kind == .interface }

    func file() -> StorefrontCodegen.GeneratedFile {
        context.file(type.name, protocolDeclaration() + "\n" + builder() + "\n" + unknownModel())
    }

    private func protocolDeclaration() -> String {
        let inherited = (["AnyObject", "Sendable"] + type.interfaces.map { "\(ns).\($0)" }).joined(separator: ", ")
        var text =
            isInterface
            ? "    /// A model that implements the `\(type.name)` interface.\n"
            : "    /// A model that is a member of the `\(type.name)` union.\n"
        text += "    public protocol \(type.name): \(inherited) {\n"
        let requirements = type.fields.filter(isUniformAcrossImplementations)
        text += requirements.map { FieldEmitter(context, typeName: type.name, field: $0).requirement() }.joined(
            separator: "\n")
        return text + "    }\n"
    }

    /// A requirement is declared only when every implementation spells the field with the same type,
    /// since a Swift protocol cannot express GraphQL's covariant field types. Deprecation may differ (2026-04
    /// deprecates `MediaPresentation.id`, not `Node.id`): Swift accepts a deprecated witness without a warning,
    /// and the requirement carries the interface's own deprecation.
    private func isUniformAcrossImplementations(_ field: Introspection.Field) -> Bool {
        let expected = context.swiftType(field.type)
        for member in type.possibleTypes {
            guard let object = context.model.type(named: member),
                let implementation = object.fields.first(where: { $0.name == field.name }),
                context.swiftType(implementation.type) == expected
            else {
                context.warn(
                    "\(type.name).\(field.name) is not the same in every implementation; no protocol requirement")
                return false
            }
        }
        return true
    }

    private func builder() -> String {
        let name = type.name
        var text =
            "    /// Selects fields of the `\(name)` \(isInterface ? "interface" : "union"); `__typename` is always selected.\n"
        text += "    public final class \(name)Query: GraphQL.AbstractQuery, GraphQLQuery {\n"
        text += "        /// The model this selection decodes into.\n"
        text += "        public typealias Response = any \(ns).\(name)\n\n"
        text += "        \(context.overrideModifiers) var selectedTypeName: String { \(SwiftNames.literal(name)) }\n\n"
        text +=
            "        /// Creates a selection that starts with `__typename`, which decoding needs to pick the model class.\n"
        text +=
            "        override public init() {\n            super.init()\n            addField(field: \"__typename\")\n        }\n"
        for field in type.fields {
            text +=
                "\n"
                + FieldEmitter(context, typeName: name, field: field).builderMethod(returning: "\(ns).\(name)Query")
        }
        for member in type.possibleTypes {
            text += "\n        /// Selects fields that apply only when the object is a `\(member)`.\n"
            text += "        @discardableResult\n"
            text +=
                "        public func on\(SwiftNames.capitalized(member))(subfields: (\(ns).\(member)Query) -> Void) -> \(ns).\(name)Query {\n"
            text += "            let _subquery = \(ns).\(member)Query()\n"
            text += "            subfields(_subquery)\n"
            text += "            addInlineFragment(on: \(SwiftNames.literal(member)), subfields: _subquery)\n"
            text += "            return self\n"
            text += "        }\n"
        }
        return text + "    }\n"
    }

    private func unknownModel() -> String {
        let name = type.name
        var text = "    /// A `\(name)` whose concrete type this client version does not know.\n"
        // `@unchecked Sendable` restated: Swift 6 requires it of every subclass (see ObjectEmitter).
        text += CodegenComments.uncheckedSendable
        text +=
            "    public final class Unknown\(name): GraphQL.AbstractResponse, GraphQLObject, @unchecked Sendable, \(ns).\(name) {\n"
        text += "        /// The builder that selects this model's fields.\n"
        text += "        public typealias Query = \(ns).\(name)Query\n\n"
        text += "        /// The `__typename` the server sent.\n"
        text +=
            "        override public var typeName: String { (storage[\"__typename\"] as? String) ?? \(SwiftNames.literal(name)) }\n\n"
        text += "        /// Picks the model class from `__typename`; unknown names give `Unknown\(name)`.\n"
        text +=
            "        static func decodeAbstract(_ value: CoreJSON, _ context: GraphQL.Decode.Context) throws -> any \(ns).\(name) {\n"
        text += "            let (typeName, object) = try GraphQL.Decode.typeName(value, context)\n"
        text += "            switch typeName {\n"
        for member in type.possibleTypes {
            text +=
                "            case \(SwiftNames.literal(member)):\n                return try \(ns).\(member)(object: object)\n"
        }
        text +=
            "            default:\n                return try \(ns).Unknown\(name)(object: object)\n            }\n        }\n\n"
        text += context.deserializer(typeName: name, fields: type.fields)
        for field in type.fields {
            text += "\n" + FieldEmitter(context, typeName: name, field: field).responseMembers()
        }
        return text + "    }\n"
    }
}
