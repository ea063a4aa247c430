import GraphQL

/// Keeps GraphQLSwift's validation away from a trap. Its validation context caches per operation in dictionaries
/// keyed by `OperationDefinition`, which hashes by identity but compares by structure. Two structurally equal
/// operations in one document (`{ d}{ d}`) broke the dictionary's rules, and the trap stopped the whole sandbox.
/// The `graphql-document` fuzz target found it. Fragments share the design.
///
/// Equal operations or fragments must have the same name, or both none, and the spec refuses that anyway. So a
/// document that reuses a name is answered here with the naming errors alone, worded as GraphQLSwift's own rules
/// word them, and the other rules never run on it.
enum DuplicateDefinitions {
    /// One error per anonymous operation beside another, and per operation or fragment name defined again, in
    /// document order. Empty for a document that names its definitions properly.
    static func errors(in document: Document) -> [GraphQLError] {
        let operationCount = document.definitions.count { $0 is OperationDefinition }
        var operationNames: [String: Name] = [:]
        var fragmentNames: [String: Name] = [:]
        var errors: [GraphQLError] = []
        for definition in document.definitions {
            if let operation = definition as? OperationDefinition {
                if let name = operation.name {
                    if let first = operationNames[name.value] {
                        errors.append(
                            GraphQLError(
                                message: "There can be only one operation named \"\(name.value)\".",
                                nodes: [first, name]))
                    } else {
                        operationNames[name.value] = name
                    }
                } else if operationCount > 1 {
                    errors.append(
                        GraphQLError(
                            message: "This anonymous operation must be the only defined operation.",
                            nodes: [operation]))
                }
            } else if let fragment = definition as? FragmentDefinition {
                if let first = fragmentNames[fragment.name.value] {
                    errors.append(
                        GraphQLError(
                            message: "There can be only one fragment named \"\(fragment.name.value)\".",
                            nodes: [first, fragment.name]))
                } else {
                    fragmentNames[fragment.name.value] = fragment.name
                }
            }
        }
        return errors
    }
}
