import CommerceCore
import Foundation
import GraphQL

/// Builds an executable `GraphQLSchema` from the description-free introspection artefact (spec §2.8.4, §5.3).
///
/// `buildASTSchema` would leave interfaces and unions without a type resolver, so the schema is assembled
/// by hand: every object type gets an `isTypeOf` and every abstract type a `resolveType`, both reading the
/// type name a ``GraphValue`` carries, and every field gets the resolver `fieldResolver` hands out.
struct StorefrontSchemaBuilder {
    /// Makes the resolver of `Type.field`; `type` is the field's declared output type.
    typealias ResolverFactory = (_ typeName: String, _ fieldName: String, _ type: GraphQLOutputType) ->
        GraphQLFieldResolve

    enum BuildError: Error, CustomStringConvertible {
        case malformed(String)
        var description: String {
            switch self {
            case .malformed(let detail): "The Storefront schema artefact is malformed: \(detail)"
            }
        }
    }

    /// Types every schema already has; the artefact lists them too, but they must be GraphQLSwift's own.
    private static let builtInScalars: [String: GraphQLScalarType] = [
        "String": GraphQLString, "Int": GraphQLInt, "Float": GraphQLFloat, "Boolean": GraphQLBoolean, "ID": GraphQLID,
    ]

    let introspection: JSONValue
    let resolverFactory: ResolverFactory

    func build() throws -> GraphQLSchema {
        let root = introspection["data"]?["__schema"] ?? introspection["__schema"]
        guard let schema = root, let types = schema["types"]?.arrayValue else {
            throw BuildError.malformed("no __schema.types")
        }
        let table = TypeTable()
        for type in types {
            guard let name = type["name"]?.stringValue, !name.hasPrefix("__") else { continue }
            if let named = try makeNamedType(type, name: name, table: table) { table.types[name] = named }
        }
        guard let queryName = schema["queryType"]?["name"]?.stringValue,
            let query = table.types[queryName] as? GraphQLObjectType
        else {
            throw BuildError.malformed("queryType")
        }
        let mutation = schema["mutationType"]?["name"]?.stringValue.flatMap { table.types[$0] as? GraphQLObjectType }
        var directives: [GraphQLDirective] = [
            GraphQLIncludeDirective, GraphQLSkipDirective, GraphQLDeprecatedDirective,
        ]
        for directive in schema["directives"]?.arrayValue ?? [] {
            guard let name = directive["name"]?.stringValue, !directives.contains(where: { $0.name == name }) else {
                continue
            }
            let locations = (directive["locations"]?.arrayValue ?? []).compactMap {
                $0.stringValue.flatMap(DirectiveLocation.init)
            }
            directives.append(
                try GraphQLDirective(
                    name: name, locations: locations,
                    args: try arguments(directive["args"], table: table)))
        }
        // Listing every type keeps the ones no root field reaches (validation must know them too).
        let all = types.compactMap { $0["name"]?.stringValue }.compactMap { table.types[$0] }
        return try GraphQLSchema(query: query, mutation: mutation, types: all, directives: directives)
    }

    private func makeNamedType(_ type: JSONValue, name: String, table: TypeTable) throws -> GraphQLNamedType? {
        switch type["kind"]?.stringValue {
        case "SCALAR":
            if let builtIn = Self.builtInScalars[name] { return builtIn }
            // Custom scalars (DateTime, Decimal, Money, URL, HTML) travel as strings; resolvers format them (§5.4).
            return try GraphQLScalarType(name: name)
        case "ENUM":
            var values = GraphQLEnumValueMap()
            for value in type["enumValues"]?.arrayValue ?? [] {
                guard let valueName = value["name"]?.stringValue else { continue }
                values[valueName] = GraphQLEnumValue(
                    value: .string(valueName),
                    deprecationReason: value["deprecationReason"]?.stringValue)
            }
            return try GraphQLEnumType(name: name, values: values)
        case "INPUT_OBJECT":
            let fields = type["inputFields"]
            return try GraphQLInputObjectType(
                name: name,
                fields: {
                    var map = InputObjectFieldMap()
                    for field in fields?.arrayValue ?? [] {
                        guard let fieldName = field["name"]?.stringValue, let ref = field["type"] else { continue }
                        map[fieldName] = InputObjectField(
                            type: try table.inputType(ref),
                            defaultValue: try Self.defaultValue(field["defaultValue"]))
                    }
                    return map
                })
        case "OBJECT":
            let fields = type["fields"]
            let interfaces = type["interfaces"]
            return try GraphQLObjectType(
                name: name,
                fields: { try self.fieldMap(typeName: name, fields, table: table) },
                interfaces: {
                    (interfaces?.arrayValue ?? []).compactMap {
                        $0["name"]?.stringValue.flatMap { table.types[$0] as? GraphQLInterfaceType }
                    }
                },
                isTypeOf: { source, _ in source is NullListEntry || (source as? any GraphValue)?.graphQLTypeName == name
                })
        case "INTERFACE":
            let fields = type["fields"]
            let interfaces = type["interfaces"]
            return try GraphQLInterfaceType(
                name: name,
                fields: { try self.fieldMap(typeName: name, fields, table: table) },
                interfaces: {
                    (interfaces?.arrayValue ?? []).compactMap {
                        $0["name"]?.stringValue.flatMap { table.types[$0] as? GraphQLInterfaceType }
                    }
                },
                resolveType: Self.resolveType)
        case "UNION":
            let possible = (type["possibleTypes"]?.arrayValue ?? []).compactMap { $0["name"]?.stringValue }
            return try GraphQLUnionType(
                name: name, resolveType: Self.resolveType,
                types: {
                    possible.compactMap { table.types[$0] as? GraphQLObjectType }
                })
        default:
            return nil
        }
    }

