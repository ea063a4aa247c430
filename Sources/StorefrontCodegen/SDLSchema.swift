import Foundation
import GraphQL

/// Reading a schema written in the GraphQL schema definition language (SDL): GraphQLSwift builds the
/// schema, and this walk turns it into the same ``Introspection`` value an introspection JSON gives, so
/// everything after the input step is shared.
///
/// An SDL document carries no order of its own for the schema's type list or an interface's implementations,
/// so both are put in alphabetical order — the order the Storefront API's introspection uses. Field,
/// argument, enum value and union member order is kept as written.
extension Introspection {
    static func fromSDL(_ text: String) throws -> Introspection {
        let schema: GraphQLSchema
        do {
            schema = try buildSchema(source: text)
        } catch {
            throw StorefrontCodegen.GenerationError.invalidSDL(String(describing: error))
        }
        do {
            return try SDLWalk(schema: schema).introspection()
        } catch {
            throw StorefrontCodegen.GenerationError.invalidSDL(String(describing: error))
        }
    }
}

/// The schema → ``Introspection`` conversion.
private struct SDLWalk {
    let schema: GraphQLSchema

    func introspection() throws -> Introspection {
        let types = try schema.typeMap.values.sorted { $0.name < $1.name }.map(fullType)
        let directives = schema.directives.map { directive in
            Introspection.Directive(
                name: directive.name,
                args: directive.args.map { Introspection.InputValue(name: $0.name, type: ref($0.type)) })
        }
        return Introspection(
            queryType: schema.queryType.map { Introspection.NamedRef(name: $0.name) },
            mutationType: schema.mutationType.map { Introspection.NamedRef(name: $0.name) },
            types: types, directives: directives)
    }

    private func fullType(_ type: GraphQLNamedType) throws -> Introspection.FullType {
        switch type {
        case let object as GraphQLObjectType:
            return .init(
                kind: "OBJECT", name: object.name, fields: try fields(object.fields()), inputFields: nil,
                interfaces: try object.interfaces().map { .init(name: $0.name) }, enumValues: nil, possibleTypes: nil,
                isOneOf: nil)
        case let interface as GraphQLInterfaceType:
            let implementations = schema.getPossibleTypes(abstractType: interface).map(\.name).sorted()
            return .init(
                kind: "INTERFACE", name: interface.name, fields: try fields(interface.fields()), inputFields: nil,
                interfaces: try interface.interfaces().map { .init(name: $0.name) }, enumValues: nil,
                possibleTypes: implementations.map { .init(name: $0) }, isOneOf: nil)
        case let union as GraphQLUnionType:
            return .init(
                kind: "UNION", name: union.name, fields: nil, inputFields: nil, interfaces: nil, enumValues: nil,
                possibleTypes: try union.types().map { .init(name: $0.name) }, isOneOf: nil)
        case let enumeration as GraphQLEnumType:
            return .init(
                kind: "ENUM", name: enumeration.name, fields: nil, inputFields: nil, interfaces: nil,
                enumValues: enumeration.values.map { .init(name: $0.name, isDeprecated: $0.isDeprecated) },
                possibleTypes: nil, isOneOf: nil)
        case let input as GraphQLInputObjectType:
            let inputFields = try input.fields().map { name, field in
                Introspection.InputValue(name: name, type: ref(field.type))
            }
            return .init(
                kind: "INPUT_OBJECT", name: input.name, fields: nil, inputFields: inputFields, interfaces: nil,
                enumValues: nil, possibleTypes: nil, isOneOf: input.isOneOf)
        default:
            return .init(
                kind: "SCALAR", name: type.name, fields: nil, inputFields: nil, interfaces: nil, enumValues: nil,
                possibleTypes: nil, isOneOf: nil)
        }
    }

    private func fields(_ map: GraphQLFieldMap) -> [Introspection.Field] {
        map.map { name, field in
            Introspection.Field(
                name: name, args: field.args.map { Introspection.InputValue(name: $0, type: ref($1.type)) },
                type: ref(field.type), isDeprecated: field.deprecationReason != nil)
        }
    }

    private func ref(_ type: GraphQLType) -> Introspection.TypeRef {
        if let nonNull = type as? GraphQLNonNull {
            return .init(kind: "NON_NULL", name: nil, ofType: ref(nonNull.ofType))
        }
        if let list = type as? GraphQLList { return .init(kind: "LIST", name: nil, ofType: ref(list.ofType)) }
        let kind =
            switch type {
            case is GraphQLObjectType: "OBJECT"
            case is GraphQLInterfaceType: "INTERFACE"
            case is GraphQLUnionType: "UNION"
            case is GraphQLEnumType: "ENUM"
            case is GraphQLInputObjectType: "INPUT_OBJECT"
            default: "SCALAR"
            }
        return .init(kind: kind, name: (type as? GraphQLNamedType)?.name, ofType: nil)
    }
}
