import Foundation

/// The parts of an introspection result the generator reads. Descriptions and deprecation reasons are
/// deliberately not decoded, so they cannot leak into generated code.
struct Introspection: Decodable {
    struct NamedRef: Decodable { let name: String }

    final class TypeRef: Decodable {
        let kind: String
        let name: String?
        let ofType: TypeRef?

        init(kind: String, name: String?, ofType: TypeRef?) {
            self.kind = kind
            self.name = name
            self.ofType = ofType
        }
    }

    struct InputValue: Decodable {
        let name: String
        let type: TypeRef
    }

    struct Field: Decodable {
        let name: String
        let args: [InputValue]?
        let type: TypeRef
        let isDeprecated: Bool?
    }

    struct EnumValue: Decodable {
        let name: String
        let isDeprecated: Bool?
    }

    struct FullType: Decodable {
        let kind: String
        let name: String
        let fields: [Field]?
        let inputFields: [InputValue]?
        let interfaces: [NamedRef]?
        let enumValues: [EnumValue]?
        let possibleTypes: [NamedRef]?
        let isOneOf: Bool?
    }

    struct Directive: Decodable {
        let name: String
        let args: [InputValue]?
    }

    let queryType: NamedRef?
    let mutationType: NamedRef?
    let types: [FullType]
    let directives: [Directive]?

    private struct SchemaWrapper: Decodable { let __schema: Introspection }
    private struct DataWrapper: Decodable { let data: SchemaWrapper }

    /// Accepts `{"data":{"__schema":…}}` and `{"__schema":…}`.
    static func decode(_ data: Data) throws -> Introspection {
        let decoder = JSONDecoder()
        if let wrapped = try? decoder.decode(DataWrapper.self, from: data) { return wrapped.data.__schema }
        do {
            return try decoder.decode(SchemaWrapper.self, from: data).__schema
        } catch {
            throw StorefrontCodegen.GenerationError.invalidIntrospection(String(describing: error))
        }
    }
}
