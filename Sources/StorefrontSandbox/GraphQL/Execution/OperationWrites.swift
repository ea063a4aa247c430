import GraphQL

/// Which operations of a validated document may write: a mutation, or a query that selects a field whose
/// resolver polls a pending computation and so may advance it (spec §5.14; ``ResolverRegistry/pollingFields``).
/// Worked out once per document, from the document alone, so ``StorefrontGraphQL`` picks reader or writer before
/// any resolver runs. Conservative: `@skip`/`@include` are ignored, and a field selected on an interface or
/// union counts for each of its possible types.
struct OperationWrites {
    let schema: GraphQLSchema
    let pollingFields: Set<String>
    let fragments: [String: FragmentDefinition]

    /// The indices, among the document's operations, of those that may write.
    static func writing(in document: Document, schema: GraphQLSchema, pollingFields: Set<String>) -> Set<Int> {
        var fragments: [String: FragmentDefinition] = [:]
        for case let fragment as FragmentDefinition in document.definitions {
            fragments[fragment.name.value] = fragment
        }
        let scan = OperationWrites(schema: schema, pollingFields: pollingFields, fragments: fragments)
        let operations = document.definitions.compactMap { $0 as? OperationDefinition }
        return Set(operations.indices.filter { scan.mayWrite(operations[$0]) })
    }

    func mayWrite(_ operation: OperationDefinition) -> Bool {
        switch operation.operation {
        case .mutation: return true
        case .subscription: return false
        case .query:
            guard let root = schema.queryType else { return false }
            var seen: Set<String> = []
            return reaches(operation.selectionSet, on: root, seen: &seen)
        }
    }

    /// Whether `selectionSet` on `type` selects a polling field, at any depth. A fragment's answer does not depend
    /// on where it is spread (its type condition decides), so each is scanned once.
    private func reaches(_ selectionSet: SelectionSet, on type: GraphQLNamedType, seen: inout Set<String>) -> Bool {
        for selection in selectionSet.selections {
            switch selection {
            case let field as Field:
                let name = field.name.value
                if objectTypes(of: type).contains(where: { pollingFields.contains("\($0.name).\(name)") }) {
                    return true
                }
                // `__schema` and `__type` reach only introspection types, whose fields never poll.
                guard let subselection = field.selectionSet, !name.hasPrefix("__") else { continue }
                // A field whose type cannot be read is scanned no further but counted as writing, to stay safe.
                guard let next = fieldType(type, name) else { return true }
                if reaches(subselection, on: next, seen: &seen) { return true }
            case let inline as InlineFragment:
                let conditional = inline.typeCondition.flatMap { schema.getType(name: $0.name.value) } ?? type
                if reaches(inline.selectionSet, on: conditional, seen: &seen) { return true }
            case let spread as FragmentSpread:
                let name = spread.name.value
                guard !seen.contains(name), let fragment = fragments[name] else { continue }
                seen.insert(name)
                let conditional = schema.getType(name: fragment.typeCondition.name.value) ?? type
                if reaches(fragment.selectionSet, on: conditional, seen: &seen) { return true }
            default:
                continue
            }
        }
        return false
    }

    private func objectTypes(of type: GraphQLNamedType) -> [GraphQLObjectType] {
        switch type {
        case let object as GraphQLObjectType: [object]
        case let abstract as GraphQLAbstractType: schema.getPossibleTypes(abstractType: abstract)
        default: []
        }
    }

    /// The named type `name` answers on `type`; `nil` when the schema cannot say.
    private func fieldType(_ type: GraphQLNamedType, _ name: String) -> GraphQLNamedType? {
        do {
            switch type {
            case let object as GraphQLObjectType: return getNamedType(type: try object.fields()[name]?.type)
            case let interface as GraphQLInterfaceType: return getNamedType(type: try interface.fields()[name]?.type)
            default: return nil
            }
        } catch {
            return nil
        }
    }
}
