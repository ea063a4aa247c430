import CommerceCore
import GraphQL

/// Runs a planned query synchronously on the calling thread (inside the request's read transaction) and
/// writes the response JSON as it goes: no tasks, no `Map` tree, no per-field dictionaries.
///
/// It answers exactly as GraphQLSwift 4.3 does for what it covers. What a plan cannot show in advance (a value of
/// the wrong type, a `null` list entry, a second field error, whose order in the library follows its task
/// scheduling) makes it throw ``ExecutionFallback`` midway; ``FastQueryPath`` then hands the request to the
/// library together with every resolver outcome so far (``ResolvedFields``), so no resolver runs twice. Field
/// errors follow the GraphQL spec: the field answers `null` and a non-null position hands the `null` to its
/// nearest nullable ancestor.
struct QueryExecutor {
    let context: StorefrontRequestContext
    let variables: [String: Map]
    private var output = ""
    private var trail = ResolutionTrail()
    private var errors: [GraphQLError] = []

    init(context: StorefrontRequestContext, variables: [String: Map]) {
        self.context = context
        self.variables = variables
        output.reserveCapacity(4096)
    }

    /// Every resolver outcome so far, for a hand-over to the library after ``respond(_:)`` threw.
    var resolvedFields: ResolvedFields { trail.resolvedFields() }

    /// The whole response body for `root`, `{"data":…}` with `errors` after it when a field failed.
    mutating func respond(_ root: SelectionPlan) throws(ExecutionFallback) -> String {
        output += "{\"data\":"
        let answered = try writeSelection(root, source: ())
        if errors.count > 1 { throw ExecutionFallback("more than one field error") }
        if !answered {
            // A non-null root field failed: the whole `data` is null (the library then reports only that error).
            output = "{\"data\":null"
        }
        if let error = errors.first {
            output += ",\"errors\":["
            output += StorefrontResponseWriter.error(error, requestID: context.requestID).serialized()
            output += "]"
        }
        output += "}"
        return output
    }

    /// Writes `{…}`; `false` when a non-null field below failed, so this object must become `null`.
    private mutating func writeSelection(_ plan: SelectionPlan, source: any Sendable) throws(ExecutionFallback) -> Bool
    {
        output += "{"
        var answered = true
        for (index, field) in plan.fields.enumerated() {
            if index > 0 { output += "," }
            output += field.keyPrefix
            trail.enter(.key(field.responseKey))
            // Siblings of a failed field still run: the library runs them too, and their errors count.
            if try !writeField(field, source: source) { answered = false }
            trail.leave()
        }
        output += "}"
        return answered
    }

    private mutating func writeField(_ field: FieldPlan, source: any Sendable) throws(ExecutionFallback) -> Bool {
        guard let resolve = field.resolve else {
            writeString(field.parentTypeName)
            return true
        }
        let arguments: Map =
            switch field.arguments {
            case .constant(let map): map
            case .perRequest(let definitions, let nodes):
                try InputCoercion.arguments(definitions, nodes, variables: variables)
            }
        let value: (any Sendable)?
        do {
            value = try resolve(source, arguments, context, nil)
            trail.record(.success(value))
        } catch {
            trail.record(.failure(error))
            errors.append(
                GraphQLError(
                    message: String(describing: error), nodes: field.nodes,
                    path: IndexPath(trail.path.map { $0 as any IndexPathElement }), originalError: error))
            if field.output.isNonNull { return false }
            output += "null"
            return true
        }
        return try complete(field.output, value, field: field)
    }

    /// Writes a completed value; `false` when a non-null position got `null` (nothing usable is written then).
    private mutating func complete(_ plan: OutputPlan, _ value: (any Sendable)?, field: FieldPlan)
        throws(ExecutionFallback) -> Bool
    {
        if case .nonNull(let inner) = plan {
            guard let value else {
                errors.append(
                    GraphQLError(
                        message: "Cannot return null for non-nullable field \(field.parentTypeName).\(field.fieldName)."
                    ))
                return false
            }
            return try completeValue(inner, value, field: field)
        }
        guard let value else {
            output += "null"
            return true
        }
        let mark = output.utf8.count
        if try completeValue(plan, value, field: field) { return true }
        // A nullable position absorbs the failure below it.
        truncate(to: mark)
        output += "null"
        return true
    }

    private mutating func completeValue(_ plan: OutputPlan, _ value: any Sendable, field: FieldPlan)
        throws(ExecutionFallback) -> Bool
    {
        switch plan {
        case .nonNull:
            // The planner never nests one non-null in another (``QueryPlanner``), so this is not reached.
            throw ExecutionFallback("non-null inside non-null")
        case .list(let item):
            return try completeList(item, value, field: field)
        case .scalar(let kind, let type):
            try writeScalar(kind, type, value)
            return true
        case .enumeration(let names, _):
            guard let name = value as? String, names.contains(name) else { throw ExecutionFallback("enum value") }
            writeString(name)
            return true
        case .object(let selection):
            guard let object = value as? any GraphValue, object.graphQLTypeName == selection.typeName else {
                throw ExecutionFallback("value is not a \(selection.typeName)")
            }
            return try writeSelection(selection, source: object)
        case .abstract(let selections):
            guard let object = value as? any GraphValue, let selection = selections[object.graphQLTypeName] else {
                throw ExecutionFallback("value of no possible type")
            }
            return try writeSelection(selection, source: object)
        }
    }

    private mutating func completeList(_ item: OutputPlan, _ value: any Sendable, field: FieldPlan)
        throws(ExecutionFallback) -> Bool
    {
        guard let items = value as? [(any Sendable)?] else { throw ExecutionFallback("list value is not an array") }
        output += "["
        var answered = true
        for (index, element) in items.enumerated() {
            if index > 0 { output += "," }
            trail.enter(.index(index))
            defer { trail.leave() }
            if item.isNonNull {
                if element is NullListEntry { throw ExecutionFallback("placeholder in a non-null list") }
                if try !complete(item, element, field: field) { answered = false }
                continue
            }
            // GraphQLSwift drops (or fails on) a nullable entry that completes to null, so only the
            // placeholder of a missing node (`nodes(ids:)`) is answered here, as the `null` it stands for.
            if element is NullListEntry {
                output += "null"
                continue
            }
            guard let element else { throw ExecutionFallback("null entry in a list") }
            if try !completeValue(item, element, field: field) { throw ExecutionFallback("failed entry in a list") }
        }
        output += "]"
        return answered
    }

    private mutating func writeScalar(_ kind: ScalarKind, _ type: GraphQLLeafType, _ value: any Sendable)
        throws(ExecutionFallback)
    {
        switch kind {
        case .string, .id, .custom:
            if let text = value as? String { return writeString(text) }
        case .int:
            if let number = value as? Int, number >= Int(Int32.min), number <= Int(Int32.max) {
                output += String(number)
                return
            }
        case .boolean:
            if let flag = value as? Bool {
                output += flag ? "true" : "false"
                return
            }
        case .float:
            break
        }
        // Everything else through the type's own serialisation and the response writer's number rules.
        do {
            output += StorefrontResponseWriter.json(try type.serialize(value: value)).serialized()
        } catch {
            throw ExecutionFallback("scalar the type cannot serialise")
        }
    }

    private mutating func writeString(_ text: String) {
        output += "\""
        JSONEscaping.append(text, to: &output)
        output += "\""
    }

    private mutating func truncate(to utf8Count: Int) {
        let utf8 = output.utf8
        output.removeSubrange(utf8.index(utf8.startIndex, offsetBy: utf8Count)..<output.endIndex)
    }
}
