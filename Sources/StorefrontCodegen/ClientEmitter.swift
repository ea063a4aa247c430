/// Emits `<namespace>.Client.swift` for models compiled outside the runtime's module: `Graph.Client` methods
/// typed with these models (`query`, `mutate`, their `…Response` and callback forms), named as `Buy`'s own and
/// told apart by the models' types. `Buy` writes its 2021-10 methods by hand, so they carry the seed's typealiases.
struct ClientEmitter {
    let context: EmitContext

    init(_ context: EmitContext) {
        self.context = context
    }

    /// One operation kind: the root's Swift names and what the generated methods are called.
    private struct Operation {
        let builder: String
        let model: String
        let isQuery: Bool
        var send: String { isQuery ? "query" : "mutate" }
        var parameter: String { isQuery ? "query" : "mutation" }
        var callback: String { isQuery ? "queryGraphWith" : "mutateGraphWith" }
    }

    func file() -> StorefrontCodegen.GeneratedFile? {
        guard context.options.runtimeModule != nil else { return nil }
        let ns = context.ns
        let operations = [
            Operation(
                builder: "\(ns).\(context.model.queryTypeName)Query", model: "\(ns).\(context.model.queryTypeName)",
                isQuery: true),
            Operation(
                builder: "\(ns).\(context.model.mutationTypeName)Query",
                model: "\(ns).\(context.model.mutationTypeName)", isQuery: false),
        ]
        // The decoders call `init(object:)`, which is SPI.
        var text = context.header + "\n" + context.imports + "\n"
        text +=
            "/// `Graph.Client` with the `\(ns)` models of Storefront API \(context.options.apiVersion): create the client\n"
        text += "/// with `apiVersion: \(ns).Schema.version`; a client of another version refuses these requests.\n"
        text += "extension Graph.Client {\n"
        text += operations.map(methods).joined(separator: "\n")
        text += "\n    /// Deletes the cached response for one query from both tiers.\n"
        text += "    public func removeCachedResponse(for query: \(operations[0].builder)) {\n"
        text += "        removeCachedResponse(document: query.description)\n    }\n}\n"
        return StorefrontCodegen.GeneratedFile(path: "\(ns).Client.swift", contents: text)
    }

    private func methods(_ operation: Operation) -> String {
        let version = "\(context.ns).Schema.version"
        let policy = operation.isQuery ? "cachePolicy: Graph.CachePolicy? = nil, " : ""
        let policyArgument = operation.isQuery ? "cachePolicy: cachePolicy, " : ""
        let handler = "retryHandler: Graph.RetryHandler<\(operation.model)>? = nil"
        let decode = "{ object throws(SchemaViolationError) in try \(operation.model)(object: object) }"
        let name = operation.parameter
        var text = "    /// Sends a \(name) and returns its model; any error is thrown.\n"
        text +=
            "    public func \(operation.send)(_ \(name): \(operation.builder), \(policy)\(handler)) async throws(Graph.QueryError) -> \(operation.model) {\n"
        text +=
            "        try Graph.Client.unwrap(await \(operation.send)Response(\(name), \(policyArgument)retryHandler: retryHandler))\n"
        text += "    }\n\n"
        text += "    /// Sends a \(name) and returns the model and the error as the callback API would deliver them.\n"
        text +=
            "    public func \(operation.send)Response(_ \(name): \(operation.builder), \(policy)\(handler)) async -> Graph.Response<\(operation.model)> {\n"
        text +=
            "        await response(to: \(name), isQuery: \(operation.isQuery), modelsVersion: \(version), cachePolicy: \(operation.isQuery ? "cachePolicy" : "nil"), retryHandler: retryHandler) \(decode)\n"
        text += "    }\n\n"
        text +=
            "    /// Prepares a \(name); nothing is sent until `resume()`. The completion runs once on the callback queue.\n"
        text +=
            "    public func \(operation.callback)(_ \(name): \(operation.builder), \(policy)\(handler), completionHandler: @escaping (\(operation.model)?, Graph.QueryError?) -> Void) -> any GraphTask {\n"
        text +=
            "        task(for: \(name), isQuery: \(operation.isQuery), modelsVersion: \(version), cachePolicy: \(operation.isQuery ? "cachePolicy" : "nil"), retryHandler: retryHandler, completion: completionHandler) \(decode)\n"
        text += "    }\n"
        return text
    }
}
