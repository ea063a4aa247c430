import GraphQL

/// Argument and variable coercion for ``QueryExecutor``, giving the same `Map` values GraphQLSwift 4.3's
/// `getVariableValues`, `valueFromAST` and `getArgumentValues` give for the inputs it covers: scalars,
/// enums and lists of them. Input objects, and any value the library would refuse with an error, throw
/// ``ExecutionFallback`` so that the library answers (and words the error) itself.
enum InputCoercion {
    /// The coerced values of the operation's variables (every defined variable, `.undefined` when absent).
    static func variables(
        _ definitions: [VariableDefinition], inputs: [String: Map],
        schema: GraphQLSchema
    ) throws(ExecutionFallback) -> [String: Map] {
        var values: [String: Map] = [:]
        for definition in definitions {
            let type = try inputType(definition.type, schema: schema)
            var value = inputs[definition.variable.name.value] ?? .undefined
            if value == .undefined, let literal = definition.defaultValue {
                value = try self.literal(literal, type: type, variables: [:])
            }
            values[definition.variable.name.value] = try coerce(value, type: type)
        }
        return values
    }

    /// A field's argument map: every defined argument, from the document, its default, or `.undefined`.
    static func arguments(
        _ definitions: [ArgumentDefinition], _ nodes: [Argument],
        variables: [String: Map]
    ) throws(ExecutionFallback) -> Map {
        let empty: Map = [:]
        // The library's ordered dictionary, reached without importing its module.
        guard case .dictionary(var entries) = empty else { throw ExecutionFallback("Map literal is not a dictionary") }
        for definition in definitions {
            var value: Map
            if let node = nodes.first(where: { $0.name.value == definition.name }) {
                value = try literal(node.value, type: definition.type, variables: variables)
            } else {
                value = definition.defaultValue ?? .undefined
            }
            // The library refuses a missing or null required argument with its own error text.
            if definition.type is GraphQLNonNull, value == .undefined || value == .null {
                throw ExecutionFallback("required argument \(definition.name) has no value")
            }
            entries[definition.name] = value
        }
        return .dictionary(entries)
    }

    /// A literal (or variable reference) of the document as a `Map` of `type`.
    static func literal(_ node: Value, type: GraphQLInputType, variables: [String: Map]) throws(ExecutionFallback)
        -> Map
    {
        if let nonNull = type as? GraphQLNonNull {
            guard !(node is NullValue), let inner = nonNull.ofType as? GraphQLInputType else {
                throw ExecutionFallback("null literal for a non-null type")
            }
            return try literal(node, type: inner, variables: variables)
        }
        if node is NullValue { return .null }
        if let variable = node as? Variable { return variables[variable.name.value] ?? .undefined }
        if let list = type as? GraphQLList {
            guard let itemType = list.ofType as? GraphQLInputType else {
                throw ExecutionFallback("list of a non-input type")
            }
            if let items = node as? ListValue {
                var values: [Map] = []
                for item in items.values { values.append(try literal(item, type: itemType, variables: variables)) }
                return .array(values)
            }
            return .array([try literal(node, type: itemType, variables: variables)])
        }
        guard let leaf = type as? GraphQLLeafType else { throw ExecutionFallback("input object literal") }
        do {
            return try leaf.parseLiteral(valueAST: node)
        } catch {
            throw ExecutionFallback("literal the type refuses")
        }
    }

    /// A variable value checked and coerced as `getVariableValue` does (validate, then coerce).
    private static func coerce(_ value: Map, type: GraphQLInputType) throws(ExecutionFallback) -> Map {
        if let nonNull = type as? GraphQLNonNull {
            guard value != .null, value != .undefined, let inner = nonNull.ofType as? GraphQLInputType else {
                throw ExecutionFallback("missing or null value for a non-null variable")
            }
            return try coerce(value, type: inner)
        }
        if value == .null || value == .undefined { return value }
        if let list = type as? GraphQLList {
            guard let itemType = list.ofType as? GraphQLInputType else {
                throw ExecutionFallback("list of a non-input type")
            }
            if case .array(let items) = value {
                var values: [Map] = []
                for item in items { values.append(try coerce(item, type: itemType)) }
                return .array(values)
            }
            return .array([try coerce(value, type: itemType)])
        }
        guard let leaf = type as? GraphQLLeafType else { throw ExecutionFallback("input object variable") }
        let parsed: Map
        do {
            parsed = try leaf.parseValue(value: value)
        } catch {
            throw ExecutionFallback("variable value the type refuses")
        }
        if parsed == .null || parsed == .undefined { throw ExecutionFallback("variable value parses to null") }
        return parsed
    }

    /// The schema type a variable definition names.
    static func inputType(_ node: any `Type`, schema: GraphQLSchema) throws(ExecutionFallback) -> GraphQLInputType {
        switch node {
        case let named as NamedType:
            guard let type = schema.getType(name: named.name.value) as? GraphQLInputType else {
                throw ExecutionFallback("unknown input type")
            }
            return type
        case let list as ListType:
            return GraphQLList(try inputType(list.type, schema: schema))
        case let nonNull as NonNullType:
            guard let inner = try inputType(nonNull.type, schema: schema) as? GraphQLNullableType else {
                throw ExecutionFallback("non-null of a non-null type")
            }
            return GraphQLNonNull(inner)
        default:
            throw ExecutionFallback("unknown type node")
        }
    }
}
