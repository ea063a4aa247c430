import GraphQL

/// Where ``QueryExecutor`` meets ``StorefrontGraphQL``: planning a validated document once, and answering a
/// query request from its plan. Every `nil` and hand-over here means "let GraphQLSwift answer", never an error.
enum FastQueryPath {
    /// Plans for the query operations of `document`, made when the document is prepared (and cached with it).
    static func plans(for document: Document, schema: GraphQLSchema, table: FieldTable) -> DocumentPlans? {
        guard let queryType = schema.queryType, let fragments = fragments(of: document) else { return nil }
        let operations = document.definitions.compactMap { $0 as? OperationDefinition }
        let plans = operations.map { operation -> OperationPlan? in
            guard operation.operation == .query else { return nil }
            var planner = QueryPlanner(schema: schema, table: table, fragments: fragments, variables: nil)
            do {
                let root = try planner.plan(queryType, selectionSets: [operation.selectionSet], nodes: [])
                return OperationPlan(operation: operation, variables: operation.variableDefinitions, staticRoot: root)
            } catch let error as ExecutionFallback where error.reason == QueryPlanner.needsVariables {
                return OperationPlan(operation: operation, variables: operation.variableDefinitions, staticRoot: nil)
            } catch {
                return nil
            }
        }
        return DocumentPlans(operations: plans, fragments: fragments)
    }

    /// What the synchronous executor made of a request.
    enum Answer {
        /// The response body text.
        case answered(String)
        /// The library must answer; `resolved` holds the outcome of every resolver that already ran.
        case handedOver(ResolvedFields)
    }

    /// The answer to `request`, or `nil` when the library must answer it and no resolver has run.
    static func answer(
        _ request: StorefrontGraphQL.Request, document: Document, plans: DocumentPlans,
        schema: GraphQLSchema, table: FieldTable, context: StorefrontRequestContext
    ) -> Answer? {
        guard let index = operationIndex(document, name: request.operationName),
            plans.operations.indices.contains(index), let plan = plans.operations[index],
            let queryType = schema.queryType
        else { return nil }
        // Variables and a per-request plan are settled before the first resolver runs.
        let root: SelectionPlan
        let variables: [String: Map]
        do {
            variables = try InputCoercion.variables(plan.variables, inputs: request.variables, schema: schema)
            if let staticRoot = plan.staticRoot {
                root = staticRoot
            } else {
                var planner = QueryPlanner(
                    schema: schema, table: table, fragments: plans.fragments, variables: variables)
                root = try planner.plan(queryType, selectionSets: [plan.operation.selectionSet], nodes: [])
            }
        } catch {
            return nil
        }
        var executor = QueryExecutor(context: context, variables: variables)
        do {
            return .answered(try executor.respond(root))
        } catch {
            return .handedOver(executor.resolvedFields)
        }
    }

    /// The operation GraphQLSwift's `buildExecutionContext` would pick, as an index among the document's
    /// operations; `nil` where the library answers with an error instead.
    private static func operationIndex(_ document: Document, name: String?) -> Int? {
        var found: Int?
        var index = 0
        for definition in document.definitions {
            guard let operation = definition as? OperationDefinition else { continue }
            if name == nil, found != nil { return nil }
            if name == nil || operation.name?.value == name { found = index }
            index += 1
        }
        return found
    }

    /// The document's fragments by name; `nil` when it holds a definition the library refuses to execute.
    private static func fragments(of document: Document) -> [String: FragmentDefinition]? {
        var fragments: [String: FragmentDefinition] = [:]
        for definition in document.definitions {
            switch definition {
            case is OperationDefinition: continue
            case let fragment as FragmentDefinition: fragments[fragment.name.value] = fragment
            default: return nil
            }
        }
        return fragments
    }
}
