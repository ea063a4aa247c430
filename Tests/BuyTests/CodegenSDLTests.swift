import Foundation
import StorefrontCodegen
import Testing

/// The generator's SDL input (`commercekit codegen storefront --sdl`): the same schema written as SDL
/// gives the same Swift files as its introspection result.
@Suite struct CodegenSDLTests {
    @Test func fixtureSchemaAsSDLGivesTheSameFiles() throws {
        let introspection = Data(CodegenTests.fixture.utf8)
        let sdl = try IntrospectionSDLPrinter.sdl(fromIntrospection: introspection)
        let options = StorefrontCodegen.Options(apiVersion: "2099-01")
        let fromSDL = try StorefrontCodegen.generate(sdl: sdl, options: options)
        let fromJSON = try StorefrontCodegen.generate(schema: introspection, options: options)
        #expect(fromSDL.map(\.path) == fromJSON.map(\.path))
        for (sdlFile, jsonFile) in zip(fromSDL, fromJSON) {
            #expect(sdlFile.contents == jsonFile.contents, "\(sdlFile.path) differs")
        }
    }

    @Test
    func storefront2021SDLGivesByteIdenticalModels() throws {
        let introspection = try Data(contentsOf: CodegenTests.schema2021)
        let sdl = try IntrospectionSDLPrinter.sdl(fromIntrospection: introspection)
        let fromSDL = try StorefrontCodegen.generate(sdl: sdl)
        let fromJSON = try StorefrontCodegen.generate(schema: introspection)
        #expect(fromJSON.count > 250)  // the whole schema, not an empty run
        #expect(fromSDL.count == fromJSON.count)
        // An object with deprecated fields and arguments, an interface, a union, an enum, an input object,
        // the roots and the directive file.
        let paths = [
            "Storefront/Product.swift", "Storefront/Node.swift", "Storefront/PricingValue.swift",
            "Storefront/CountryCode.swift", "Storefront/CartInput.swift", "Storefront/QueryRoot.swift",
            "Storefront/Mutation.swift", "Storefront.swift",
        ]
        for path in paths {
            let sdlFile = fromSDL.first { $0.path == path }
            #expect(sdlFile != nil, "\(path) missing")
            #expect(sdlFile == fromJSON.first { $0.path == path }, "\(path) differs")
        }
        let differing = zip(fromSDL, fromJSON).filter { $0 != $1 }.map(\.0.path)
        #expect(differing.isEmpty, "differ: \(differing.prefix(10))")
    }

    @Test func brokenSDLIsReported() {
        #expect(throws: StorefrontCodegen.GenerationError.self) {
            try StorefrontCodegen.generate(sdl: "type QueryRoot { shop: Shop ")
        }
        do {
            _ = try StorefrontCodegen.generate(sdl: "type Query { a: String }")
            Issue.record("a schema without a mutation type was accepted")
        } catch let error as StorefrontCodegen.GenerationError {
            #expect(error == .missingRootType("mutation"))
        } catch {
            Issue.record("unexpected \(error)")
        }
    }
}
