import CommerceCore
import CommerceTestSupport
import Foundation
import StorefrontCodegen
import Testing

/// The generator on a small hand-written schema, on the real 2021-10 file, and against the committed output.
@Suite struct CodegenTests {
    static let fixture = #"""
        {"data":{"__schema":{
          "queryType":{"name":"QueryRoot"},"mutationType":{"name":"Mutation"},"subscriptionType":null,
          "types":[
            {"kind":"OBJECT","name":"QueryRoot","description":"The entry point for every read in this little fixture schema.","fields":[
              {"name":"node","description":"Fetches any object that has a global identifier.","args":[{"name":"id","description":"The identifier of the object to fetch.","type":{"kind":"NON_NULL","name":null,"ofType":{"kind":"SCALAR","name":"ID","ofType":null}},"defaultValue":null}],"type":{"kind":"INTERFACE","name":"Node","ofType":null},"isDeprecated":false,"deprecationReason":null},
              {"name":"search","description":"Searches items by a free text query string.","args":[
                {"name":"first","description":"How many items to return at most.","type":{"kind":"SCALAR","name":"Int","ofType":null},"defaultValue":null},
                {"name":"query","description":"Free text that the items must match somewhere.","type":{"kind":"SCALAR","name":"String","ofType":null},"defaultValue":null}],
               "type":{"kind":"NON_NULL","name":null,"ofType":{"kind":"LIST","name":null,"ofType":{"kind":"NON_NULL","name":null,"ofType":{"kind":"OBJECT","name":"Item","ofType":null}}}},"isDeprecated":false,"deprecationReason":null},
              {"name":"result","description":null,"args":[],"type":{"kind":"UNION","name":"Result","ofType":null},"isDeprecated":false,"deprecationReason":null}
            ],"inputFields":null,"interfaces":[],"enumValues":null,"possibleTypes":null},
            {"kind":"OBJECT","name":"Mutation","description":null,"fields":[
              {"name":"itemUpdate","description":"Changes an item and returns the new version of it.","args":[{"name":"input","description":null,"type":{"kind":"NON_NULL","name":null,"ofType":{"kind":"INPUT_OBJECT","name":"ItemInput","ofType":null}},"defaultValue":null}],"type":{"kind":"OBJECT","name":"Item","ofType":null},"isDeprecated":false,"deprecationReason":null}
            ],"inputFields":null,"interfaces":[],"enumValues":null,"possibleTypes":null},
            {"kind":"INTERFACE","name":"Node","description":"Anything with a globally unique identifier attached.","fields":[
              {"name":"id","description":"The globally unique identifier of the object.","args":[],"type":{"kind":"NON_NULL","name":null,"ofType":{"kind":"SCALAR","name":"ID","ofType":null}},"isDeprecated":false,"deprecationReason":null}
            ],"inputFields":null,"interfaces":[],"enumValues":null,"possibleTypes":[{"kind":"OBJECT","name":"Item","ofType":null}]},
            {"kind":"UNION","name":"Result","description":"Either an item or nothing of interest at all.","fields":null,"inputFields":null,"interfaces":null,"enumValues":null,"possibleTypes":[{"kind":"OBJECT","name":"Item","ofType":null}]},
            {"kind":"OBJECT","name":"Item","description":"A thing that is sold in the fixture shop.","fields":[
              {"name":"id","description":"The globally unique identifier of the object.","args":[],"type":{"kind":"NON_NULL","name":null,"ofType":{"kind":"SCALAR","name":"ID","ofType":null}},"isDeprecated":false,"deprecationReason":null},
              {"name":"name","description":"The human readable name of the item.","args":[],"type":{"kind":"NON_NULL","name":null,"ofType":{"kind":"SCALAR","name":"String","ofType":null}},"isDeprecated":false,"deprecationReason":null},
              {"name":"default","description":"Whether this item is the default choice.","args":[],"type":{"kind":"SCALAR","name":"Boolean","ofType":null},"isDeprecated":false,"deprecationReason":null},
              {"name":"typeName","description":"A field whose name clashes with the runtime.","args":[],"type":{"kind":"SCALAR","name":"String","ofType":null},"isDeprecated":false,"deprecationReason":null},
              {"name":"oldName","description":"The name this item had before it was renamed.","args":[],"type":{"kind":"SCALAR","name":"String","ofType":null},"isDeprecated":true,"deprecationReason":"Use `name` instead, the old name is gone for good."},
              {"name":"color","description":null,"args":[],"type":{"kind":"ENUM","name":"Color","ofType":null},"isDeprecated":false,"deprecationReason":null}
            ],"inputFields":null,"interfaces":[{"kind":"INTERFACE","name":"Node","ofType":null}],"enumValues":null,"possibleTypes":null},
            {"kind":"ENUM","name":"Color","description":"The colours an item can be painted in.","fields":null,"inputFields":null,"interfaces":null,"enumValues":[
              {"name":"RED","description":"A warm colour that looks like fire.","isDeprecated":false,"deprecationReason":null},
              {"name":"DARK_BLUE","description":null,"isDeprecated":false,"deprecationReason":null},
              {"name":"MODEL_3D","description":null,"isDeprecated":false,"deprecationReason":null},
              {"name":"IN","description":null,"isDeprecated":true,"deprecationReason":"This value is no longer produced anywhere."}
            ],"possibleTypes":null},
            {"kind":"INPUT_OBJECT","name":"ItemInput","description":"The fields of an item that a mutation may change.","fields":null,"inputFields":[
              {"name":"tags","description":"Tags that replace the current tags of the item.","type":{"kind":"LIST","name":null,"ofType":{"kind":"NON_NULL","name":null,"ofType":{"kind":"SCALAR","name":"String","ofType":null}}},"defaultValue":null},
              {"name":"name","description":"The new human readable name of the item.","type":{"kind":"NON_NULL","name":null,"ofType":{"kind":"SCALAR","name":"String","ofType":null}},"defaultValue":null},
              {"name":"color","description":null,"type":{"kind":"ENUM","name":"Color","ofType":null},"defaultValue":null}
            ],"interfaces":null,"enumValues":null,"possibleTypes":null},
            {"kind":"SCALAR","name":"ID","description":"An opaque identifier that is unique across the schema.","fields":null,"inputFields":null,"interfaces":null,"enumValues":null,"possibleTypes":null},
            {"kind":"SCALAR","name":"String","description":null,"fields":null,"inputFields":null,"interfaces":null,"enumValues":null,"possibleTypes":null},
            {"kind":"OBJECT","name":"__Schema","description":"Introspection types are never generated at all.","fields":[],"inputFields":null,"interfaces":[],"enumValues":null,"possibleTypes":null}
          ],
          "directives":[
            {"name":"inContext","description":"Sets the buyer context that the operation runs in.","locations":["QUERY","MUTATION"],"args":[{"name":"country","description":null,"type":{"kind":"ENUM","name":"Color","ofType":null},"defaultValue":null}]},
            {"name":"skip","description":null,"locations":["FIELD"],"args":[]}
          ]}}}
        """#

    static func generate(_ options: StorefrontCodegen.Options = .init(apiVersion: "2099-01")) throws
        -> [StorefrontCodegen.GeneratedFile]
    {
        try StorefrontCodegen.generate(schema: Data(fixture.utf8), options: options)
    }

    static func file(_ files: [StorefrontCodegen.GeneratedFile], _ path: String) -> String {
        files.first { $0.path == path }?.contents ?? ""
    }

    @Test func oneFilePerTypeSortedWithHeader() throws {
        let files = try Self.generate()
        #expect(
            files.map(\.path) == [
                "Storefront.Schema.swift", "Storefront.swift", "Storefront/Color.swift",
                "Storefront/InContextDirective.swift", "Storefront/Item.swift", "Storefront/ItemInput.swift",
                "Storefront/Mutation.swift", "Storefront/Node.swift", "Storefront/QueryRoot.swift",
                "Storefront/Result.swift",
            ])
        for file in files {
            #expect(
                file.contents.hasPrefix("// Generated by StorefrontCodegen from Storefront API 2099-01. Do not edit.\n")
            )
            #expect(!file.contents.contains("\r") && !file.contents.contains("\t"))
        }
        #expect(try Self.generate() == files)
        #expect(Self.file(files, "Storefront.Schema.swift").contains("public static let version = \"2099-01\""))
    }

    @Test func objectsBuildersArgumentsAndNameHygiene() throws {
        let warnings = Locked<[String]>([])
        let files = try Self.generate(
            .init(apiVersion: "2099-01") { warning in warnings.withLock { $0.append(warning) } })
        let item = Self.file(files, "Storefront/Item.swift")
        #expect(
            item.contains(
                "public final class Item: GraphQL.AbstractResponse, GraphQLObject, @unchecked Sendable, Storefront.Node, Storefront.Result {"
            ))
        #expect(item.contains("public var `default`: Bool? {"))
        #expect(item.contains("public var typeName_: String? {"))
        #expect(warnings.current.contains { $0.contains("Item.typeName") })
        #expect(
            item.contains(
                "@available(*, deprecated, message: \"Deprecated in Storefront API 2099-01.\")\n        public var oldName: String? {"
            ))
        #expect(item.contains("public func aliasedName(aliasSuffix: String) -> String {"))
        let root = Self.file(files, "Storefront/QueryRoot.swift")
        #expect(
            root.contains(
                "public func search(aliasSuffix: String? = nil, first: Int32? = nil, query: String? = nil, _ subfields: (Storefront.ItemQuery) -> Void) -> Storefront.QueryRootQuery {"
            ))
        #expect(root.contains("public var search: [Storefront.Item] {"))
        #expect(root.contains("public var node: (any Storefront.Node)? {"))
        #expect(root.contains("@_spi(GeneratedModels) override public var operationKeyword: String? { \"query\" }"))
        let namespace = Self.file(files, "Storefront.swift")
        #expect(
            namespace.contains(
                "public static func buildQuery(inContext: Storefront.InContextDirective? = nil, subfields: (Storefront.QueryRootQuery) -> Void) -> Storefront.QueryRootQuery {"
            ))
    }

    @Test func abstractTypesEnumsInputsAndDirectives() throws {
        let files = try Self.generate()
        let node = Self.file(files, "Storefront/Node.swift")
        #expect(node.contains("public protocol Node: AnyObject, Sendable {"))
        #expect(node.contains("addField(field: \"__typename\")"))
        #expect(
            node.contains("public func onItem(subfields: (Storefront.ItemQuery) -> Void) -> Storefront.NodeQuery {"))
        #expect(node.contains("public final class UnknownNode:"))
        #expect(
            Self.file(files, "Storefront/Result.swift").contains("public protocol Result: AnyObject, Sendable {\n    }")
        )
        let color = Self.file(files, "Storefront/Color.swift")
        for line in [
            "case red = \"RED\"", "case darkBlue = \"DARK_BLUE\"", "case model3d = \"MODEL_3D\"", "case `in` = \"IN\"",
            "case unknownValue = \"\"",
        ] {
            #expect(color.contains(line), "\(line)")
        }
        let input = Self.file(files, "Storefront/ItemInput.swift")
        #expect(
            input.contains(
                "public static func create(name: String, tags: Input<[String]> = .undefined, color: Input<Storefront.Color> = .undefined) -> Storefront.ItemInput {"
            ))
        #expect(
            input.contains(
                "public init(name: String, tags: Input<[String]> = .undefined, color: Input<Storefront.Color> = .undefined) {"
            ))
        #expect(
            input.contains(
                "_fields.add(\"tags\", self.tags)\n            _fields.add(\"name\", self.name)\n            _fields.add(\"color\", self.color)"
            ))
        let directive = Self.file(files, "Storefront/InContextDirective.swift")
        #expect(directive.contains("public init(country: Storefront.Color? = nil) {"))
        #expect(
            !files.contains {
                $0.path.contains("Skip") || $0.path.contains("__Schema") || $0.path.contains("/ID.swift")
            })
    }

    @Test func aliasLabelAndNamespaceOptions() throws {
        let files = try Self.generate(.init(apiVersion: "2099-01", namespace: "Shop2099", aliasLabel: "alias"))
        #expect(files.contains { $0.path == "Shop2099/Item.swift" })
        let item = Self.file(files, "Shop2099/Item.swift")
        #expect(item.contains("public func name(alias: String? = nil) -> Shop2099.ItemQuery {"))
        #expect(item.contains("addField(field: \"name\", aliasSuffix: alias)"))
        #expect(item.contains("public func aliasedName(alias: String) -> String {"))
        #expect(throws: StorefrontCodegen.GenerationError.self) { try Self.generate(.init(aliasLabel: "label")) }
    }

    @Test func acceptsUnwrappedSchemaAndRejectsMissingRoots() throws {
        let unwrapped = String(Self.fixture.trimmingCharacters(in: .whitespacesAndNewlines).dropFirst(8).dropLast(1))
        #expect(try StorefrontCodegen.generate(schema: Data(unwrapped.utf8)).count == 10)
        let noMutation = Self.fixture.replacingOccurrences(
            of: #""mutationType":{"name":"Mutation"}"#, with: #""mutationType":null"#)
        #expect(throws: StorefrontCodegen.GenerationError.missingRootType("mutation")) {
            try StorefrontCodegen.generate(schema: Data(noMutation.utf8))
        }
        #expect(throws: StorefrontCodegen.GenerationError.self) {
            try StorefrontCodegen.generate(schema: Data("{}".utf8))
        }
    }

    @Test func sandboxArtefactDropsDescriptions() throws {
        let artefact = try StorefrontCodegen.sandboxArtefact(schema: Data(Self.fixture.utf8))
        let text = String(decoding: artefact, as: UTF8.self)
        #expect(!text.contains("\"description\""))
        #expect(text.contains(#""deprecationReason":"Deprecated""#))
        #expect(!text.contains("old name is gone"))
        #expect(!text.contains("\n"))
        #expect(
            try StorefrontCodegen.generate(schema: artefact)
                == (try StorefrontCodegen.generate(schema: Data(Self.fixture.utf8))))
    }

    /// Every description and deprecation reason longer than 24 characters, at any depth.
    static func prose(in data: Data) throws -> Set<String> {
        var found: Set<String> = []
        func walk(_ value: Any) {
            if let object = value as? [String: Any] {
                for (key, item) in object {
                    if key == "description" || key == "deprecationReason", let text = item as? String, text.count > 24 {
                        found.insert(text)
                    }
                    walk(item)
                }
            } else if let array = value as? [Any] {
                array.forEach(walk)
            }
        }
        walk(try JSONSerialization.jsonObject(with: data))
        return found
    }

    /// The prose strings found in any generated file. A rolling hash over every 24-byte window of the
    /// output finds candidate positions; each candidate is confirmed byte by byte. (Foundation's
    /// substring search on a 2 MB string overflows a test thread's stack on Linux.)
    static func leaks(_ files: [StorefrontCodegen.GeneratedFile], prose: Set<String>) -> [String] {
        let text = Array(files.map(\.contents).joined(separator: "\n").utf8)
        let width = 24
        let needles = prose.sorted().map { Array($0.utf8) }
        func hash(_ bytes: ArraySlice<UInt8>) -> UInt64 { bytes.reduce(UInt64(0)) { $0 &* 257 &+ UInt64($1) } }
        let wanted = Set(needles.map { hash($0.prefix(width)) })
        var starts: [UInt64: [Int]] = [:]
        if text.count >= width {
            var power: UInt64 = 1
            for _ in 1..<width { power = power &* 257 }
            var rolling: UInt64 = 0
            for index in 0..<text.count {
                if index >= width { rolling = rolling &- UInt64(text[index - width]) &* power }
                rolling = rolling &* 257 &+ UInt64(text[index])
                if index >= width - 1, wanted.contains(rolling) {
                    starts[rolling, default: []].append(index - width + 1)
                }
            }
        }
        return needles.filter { needle in
            (starts[hash(needle.prefix(width))] ?? []).contains { start in
                start + needle.count <= text.count && text[start..<(start + needle.count)].elementsEqual(needle)
            }
        }.map { String(decoding: $0.prefix(40), as: UTF8.self) }
    }

    @Test func fixtureDescriptionsNeverReachOutput() throws {
        let prose = try Self.prose(in: Data(Self.fixture.utf8))
        #expect(prose.count >= 10)
        #expect(Self.leaks(try Self.generate(), prose: prose).isEmpty)
    }

    static let schemaDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Schemas/Storefront").standardizedFileURL
    static let schema2021 = schemaDirectory.appendingPathComponent("storefront-2021-10.schema.json")
    static let generatedDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Sources/Buy/Generated").standardizedFileURL

    @Test
    func realSchemaDescriptionsNeverReachOutput() throws {
        let data = try Data(contentsOf: Self.schema2021)
        let prose = try Self.prose(in: data)
        #expect(prose.count > 500)
        let files = try StorefrontCodegen.generate(schema: data)
        #expect(Self.leaks(files, prose: prose) == [])
    }

    @Test
    func committedModelsMatchAFreshGeneration() throws {
        let files = try StorefrontCodegen.generate(schema: Data(contentsOf: Self.schema2021))
        #expect(files.count > 250)
        #expect(
            StorefrontCodegen.differences(between: files, and: Self.generatedDirectory, subdirectory: "Storefront")
                == [])
    }

    /// The sandbox serves the artefact committed in its resources; the generator must reproduce it exactly.
    @Test
    func sandboxArtefactMatchesTheCommittedResource() throws {
        let committed = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent(
                "../../Sources/StorefrontSandbox/Resources/storefront-2021-10.sandbox.json")
        let generated = try StorefrontCodegen.sandboxArtefact(schema: Data(contentsOf: Self.schema2021))
        #expect(generated == (try Data(contentsOf: committed)))
        #expect(
            try StorefrontCodegen.sandboxArtefactDifferences(schema: Data(contentsOf: Self.schema2021), file: committed)
                == [])
    }

    /// What `codegen storefront --check --sandbox-artefact <file>` reports for the artefact.
    @Test func sandboxArtefactCheckReportsMissingAndChangedFiles() throws {
        let schema = Data(Self.fixture.utf8)
        let directory = TestDirectories.make("ArtefactCheck")
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("storefront.sandbox.json")
        #expect(
            try StorefrontCodegen.sandboxArtefactDifferences(schema: schema, file: file) == ["missing: \(file.path)"])
        try StorefrontCodegen.sandboxArtefact(schema: schema).write(to: file)
        #expect(try StorefrontCodegen.sandboxArtefactDifferences(schema: schema, file: file) == [])
        try Data((String(decoding: try Data(contentsOf: file), as: UTF8.self) + "\n").utf8).write(to: file)
        #expect(
            try StorefrontCodegen.sandboxArtefactDifferences(schema: schema, file: file) == ["changed: \(file.path)"])
    }
}
