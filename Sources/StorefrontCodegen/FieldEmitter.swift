/// Emits the members one schema field contributes: a builder method, a property with its aliased
/// accessor, and a decoding case.
struct FieldEmitter {
    let context: EmitContext
    let typeName: String
    let field: Introspection.Field

    init(_ context: EmitContext, typeName: String, field: Introspection.Field) {
        self.context = context
        self.typeName = typeName
        self.field = field
    }

    private var ns: String { context.ns }
    private var deprecated: Bool { field.isDeprecated ?? false }

    var propertyName: String {
        var name = field.name
        if SwiftNames.reservedResponseMembers.contains(name) {
            context.warn("\(typeName).\(name) collides with a runtime member; generated as \(name)_")
            name += "_"
        }
        return name
    }

    private var builderName: String {
        var name = field.name
        if SwiftNames.reservedQueryMembers.contains(name) {
            context.warn("\(typeName)Query.\(name) collides with a runtime member; generated as \(name)_")
            name += "_"
        }
        return name
    }

    /// The builder method, indented for a class member.
    func builderMethod(returning builder: String) -> String {
        let fieldType = context.namedType(field.type)
        let isComposite = [.object, .interface, .union].contains(context.model.kind(of: fieldType))
        let label = context.aliasLabel
        var parameters = ["\(label): String? = nil"]
        var body: [String] = []
        let args = field.args ?? []
        if !args.isEmpty { body.append("var _arguments = GraphQL.ArgumentList()") }
        for argument in args {
            let swiftType = context.swiftType(argument.type)
            let name = SwiftNames.escaped(argument.name)
            parameters.append("\(name): \(swiftType)" + (context.isNonNull(argument.type) ? "" : " = nil"))
            body.append("_arguments.add(\(SwiftNames.literal(argument.name)), \(name))")
        }
        let argumentText = args.isEmpty ? "" : ", args: _arguments.rendered"
        if isComposite {
            parameters.append("_ subfields: (\(ns).\(fieldType)Query) -> Void")
            body.append("let _subquery = \(ns).\(fieldType)Query()")
            body.append("subfields(_subquery)")
            body.append(
                "addField(field: \(SwiftNames.literal(field.name)), aliasSuffix: \(label)\(argumentText), subfields: _subquery)"
            )
        } else {
            body.append("addField(field: \(SwiftNames.literal(field.name)), aliasSuffix: \(label)\(argumentText))")
        }
        body.append("return self")
        var lines = ["        /// Selects the `\(field.name)` field of `\(typeName)`."]
        if deprecated { lines.append("        " + context.deprecation) }
        lines.append("        @discardableResult")
        lines.append(
            "        public func \(SwiftNames.escaped(builderName))(\(parameters.joined(separator: ", "))) -> \(builder) {"
        )
        lines += body.map { "            " + $0 }
        lines.append("        }")
        return lines.joined(separator: "\n") + "\n"
    }

    /// The property and the aliased accessor, indented for a class member.
    func responseMembers() -> String {
        let swiftType = context.swiftType(field.type)
        let neutral = context.neutralValue(field.type)
        let property = propertyName
        let read = "readField(field: \(SwiftNames.literal(field.name)), aliasSuffix: %@, neutral: \(neutral))"
        let label = context.aliasLabel
        var lines = ["        /// The `\(field.name)` field of `\(typeName)`."]
        if deprecated { lines.append("        " + context.deprecation) }
        lines.append("        public var \(SwiftNames.escaped(property)): \(swiftType) {")
        lines.append("            " + read.replacingOccurrences(of: "%@", with: "nil"))
        lines.append("        }")
        lines.append("")
        lines.append(
            "        /// The `\(field.name)` field of `\(typeName)`, read under the alias `\(field.name)__<\(label)>`.")
        if deprecated { lines.append("        " + context.deprecation) }
        lines.append(
            "        public func aliased\(SwiftNames.capitalized(property))(\(label): String) -> \(swiftType) {")
        lines.append("            " + read.replacingOccurrences(of: "%@", with: label))
        lines.append("        }")
        return lines.joined(separator: "\n") + "\n"
    }

    /// The protocol requirement for an interface field.
    func requirement() -> String {
        var lines = ["        /// The `\(field.name)` field of `\(typeName)`."]
        if deprecated { lines.append("        " + context.deprecation) }
        lines.append("        var \(SwiftNames.escaped(propertyName)): \(context.swiftType(field.type)) { get }")
        return lines.joined(separator: "\n") + "\n"
    }

    /// The `case` of `deserializeValue` for this field.
    func decodeCase() -> String {
        "            case \(SwiftNames.literal(field.name)):\n                return \(context.decodeExpression(field.type, value: "value")) as Any\n"
    }
}

extension EmitContext {
    /// The `deserializeValue` override for a response class with these fields.
    func deserializer(typeName: String, fields: [Introspection.Field]) -> String {
        var text =
            "        \(overrideModifiers) func deserializeValue(fieldName: String, key: String, value: CoreJSON) throws -> Any {\n"
        text += "            let context = GraphQL.Decode.Context(type: \(SwiftNames.literal(typeName)), field: key)\n"
        if fields.isEmpty {
            text += "            throw context.fail(value, .unexpectedField)\n"
        } else {
            text += "            switch fieldName {\n"
            for field in fields { text += FieldEmitter(self, typeName: typeName, field: field).decodeCase() }
            text += "            default:\n                throw context.fail(value, .unexpectedField)\n            }\n"
        }
        return text + "        }\n"
    }
}
