import GraphQL

/// Unknown arguments of directives. GraphQLSwift's `KnownArgumentNamesRule` checks field arguments only (its
/// directive counterpart is internal and not in `specifiedRules`), so without this rule
/// `query @inContext(language:FR) {…}` would run although 2021-10's `@inContext` has no `language` argument
/// and the real service refuses it. ``ValidationErrorRewriter`` turns the message into graphql-ruby's wording.
enum DirectiveArgumentsRule {
    @Sendable static func rule(_ context: ValidationContext) -> Visitor {
        Visitor(enter: { node, _, _, _, _ in
            guard let directive = node as? Directive,
                let definition = context.schema.getDirective(name: directive.name.value)
            else { return .continue }
            let known = Set(definition.args.map(\.name))
            for argument in directive.arguments where !known.contains(argument.name.value) {
                context.report(
                    error: GraphQLError(
                        message:
                            "Unknown argument \"\(argument.name.value)\" on directive \"@\(directive.name.value)\".",
                        nodes: [argument]))
            }
            return .continue
        })
    }
}
