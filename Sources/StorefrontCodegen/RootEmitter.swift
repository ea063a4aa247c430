/// Emits the namespace file with `buildQuery` / `buildMutation`, and the schema version file.
struct RootEmitter {
    let context: EmitContext

    init(_ context: EmitContext) {
        self.context = context
    }

    func files() -> [StorefrontCodegen.GeneratedFile] {
        let ns = context.ns
        let query = context.model.queryTypeName
        let mutation = context.model.mutationTypeName
        let directive = context.model.inContext.map { DirectiveEmitter.className($0) }
        let directiveParameter = directive.map { "inContext: \(ns).\($0)? = nil, " } ?? ""
        let directiveLine = directive == nil ? "" : "        if let inContext { root.directives = [inContext] }\n"

        let runtime = context.options.runtimeModule.map { "import \($0)\n" } ?? ""
        var namespace = context.header + "\n" + runtime + "import Foundation\n\n"
        namespace +=
            "/// The Storefront API models generated from its schema, and the entry points for building operations.\n"
        namespace += "public enum \(ns) {\n"
        namespace += "    /// Builds a query: the closure selects fields on the query root.\n"
        namespace +=
            "    public static func buildQuery(\(directiveParameter)subfields: (\(ns).\(query)Query) -> Void) -> \(ns).\(query)Query {\n"
        namespace += "        let root = \(ns).\(query)Query()\n" + directiveLine
        namespace += "        subfields(root)\n        return root\n    }\n\n"
        namespace += "    /// Builds a mutation: the closure selects fields on the mutation root.\n"
        namespace +=
            "    public static func buildMutation(\(directiveParameter)subfields: (\(ns).\(mutation)Query) -> Void) -> \(ns).\(mutation)Query {\n"
        namespace += "        let root = \(ns).\(mutation)Query()\n" + directiveLine
        namespace += "        subfields(root)\n        return root\n    }\n}\n"

        var schema = context.header + "\nextension \(ns) {\n"
        schema += "    /// Facts about the schema the models were generated from.\n"
        schema += "    public enum Schema {\n"
        schema += "        /// The Storefront API version, used in the request path.\n"
        schema += "        public static let version = \(SwiftNames.literal(context.options.apiVersion))\n"
        schema += "    }\n}\n"
        return [
            StorefrontCodegen.GeneratedFile(path: "\(ns).swift", contents: namespace),
            StorefrontCodegen.GeneratedFile(path: "\(ns).Schema.swift", contents: schema),
        ]
    }
}

/// Emits the operation directive (`inContext`) as an `AbstractDirective` subclass.
struct DirectiveEmitter {
    let context: EmitContext
    let directive: Introspection.Directive

    init(_ context: EmitContext, _ directive: Introspection.Directive) {
        self.context = context
        self.directive = directive
    }

    static func className(_ directive: Introspection.Directive) -> String {
        SwiftNames.capitalized(directive.name) + "Directive"
    }

    func file() -> StorefrontCodegen.GeneratedFile {
        let name = Self.className(directive)
        let args = directive.args ?? []
        let parameters = args.map {
            "\(SwiftNames.escaped($0.name)): \(context.swiftType($0.type))"
                + (context.isNonNull($0.type) ? "" : " = nil")
        }.joined(separator: ", ")
        var text = "    /// The `@\(directive.name)` operation directive.\n"
        text += "    public final class \(name): GraphQL.AbstractDirective {\n"
        text += "        /// Creates the directive; arguments left `nil` are not sent.\n"
        text += "        public init(\(parameters)) {\n"
        text += "            var _arguments = GraphQL.ArgumentList()\n"
        for arg in args {
            text += "            _arguments.add(\(SwiftNames.literal(arg.name)), \(SwiftNames.escaped(arg.name)))\n"
        }
        text += "            super.init(name: \(SwiftNames.literal(directive.name)), args: _arguments.rendered)\n"
        text += "        }\n    }\n"
        return context.file(name, text)
    }
}
