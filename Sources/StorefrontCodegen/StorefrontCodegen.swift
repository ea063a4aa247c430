import Foundation

/// Turns a Storefront API introspection result into the Swift models of the `Buy` module, and into the
/// description-free schema artefact the sandbox serves.
///
/// Generation is pure: the same input and options always give the same bytes, on every platform.
public enum StorefrontCodegen {
    /// Settings for one generation run.
    public struct Options: Sendable {
        /// The API version written to `<namespace>.Schema.version` and into every file header.
        public var apiVersion: String
        /// The enum that holds every generated type.
        public var namespace: String
        /// The argument label used for response-key aliases: `aliasSuffix` (the seed's) or `alias`.
        public var aliasLabel: String
        /// The module that holds the GraphQL runtime when the models are compiled into another one (`Buy` for
        /// `Storefront2026_04`); `nil` when they live in the runtime's own module, as `Buy`'s do.
        public var runtimeModule: String?
        /// Receives a message for every name the generator had to change.
        public var onWarning: (@Sendable (String) -> Void)?

        /// Creates options; the defaults produce the committed `Buy` models.
        public init(
            apiVersion: String = "2021-10", namespace: String = "Storefront", aliasLabel: String = "aliasSuffix",
            runtimeModule: String? = nil, onWarning: (@Sendable (String) -> Void)? = nil
        ) {
            self.apiVersion = apiVersion
            self.namespace = namespace
            self.aliasLabel = aliasLabel
            self.runtimeModule = runtimeModule
            self.onWarning = onWarning
        }
    }

    /// One output file, with a path relative to the output directory.
    public struct GeneratedFile: Sendable, Equatable {
        /// The path relative to the output directory, for example `Storefront/Shop.swift`.
        public var path: String
        /// The complete file text.
        public var contents: String

        /// Creates a file record.
        public init(path: String, contents: String) {
            self.path = path
            self.contents = contents
        }
    }

    /// Why generation could not run.
    public enum GenerationError: Error, Sendable, Equatable, CustomStringConvertible {
        /// The input is not an introspection result.
        case invalidIntrospection(String)
        /// The input is not a schema definition (SDL) document GraphQLSwift can build a schema from.
        case invalidSDL(String)
        /// A required root type is missing.
        case missingRootType(String)
        /// An option value is not supported.
        case invalidOption(String)

        /// A readable explanation.
        public var description: String {
            switch self {
            case .invalidIntrospection(let detail): "Not a GraphQL introspection result: \(detail)"
            case .invalidSDL(let detail): "Not a usable GraphQL schema definition (SDL): \(detail)"
            case .missingRootType(let name): "The schema has no \(name) type."
            case .invalidOption(let detail): "Invalid option: \(detail)"
            }
        }
    }

    /// Generates the Swift files for `schema` (introspection JSON, with or without a `data` wrapper),
    /// sorted by path.
    public static func generate(schema: Data, options: Options = Options()) throws -> [GeneratedFile] {
        try check(options)
        return try generate(Introspection.decode(schema), options: options)
    }

    /// Generates the Swift files for a schema written in SDL (`type Shop { … }`), sorted by path. For the same
    /// schema the files equal those generated from its introspection result.
    public static func generate(sdl: String, options: Options = Options()) throws -> [GeneratedFile] {
        try check(options)
        return try generate(Introspection.fromSDL(sdl), options: options)
    }

    /// Refuses options the generator cannot honour, before any input is read.
    private static func check(_ options: Options) throws {
        guard options.aliasLabel == "aliasSuffix" || options.aliasLabel == "alias" else {
            throw GenerationError.invalidOption("--alias-label must be aliasSuffix or alias")
        }
        guard SwiftNames.isIdentifier(options.namespace) else {
            throw GenerationError.invalidOption("--namespace must be a Swift identifier")
        }
        if let module = options.runtimeModule, !SwiftNames.isIdentifier(module) {
            throw GenerationError.invalidOption("--runtime-module must be a Swift identifier")
        }
    }

    private static func generate(_ introspection: Introspection, options: Options) throws -> [GeneratedFile] {
        let model = try SchemaModel(introspection)
        let context = EmitContext(model: model, options: options)
        var files = RootEmitter(context).files()
        for type in model.types {
            switch type.kind {
            case .object: files.append(ObjectEmitter(context, type).file())
            case .interface, .union: files.append(AbstractTypeEmitter(context, type).file())
            case .enumeration: files.append(EnumEmitter(context, type).file())
            case .inputObject: files.append(InputObjectEmitter(context, type).file())
            case .scalar: continue
            }
        }
        if let directive = model.inContext {
            files.append(DirectiveEmitter(context, directive).file())
        }
        if let client = ClientEmitter(context).file() { files.append(client) }
        return files.sorted { $0.path < $1.path }
    }
}
