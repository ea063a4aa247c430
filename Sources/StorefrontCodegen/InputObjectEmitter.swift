/// Emits `<Type>.swift` for an input object: stored fields, `create(…)` and `init(…)` with the same
/// parameters (required fields first), and rendering in schema order. A `@oneOf` input object becomes an
/// enum with one case per field, so exactly one field is always rendered.
struct InputObjectEmitter {
    let context: EmitContext
    let type: SchemaModel.TypeInfo

    init(_ context: EmitContext, _ type: SchemaModel.TypeInfo) {
        self.context = context
        self.type = type
    }

    private var ns: String { context.ns }

    private func propertyType(_ field: Introspection.InputValue) -> String {
        context.isNonNull(field.type) ? context.swiftType(field.type) : "Input<\(context.nonNullType(field.type))>"
    }

    private func name(_ field: Introspection.InputValue) -> String {
        if field.name == "graphQLLiteral" {
            context.warn("\(type.name).\(field.name) collides with a runtime member; generated as \(field.name)_")
            return field.name + "_"
        }
        return field.name
    }

    func file() -> StorefrontCodegen.GeneratedFile {
        if type.isOneOf { return oneOfFile() }
        let isClass = context.model.recursiveInputs.contains(type.name)
        let required = type.inputFields.filter { context.isNonNull($0.type) }
        let optional = type.inputFields.filter { !context.isNonNull($0.type) }
        let parameters =
            (required.map { "\(SwiftNames.escaped(name($0))): \(propertyType($0))" }
            + optional.map { "\(SwiftNames.escaped(name($0))): \(propertyType($0)) = .undefined" }).joined(
                separator: ", ")
        let arguments = (required + optional).map { "\(SwiftNames.escaped(name($0))): \(SwiftNames.escaped(name($0)))" }
            .joined(separator: ", ")

        var text = "    /// The `\(type.name)` input object.\n"
        text +=
            isClass
            ? "    public final class \(type.name): GraphQL.ArgumentValue {\n"
            : "    public struct \(type.name): Sendable, GraphQL.ArgumentValue {\n"
        for field in type.inputFields {
            text += "        /// The `\(field.name)` input field.\n"
            text += "        public var \(SwiftNames.escaped(name(field))): \(propertyType(field))\n\n"
        }
        text +=
            "        /// Creates the input object; optional fields default to `.undefined`, which leaves them out.\n"
        text += "        public static func create(\(parameters)) -> \(ns).\(type.name) {\n"
        text += "            \(ns).\(type.name)(\(arguments))\n"
        text += "        }\n\n"
        text +=
            "        /// Creates the input object; optional fields default to `.undefined`, which leaves them out.\n"
        text += "        public init(\(parameters)) {\n"
        for field in type.inputFields {
            text += "            self.\(name(field)) = \(SwiftNames.escaped(name(field)))\n"
        }
        text += "        }\n\n"
        text += "        func serialize() -> String {\n"
        text += "            var _fields = GraphQL.InputFieldList()\n"
        for field in type.inputFields {
            text += "            _fields.add(\(SwiftNames.literal(field.name)), self.\(name(field)))\n"
        }
        text += "            return _fields.rendered\n"
        text += "        }\n\n"
        text += "        /// The input object as a GraphQL literal, fields in schema order.\n"
        text += "        public var graphQLLiteral: String { serialize() }\n"
        text += "    }\n"
        return context.file(type.name, text)
    }

    /// `@oneOf`: the server requires exactly one field, given and not null, so each field is a case whose
    /// value is the field's non-null type.
    private func oneOfFile() -> StorefrontCodegen.GeneratedFile {
        let isRecursive = context.model.recursiveInputs.contains(type.name)
        var text =
            "    /// The `\(type.name)` input object, which takes exactly one of its fields: one case per field.\n"
        text +=
            isRecursive
            ? "    public indirect enum \(type.name): GraphQL.ArgumentValue {\n"
            : "    public enum \(type.name): Sendable, GraphQL.ArgumentValue {\n"
        for field in type.inputFields {
            text += "        /// Sends only the `\(field.name)` input field.\n"
            text += "        case \(SwiftNames.escaped(name(field)))(\(context.nonNullType(field.type)))\n"
        }
        text += "\n        func serialize() -> String {\n"
        text += "            var _fields = GraphQL.InputFieldList()\n"
        if !type.inputFields.isEmpty {
            text += "            switch self {\n"
            for field in type.inputFields {
                text +=
                    "            case .\(SwiftNames.escaped(name(field)))(let value): _fields.add(\(SwiftNames.literal(field.name)), value)\n"
            }
            text += "            }\n"
        }
        text += "            return _fields.rendered\n"
        text += "        }\n\n"
        text += "        /// The input object as a GraphQL literal with its one field.\n"
        text += "        public var graphQLLiteral: String { serialize() }\n"
        text += "    }\n"
        return context.file(type.name, text)
    }
}
