import Foundation
import StorefrontCodegen
import Testing

/// `@oneOf` input objects (spec §2.8.2, §2.8.6): an input object with `isOneOf: true` becomes an enum with one
/// case per field, so a request always renders exactly one field. No Storefront version has one yet, so the
/// schema here is built by hand.
@Suite struct CodegenOneOfTests {
    static func ref(_ kind: String, _ name: String) -> String {
        #"{"kind":"\#(kind)","name":"\#(name)","ofType":null}"#
    }
    static func nonNull(_ inner: String) -> String { #"{"kind":"NON_NULL","name":null,"ofType":\#(inner)}"# }
    static func list(_ inner: String) -> String { #"{"kind":"LIST","name":null,"ofType":\#(inner)}"# }
    static func value(_ name: String, _ type: String) -> String {
        #"{"name":"\#(name)","description":"An input value described at length so a leak would show.","type":\#(type),"defaultValue":null}"#
    }
    static func input(_ name: String, oneOf: Bool?, _ fields: [String]) -> String {
        let flag = oneOf.map { #","isOneOf":\#($0)"# } ?? ""
        return
            #"{"kind":"INPUT_OBJECT","name":"\#(name)","description":"An input object of the synthetic schema.","fields":null,"inputFields":[\#(fields.joined(separator: ","))],"interfaces":null,"enumValues":null,"possibleTypes":null\#(flag)}"#
    }
    static func object(_ name: String, _ fields: [(String, [String], String)]) -> String {
        let rendered = fields.map { field in
            #"{"name":"\#(field.0)","description":null,"args":[\#(field.1.joined(separator: ","))],"type":\#(field.2),"isDeprecated":false,"deprecationReason":null}"#
        }
        return
            #"{"kind":"OBJECT","name":"\#(name)","description":null,"fields":[\#(rendered.joined(separator: ","))],"inputFields":null,"interfaces":[],"enumValues":null,"possibleTypes":null}"#
    }

    /// `ProductIdentifier` is `@oneOf` with an ID, a keyword-named field, a list and an enum; `Filter` is
    /// `@oneOf` and contains itself; `Search` is an ordinary input object holding both.
    static let schema: String = {
        let string = ref("SCALAR", "String")
        let types = [
            object(
                "QueryRoot",
                [
                    (
                        "product", [value("identifier", nonNull(ref("INPUT_OBJECT", "ProductIdentifier")))],
                        ref("SCALAR", "String")
                    ),
                    ("search", [value("input", ref("INPUT_OBJECT", "Search"))], ref("SCALAR", "String")),
                ]),
            object("Mutation", [("noop", [], string)]),
            input(
                "ProductIdentifier", oneOf: true,
                [
                    value("id", ref("SCALAR", "ID")),
                    value("handle", string),
                    value("default", ref("SCALAR", "Boolean")),
                    value("tags", list(nonNull(string))),
                    value("sort", ref("ENUM", "SortKey")),
                ]),
            input(
                "Filter", oneOf: true,
                [
                    value("not", ref("INPUT_OBJECT", "Filter")),
                    value("tag", string),
                ]),
            input(
                "Search", oneOf: false,
                [
                    value("by", ref("INPUT_OBJECT", "ProductIdentifier")),
                    value("filter", ref("INPUT_OBJECT", "Filter")),
                    value("first", nonNull(ref("SCALAR", "Int"))),
                ]),
            #"{"kind":"ENUM","name":"SortKey","description":null,"fields":null,"inputFields":null,"interfaces":null,"enumValues":[{"name":"TITLE","description":null,"isDeprecated":false,"deprecationReason":null}],"possibleTypes":null}"#,
        ]
        return
            #"{"__schema":{"queryType":{"name":"QueryRoot"},"mutationType":{"name":"Mutation"},"subscriptionType":null,"types":[\#(types.joined(separator: ","))],"directives":[{"name":"oneOf","description":"Marks an input object that takes exactly one field.","locations":["INPUT_OBJECT"],"args":[]}]}}"#
    }()

    static func generate() throws -> [StorefrontCodegen.GeneratedFile] {
        try StorefrontCodegen.generate(schema: Data(schema.utf8), options: .init(apiVersion: "2099-01"))
    }

    static func file(_ files: [StorefrontCodegen.GeneratedFile], _ name: String) throws -> String {
        try #require(files.first { $0.path == "Storefront/\(name).swift" }, "\(name).swift").contents
    }

    @Test func oneOfInputObjectIsAnEnumWithOneCasePerField() throws {
        let text = try Self.file(try Self.generate(), "ProductIdentifier")
        #expect(text.contains("    public enum ProductIdentifier: Sendable, GraphQL.ArgumentValue {\n"))
        let cases = text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter {
            $0.hasPrefix("case ") && !$0.contains("let value")
        }
        #expect(
            cases == [
                "case id(GraphQL.ID)", "case handle(String)", "case `default`(Bool)", "case tags([String])",
                "case sort(Storefront.SortKey)",
            ])
        // One field is rendered: the one the case carries, with its value never null.
        #expect(
            text.contains(
                """
                            switch self {
                            case .id(let value): _fields.add("id", value)
                            case .handle(let value): _fields.add("handle", value)
                            case .`default`(let value): _fields.add("default", value)
                            case .tags(let value): _fields.add("tags", value)
                            case .sort(let value): _fields.add("sort", value)
                            }
                            return _fields.rendered
                """))
        #expect(text.contains("public var graphQLLiteral: String { serialize() }"))
        #expect(!text.contains("static func create(") && !text.contains("Input<") && !text.contains("struct "))
    }

    @Test func recursiveOneOfIsIndirectAndOrdinaryInputsHoldOneOfValues() throws {
        let files = try Self.generate()
        let filter = try Self.file(files, "Filter")
        #expect(filter.contains("    public indirect enum Filter: GraphQL.ArgumentValue {\n"))
        #expect(filter.contains("case not(Storefront.Filter)\n"))
        let search = try Self.file(files, "Search")
        #expect(search.contains("public struct Search: Sendable, GraphQL.ArgumentValue {"))
        #expect(
            search.contains(
                "public static func create(first: Int32, by: Input<Storefront.ProductIdentifier> = .undefined, filter: Input<Storefront.Filter> = .undefined) -> Storefront.Search {"
            ))
        let root = try Self.file(files, "QueryRoot")
        #expect(
            root.contains(
                "public func product(aliasSuffix: String? = nil, identifier: Storefront.ProductIdentifier) -> Storefront.QueryRootQuery {"
            ))
        #expect(!files.contains { $0.path.contains("OneOf") })
    }

    @Test func isOneOfFalseOrMissingKeepsTheStruct() throws {
        let plain = Self.schema.replacingOccurrences(of: #""isOneOf":true"#, with: #""isOneOf":false"#)
        let files = try StorefrontCodegen.generate(schema: Data(plain.utf8), options: .init(apiVersion: "2099-01"))
        let text = try Self.file(files, "ProductIdentifier")
        #expect(text.contains("public struct ProductIdentifier: Sendable, GraphQL.ArgumentValue {"))
        #expect(
            text.contains(
                "public static func create(id: Input<GraphQL.ID> = .undefined, handle: Input<String> = .undefined,"))
        #expect(try Self.file(files, "Filter").contains("public final class Filter: GraphQL.ArgumentValue {"))

        let unflagged = Self.schema.replacingOccurrences(of: #","isOneOf":true"#, with: "")
        #expect(!unflagged.contains("isOneOf\":true"))
        let withoutFlag = try StorefrontCodegen.generate(
            schema: Data(unflagged.utf8), options: .init(apiVersion: "2099-01"))
        #expect(
            try Self.file(withoutFlag, "ProductIdentifier").contains(
                "public struct ProductIdentifier: Sendable, GraphQL.ArgumentValue {"))
    }

    @Test func sdlOneOfDirectiveGivesTheEnum() throws {
        let sdl = """
            schema { query: QueryRoot mutation: Mutation }
            type QueryRoot { product(identifier: ProductIdentifier!): String }
            type Mutation { noop: String }
            input ProductIdentifier @oneOf { id: ID handle: String }
            input Plain { id: ID }
            """
        let files = try StorefrontCodegen.generate(sdl: sdl, options: .init(apiVersion: "2099-01"))
        let text = try Self.file(files, "ProductIdentifier")
        #expect(text.contains("    public enum ProductIdentifier: Sendable, GraphQL.ArgumentValue {\n"))
        #expect(text.contains("case id(GraphQL.ID)\n") && text.contains("case handle(String)\n"))
        #expect(try Self.file(files, "Plain").contains("public struct Plain: Sendable, GraphQL.ArgumentValue {"))
    }

    @Test func generationIsStableAndDescriptionFree() throws {
        let files = try Self.generate()
        #expect(try Self.generate() == files)
        let prose = try CodegenTests.prose(in: Data(Self.schema.utf8))
        #expect(prose.count == 3)
        #expect(CodegenTests.leaks(files, prose: prose) == [])
    }
}
