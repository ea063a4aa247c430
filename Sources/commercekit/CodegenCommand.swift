import ArgumentParser
import Foundation
import StorefrontCodegen

/// `commercekit codegen`: code generators for the client modules.
struct CodegenCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "codegen",
        abstract: "Generate Swift models from a schema.",
        subcommands: [StorefrontCodegenCommand.self])
}

/// `commercekit codegen storefront`: Storefront introspection JSON (or SDL) → `Sources/Buy/Generated`.
struct StorefrontCodegenCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "storefront",
        abstract: "Generate the Buy module's Storefront models from an introspection file or an SDL file.")

    @Option(help: "Introspection JSON (default: Schemas/Storefront/storefront-2021-10.schema.json in the package).")
    var schema: String?

    @Option(help: "A schema definition (SDL) file to generate from instead of an introspection file.")
    var sdl: String?

    @Option(name: .customLong("api-version"), help: "API version written to Storefront.Schema.version.")
    var apiVersion = "2021-10"

    @Option(help: "Output directory (default: Sources/Buy/Generated).")
    var output: String?

    @Option(help: "Namespace enum for the generated types.")
    var namespace = "Storefront"

    @Option(name: .customLong("alias-label"), help: "Argument label for aliases: aliasSuffix or alias.")
    var aliasLabel = "aliasSuffix"

    @Option(
        name: .customLong("runtime-module"),
        help: "The module with the GraphQL runtime, when the models go into another one (Buy for Storefront2026_04).")
    var runtimeModule: String?

    @Option(name: .customLong("sandbox-artefact"), help: "Also write the description-free schema the sandbox loads.")
    var sandboxArtefact: String?

    @Flag(
        help:
            "Generate into memory, compare with the output directory (and the --sandbox-artefact file, if given), exit 1 on any difference."
    )
    var check = false

    func run() throws {
        let root = Self.packageRoot()
        let schemaURL =
            schema.map { URL(fileURLWithPath: $0) }
            ?? root.appendingPathComponent("Schemas/Storefront/storefront-2021-10.schema.json")
        let outputURL = output.map { URL(fileURLWithPath: $0) } ?? root.appendingPathComponent("Sources/Buy/Generated")
        let options = StorefrontCodegen.Options(
            apiVersion: apiVersion, namespace: namespace, aliasLabel: aliasLabel, runtimeModule: runtimeModule
        ) { message in
            FileHandle.standardError.write(Data("warning: \(message)\n".utf8))
        }
        if let sdl {
            // The sandbox artefact is derived from introspection JSON only (spec §2.8.4).
            guard schema == nil, sandboxArtefact == nil else {
                throw ValidationError("--sdl cannot be combined with --schema or --sandbox-artefact")
            }
            let text = try String(contentsOf: URL(fileURLWithPath: sdl), encoding: .utf8)
            try emit(StorefrontCodegen.generate(sdl: text, options: options), to: outputURL, artefactSource: nil)
            return
        }
        let data = try Data(contentsOf: schemaURL)
        try emit(StorefrontCodegen.generate(schema: data, options: options), to: outputURL, artefactSource: data)
    }

    /// Writes the files (or, with `--check`, compares them), plus the sandbox artefact when asked for.
    private func emit(_ files: [StorefrontCodegen.GeneratedFile], to outputURL: URL, artefactSource data: Data?) throws
    {

        if check {
            var differences = StorefrontCodegen.differences(between: files, and: outputURL, subdirectory: namespace)
            // The artefact is generated output too (spec §2.8.1): with --sandbox-artefact, --check compares it.
            if let sandboxArtefact, let data {
                differences += try StorefrontCodegen.sandboxArtefactDifferences(
                    schema: data, file: URL(fileURLWithPath: sandboxArtefact))
            }
            for line in differences { print(line) }
            if !differences.isEmpty { throw ExitCode(1) }
            print(
                "\(files.count) files up to date in \(outputURL.path)" + (sandboxArtefact.map { ", and \($0)" } ?? ""))
            return
        }
        try StorefrontCodegen.write(files, to: outputURL, subdirectory: namespace)
        print("Wrote \(files.count) files to \(outputURL.path)")
        if let sandboxArtefact, let data {
            let url = URL(fileURLWithPath: sandboxArtefact)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try StorefrontCodegen.sandboxArtefact(schema: data).write(to: url, options: .atomic)
            print("Wrote the sandbox artefact to \(url.path)")
        }
    }

    /// The directory holding Package.swift: searched upward from the working directory.
    static func packageRoot() -> URL {
        var directory = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        for _ in 0..<8 {
            if FileManager.default.fileExists(atPath: directory.appendingPathComponent("Package.swift").path) {
                return directory
            }
            directory.deleteLastPathComponent()
        }
        return URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    }
}
