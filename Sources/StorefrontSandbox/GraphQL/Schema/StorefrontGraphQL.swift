import CommerceCore
import Foundation
import GRDB
import GraphQL
import SandboxCore

/// An executable schema (2021-10 or 2026-04), built once per process from its bundled artefact, and the per-request
/// pipeline: bracket-nesting pre-scan (G10) → parse (G1) → depth and spread nesting (G10) → subscriptions (G11) →
/// validate (G2–G9) → execute, queries on a reader and mutations in one write transaction (spec §5.3).
package final class StorefrontGraphQL: Sendable {
    static let servedVersion = "2021-10"
    /// The later version served beside 2021-10 on the same stores (``bundled2026``).
    static let version2026 = "2026-04"
    static let servedVersions = [servedVersion, version2026]
    static let maximumDepth = 50

    let schema: GraphQLSchema
    /// The API version this schema answers for (`X-Shopify-API-Version`).
    let version: String
    /// Fields, argument definitions and resolvers for the synchronous query executor (``QueryExecutor``).
    let fieldTable: FieldTable
    /// `Type.field` of the resolvers that may write (``ResolverRegistry/pollingFields``).
    private let pollingFields: Set<String>
    private let documents = PreparedDocumentCache()

    /// Whether queries try ``QueryExecutor`` before GraphQLSwift (off only to compare the two in tests).
    let synchronousQueries: Bool

    init(
        artefact: Data, registry: ResolverRegistry = .storefront, version: String = servedVersion,
        synchronousQueries: Bool = true
    ) throws {
        self.synchronousQueries = synchronousQueries
        self.version = version
        let introspection = try JSONValue.parse(artefact, maxDepth: 512)
        // 2021-10's artefact keeps the `{"data": …}` wrapper, 2026-04's introspection file has none.
        let root = introspection["data"]?["__schema"] ?? introspection["__schema"]
        let mutationName = root?["mutationType"]?["name"]?.stringValue ?? "Mutation"
        schema = try StorefrontSchemaBuilder(introspection: introspection) { type, field, output in
            registry.resolver(typeName: type, fieldName: field, type: output, mutationTypeName: mutationName)
        }.build()
        fieldTable = try FieldTable(schema: schema, registry: registry)
        pollingFields = registry.pollingFields
    }

    /// The schema of the bundled artefact with the Storefront resolvers.
    package convenience init() throws {
        try self.init(artefact: Self.bundledArtefact())
    }

    /// The bundled schema of a served version (`2021-10` or `2026-04`) with that version's resolvers.
    package convenience init(version: String) throws {
        guard Self.servedVersions.contains(version) else {
            throw StorefrontSchemaBuilder.BuildError.malformed("version \(version) is not served")
        }
        let registry: ResolverRegistry = version == Self.version2026 ? .storefront2026 : .storefront
        try self.init(artefact: Self.bundledArtefact(version: version), registry: registry, version: version)
    }

    /// The schema of the bundled artefact, built on first use and shared by every world of the process (the main
    /// one and each session): it holds no world's state, and building it is most of what a new world costs.
    /// `nil` when the artefact is missing or broken.
    static let bundled: StorefrontGraphQL? = try? StorefrontGraphQL(artefact: bundledArtefact())

    /// The 2026-04 schema with the same resolvers (``ResolverRegistry/storefront2026``), shared like ``bundled``.
    static let bundled2026: StorefrontGraphQL? = try? StorefrontGraphQL(version: version2026)

    /// The artefact of `version` shipped as a SwiftPM resource.
    static func bundledArtefact(version: String = servedVersion) throws -> Data {
        let name = "storefront-\(version).sandbox"
        guard
            let url = Bundle.module.url(forResource: name, withExtension: "json", subdirectory: "Resources")
                ?? Bundle.module.url(forResource: name, withExtension: "json")
        else {
            throw StorefrontSchemaBuilder.BuildError.malformed("\(name).json is missing from the bundle")
        }
        return try Data(contentsOf: url)
    }

    /// What one request asks for.
    struct Request: Sendable {
        let document: String
        let variables: [String: Map]
        let operationName: String?
    }

    /// The response body (`{"data":…,"errors":…}` or `{"errors":…}`) and the operation type, for the log.
    struct Outcome: Sendable {
        /// The body as a value, or as the JSON text the synchronous executor wrote.
        private let value: JSONValue?
        private let text: String?
        let operation: String?

        init(body: JSONValue, operation: String?) {
            value = body
            text = nil
            self.operation = operation
        }

        init(text: String, operation: String?) {
            value = nil
            self.text = text
            self.operation = operation
        }

        /// The body as a value (parsed back when the executor wrote text; tests read it this way).
        var body: JSONValue {
            if let value { return value }
            return (try? JSONValue.parse(text ?? "null", maxDepth: 4096)) ?? .null
        }

        /// Whether ``QueryExecutor`` wrote the body (GraphQLSwift did not run).
        var answeredSynchronously: Bool { text != nil }

        /// The body as sent.
        var bodyData: Data { text.map { Data($0.utf8) } ?? body.serializedData() }
    }

    /// Runs `request` for the shop and token given; `makeContext` builds the resolver context inside the transaction.
    ///
    /// The executor is decided here, once, before any resolver runs:
    /// - a mutation, or a query selecting a field that may write (a readiness poll, §5.14; ``OperationWrites``),
    ///   runs in one write transaction, which serialises them, on GraphQLSwift, whose field order polls rely on;
    /// - any other query runs on a concurrent reader: on ``QueryExecutor`` when its document was planned, else on
    ///   GraphQLSwift. A value the plan could not foresee (a second field error, a value of the wrong type) hands
    ///   the request to the library with every resolver outcome so far (``ResolvedFields``): no resolver runs twice.
    func run(
        _ request: Request, database: SandboxDatabase, catalogCache: CatalogCache? = nil,
        makeContext: @escaping @Sendable (Database) throws -> StorefrontRequestContext
    ) async throws -> Outcome {
        let document: Document
        let validationErrors: JSONValue?
        let plans: DocumentPlans?
        let writing: Set<Int>
        switch documents.prepared(request.document, prepare: { prepare(request.document) }) {
        case .rejected(let body):
            return Outcome(body: body, operation: nil)
        case .parsed(let box, let errors, let documentPlans, let writingOperations):
            document = box.value
            validationErrors = errors
            plans = documentPlans
            writing = writingOperations
        }
        let operations = document.definitions.compactMap { $0 as? OperationDefinition }
        let selectedIndex =
            request.operationName.flatMap { name in operations.firstIndex { $0.name?.value == name } }
            ?? (operations.isEmpty ? nil : 0)
        let selected = selectedIndex.map { operations[$0] }
        if let selected, selected.operation == .subscription {
            return Outcome(
                body: [
                    "errors": [
                        [
                            "message": "Subscriptions are not supported",
                            "locations": Self.locations(selected.loc, body: request.document),
                        ]
                    ]
                ],
                operation: "subscription")
        }
        let operationType = selected.map { $0.operation == .mutation ? "mutation" : "query" }
        if let validationErrors {
            return Outcome(body: ["errors": validationErrors], operation: operationType)
        }
        guard #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *) else {
            return Outcome(
                body: ["errors": [["message": "The Storefront sandbox needs macOS 15 or later to execute requests."]]],
                operation: operationType)
        }
        let documentBox = UncheckedBox(document)
        if operationType != "mutation", !(selectedIndex.map(writing.contains) ?? false) {
            // Taken before the read transaction starts (see ``CatalogCache/generation``).
            let catalogGeneration = catalogCache?.generation
            let plansBox = UncheckedBox(plans)
            return try await database.writer.read { db in
                let context = try makeContext(db)
                if let catalogCache, let catalogGeneration { context.sharedCatalog = (catalogCache, catalogGeneration) }
                if self.synchronousQueries, let plans = plansBox.value {
                    switch FastQueryPath.answer(
                        request, document: documentBox.value, plans: plans, schema: self.schema,
                        table: self.fieldTable, context: context)
                    {
                    case .answered(let text)?: return Outcome(text: text, operation: operationType)
                    case .handedOver(let resolved)?: context.resolvedFields = resolved
                    case nil: break
                    }
                }
                return Outcome(
                    body: self.executeDocument(request, document: documentBox, context: context),
                    operation: operationType)
            }
        }
        let body: JSONValue = try await database.writer.write { db in
            try self.executeDocument(request, document: documentBox, context: makeContext(db))
        }
        return Outcome(body: body, operation: operationType)
    }

    /// Executes on GraphQLSwift on the calling thread, inside the caller's transaction.
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
    private func executeDocument(
        _ request: Request, document: UncheckedBox<Document>, context: StorefrontRequestContext
    ) -> JSONValue {
        let schema = self.schema
        let result = InlineTaskExecutor.run {
            do {
                return try await execute(
                    schema: schema, documentAST: document.value, rootValue: (), context: context,
                    variableValues: request.variables, operationName: request.operationName)
            } catch let error as GraphQLError {
                return GraphQLResult(errors: [error])
            } catch {
                return GraphQLResult(errors: [GraphQLError(error)])
            }
        }
        return StorefrontResponseWriter.body(result, nullEntries: context.nullEntries, requestID: context.requestID)
    }

    /// The `errors` body ``run(_:database:catalogCache:makeContext:)`` answers for `text` before executing it, or
    /// `nil` when the document passes every check that depends on its text alone (the fuzzer's entry point).
    package func preparationErrors(_ text: String) -> JSONValue? {
        switch prepare(text) {
        case .rejected(let body): body
        case .parsed(_, let errors, _, _): errors.map { ["errors": $0] }
        }
    }

    /// The checks that depend on the document text alone, in the order of spec §4.2.
    private func prepare(_ text: String) -> PreparedDocument {
        // The parser recurses per nesting level; refuse absurd nesting before it can exhaust the stack.
        let nesting = DocumentNestingScan.deepestNesting(of: text)
        if nesting > DocumentNestingScan.maximumNesting { return .rejected(Self.depthExceeded(nesting)) }
        let document: Document
        do {
            document = try parse(source: Source(body: LexerGuard.lexable(text), name: "GraphQL request"))
        } catch let error as GraphQLError {
            return .rejected(["errors": [ValidationErrorRewriter.syntaxError(error, body: text)]])
        } catch {
            return .rejected(["errors": [["message": "Syntax error: the document could not be parsed"]]])
        }
        let measure = DocumentDepth(document)
        if measure.selectionDepth > Self.maximumDepth { return .rejected(Self.depthExceeded(measure.selectionDepth)) }
        if measure.spreadNesting > DocumentNestingScan.maximumNesting {
            // Sandbox decision: validation and execution follow spreads recursively, so long chains are refused.
            return .rejected([
                "errors": [
                    [
                        "message": .string(
                            "Query nests fragment spreads \(measure.spreadNesting) deep, which exceeds the sandbox limit of \(DocumentNestingScan.maximumNesting)"
                        ),
                        "extensions": ["code": "MAX_DEPTH_EXCEEDED"],
                    ]
                ]
            ])
        }
        if measure.spreadExpansion > DocumentDepth.maximumSpreadExpansion {
            // Sandbox decision: the planner and GraphQLSwift walk a fragment once per path that reaches it.
            return .rejected([
                "errors": [
                    [
                        "message": .string(
                            "Query expands fragment spreads more than \(DocumentDepth.maximumSpreadExpansion) times, which exceeds the sandbox limit"
                        ),
                        "extensions": ["code": "MAX_COMPLEXITY_EXCEEDED"],
                    ]
                ]
            ])
        }
        let namingErrors = DuplicateDefinitions.errors(in: document)
        let validationErrors =
            namingErrors.isEmpty
            ? validate(schema: schema, ast: document, rules: specifiedRules + [DirectiveArgumentsRule.rule])
            : namingErrors
        guard !validationErrors.isEmpty else {
            return .parsed(
                UncheckedBox(document), validationErrors: nil,
                plans: FastQueryPath.plans(for: document, schema: schema, table: fieldTable),
                writing: OperationWrites.writing(in: document, schema: schema, pollingFields: pollingFields))
        }
        let rewriter = ValidationErrorRewriter(document: document, body: text, schema: schema)
        return .parsed(UncheckedBox(document), validationErrors: .array(rewriter.rewrite(validationErrors)))
    }

    /// The G10 body for a document `depth` levels deep.
    private static func depthExceeded(_ depth: Int) -> JSONValue {
        [
            "errors": [
                [
                    "message": .string("Query has depth of \(depth), which exceeds max depth of \(maximumDepth)"),
                    "extensions": ["code": "MAX_DEPTH_EXCEEDED"],
                ]
            ]
        ]
    }

    private static func locations(_ loc: Location?, body: String) -> JSONValue {
        guard let loc else { return [] }
        let prefix = Array(body.utf8.prefix(loc.start))
        let line = prefix.filter { $0 == 0x0A }.count + 1
        let column = prefix.count - (prefix.lastIndex(of: 0x0A).map { $0 + 1 } ?? 0) + 1
        return [["line": .integer(Int64(line)), "column": .integer(Int64(column))]]
    }
}

/// Carries a parsed document (GraphQLSwift AST classes, not `Sendable`) or its plans into a transaction closure
/// and the prepared-document cache.
// @unchecked: parsed documents and plans are never mutated after parsing, so concurrent readers are safe.
struct UncheckedBox<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
