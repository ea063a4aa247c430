/// Emits `<Type>.swift` for an enum: a `String`-backed Swift enum with a catch-all for new values.
struct EnumEmitter {
    let context: EmitContext
    let type: SchemaModel.TypeInfo

    init(_ context: EmitContext, _ type: SchemaModel.TypeInfo) {
        self.context = context
        self.type = type
    }

    func file() -> StorefrontCodegen.GeneratedFile {
        var text = "    /// The values of the `\(type.name)` enum.\n"
        text += "    public enum \(type.name): String, Sendable, CaseIterable, GraphQL.ArgumentValue {\n"
        var used: Set<String> = ["unknownValue"]
        for value in type.enumValues {
            var caseName = SwiftNames.enumCaseName(value.name)
            while !used.insert(caseName).inserted {
                context.warn("\(type.name).\(value.name) collides with another case; generated as \(caseName)_")
                caseName += "_"
            }
            // A deprecation attribute on a case would break the synthesised `allCases`, so the
            // deprecation is stated in the comment instead.
            let note =
                (value.isDeprecated ?? false) ? " Deprecated in Storefront API \(context.options.apiVersion)." : ""
            text += "        /// The `\(value.name)` value.\(note)\n"
            text += "        case \(caseName) = \(SwiftNames.literal(value.name))\n"
        }
        text += "        /// A value this client version does not know.\n"
        text += "        case unknownValue = \"\"\n\n"
        text += "        /// The raw value, unquoted, as GraphQL writes enum literals.\n"
        text += "        public var graphQLLiteral: String { rawValue }\n"
        text += "    }\n"
        return context.file(type.name, text)
    }
}