    private static let resolveType: GraphQLTypeResolve = { value, info in
        if value is NullListEntry, let abstract = getNamedType(type: info.returnType) as? GraphQLAbstractType {
            // A placeholder takes any concrete type of its position; its fields all answer stand-ins.
            return info.schema.getPossibleTypes(abstractType: abstract).first?.name ?? ""
        }
        return (value as? any GraphValue)?.graphQLTypeName ?? ""
    }

    private func fieldMap(typeName: String, _ fields: JSONValue?, table: TypeTable) throws -> GraphQLFieldMap {
        var map = GraphQLFieldMap()
        for field in fields?.arrayValue ?? [] {
            guard let fieldName = field["name"]?.stringValue, let ref = field["type"] else { continue }
            let type = try table.outputType(ref)
            map[fieldName] = GraphQLField(
                type: type, deprecationReason: field["deprecationReason"]?.stringValue,
                args: try arguments(field["args"], table: table),
                resolve: resolverFactory(typeName, fieldName, type))
        }
        return map
    }

    private func arguments(_ args: JSONValue?, table: TypeTable) throws -> GraphQLArgumentConfigMap {
        var map = GraphQLArgumentConfigMap()
        for arg in args?.arrayValue ?? [] {
            guard let argName = arg["name"]?.stringValue, let ref = arg["type"] else { continue }
            map[argName] = GraphQLArgument(
                type: try table.inputType(ref), defaultValue: try Self.defaultValue(arg["defaultValue"]))
        }
        return map
    }

    /// Introspection writes defaults as GraphQL literals (`false`, `ID`, `""`); parse them as one.
    static func defaultValue(_ literal: JSONValue?) throws -> Map? {
        guard let text = literal?.stringValue else { return nil }
        let document = try parse(source: Source(body: "{f(a:\(text))}"))
        guard let operation = document.definitions.first as? OperationDefinition,
            let field = operation.selectionSet.selections.first as? Field,
            let value = field.arguments.first?.value
        else {
            throw BuildError.malformed("default value \(text)")
        }
        return try valueFromASTUntyped(valueAST: value)
    }
}

/// Named types by name, filled before any lazy field closure runs.
// @unchecked: `types` is written while the schema is built, before any lazy field closure reads it.
private final class TypeTable: @unchecked Sendable {
    var types: [String: GraphQLNamedType] = [:]

    func outputType(_ ref: JSONValue) throws -> GraphQLOutputType {
        switch ref["kind"]?.stringValue {
        case "NON_NULL":
            guard let inner = ref["ofType"], let type = try outputType(inner) as? GraphQLNullableType else {
                throw StorefrontSchemaBuilder.BuildError.malformed("NON_NULL without a nullable inner type")
            }
            return GraphQLNonNull(type)
        case "LIST":
            guard let inner = ref["ofType"] else {
                throw StorefrontSchemaBuilder.BuildError.malformed("LIST without ofType")
            }
            return GraphQLList(try outputType(inner))
        default:
            guard let name = ref["name"]?.stringValue, let type = types[name] as? GraphQLOutputType else {
                throw StorefrontSchemaBuilder.BuildError.malformed(
                    "unknown output type \(ref["name"]?.stringValue ?? "?")")
            }
            return type
        }
    }

    func inputType(_ ref: JSONValue) throws -> GraphQLInputType {
        switch ref["kind"]?.stringValue {
        case "NON_NULL":
            guard let inner = ref["ofType"], let type = try inputType(inner) as? GraphQLNullableType else {
                throw StorefrontSchemaBuilder.BuildError.malformed("NON_NULL without a nullable inner type")
            }
            return GraphQLNonNull(type)
        case "LIST":
            guard let inner = ref["ofType"] else {
                throw StorefrontSchemaBuilder.BuildError.malformed("LIST without ofType")
            }
            return GraphQLList(try inputType(inner))
        default:
            guard let name = ref["name"]?.stringValue, let type = types[name] as? GraphQLInputType else {
                throw StorefrontSchemaBuilder.BuildError.malformed(
                    "unknown input type \(ref["name"]?.stringValue ?? "?")")
            }
            return type
        }
    }
}
