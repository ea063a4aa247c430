import CommerceCore
import Foundation

extension Graph.Client {
    /// Evaluates a retry condition: directly on the calling task (async API) or on the callback queue.
    typealias ConditionRunner<R: GraphQL.AbstractResponse> = (
        @escaping Graph.RetryHandler<R>.Condition, R?, Graph.QueryError?
    ) async -> Bool

    /// The request for one document, with the headers of §3.1.
    func makeRequest(body: Graph.RequestBody, url: URL) -> HTTPRequest {
        var headers = HTTPHeaders()
        headers["Content-Type"] = "application/json"
        headers["Accept"] = "application/json"
        headers["Accept-Language"] = acceptLanguage
        headers["X-Shopify-Storefront-Access-Token"] = apiKey
        headers["X-Query-Tag"] = body.queryTag
        let sdk = "\(apiVersion)/\(CommerceCore.version)"
        headers["User-Agent"] = "Mobile Buy SDK iOS/\(sdk)/\(Bundle.main.bundleIdentifier ?? "com.unknown.bundle")"
        headers["X-SDK-Version"] = sdk
        headers["X-SDK-Variant"] = "ios"
        // Buy never retries on its own: retrying is the app's decision through RetryHandler.
        return HTTPRequest(method: .post, url: url, headers: headers, body: body.data, allowsRetry: false)
    }

    /// Runs one operation under its cache policy and retry handler and returns what the callback gets.
    /// `modelsVersion` is the API version of the models that built `operation` and decode the answer.
    func perform<R: GraphQL.AbstractResponse>(
        _ operation: GraphQL.AbstractQuery, modelsVersion: String, isQuery: Bool,
        cachePolicy requested: Graph.CachePolicy?, retryHandler: Graph.RetryHandler<R>?,
        runCondition: ConditionRunner<R>, decode: (JSONObject) throws(SchemaViolationError) -> R
    ) async -> Graph.Response<R> {
        // Models of one version against another version's endpoint would be refused or misread by the server.
        guard modelsVersion == apiVersion else {
            return Graph.Response(
                model: nil, error: .request(error: Graph.APIVersionMismatch(client: apiVersion, models: modelsVersion)))
        }
        if let configurationError { return Graph.Response(model: nil, error: .request(error: configurationError)) }
        guard let url = apiURL else {
            return Graph.Response(
                model: nil, error: .request(error: Graph.ConfigurationError.invalidShopDomain(shopDomain)))
        }
        let document = operation.description
        // A value the builders could not write (unknown enum case, NaN, bad alias) is refused here, before
        // the cache or the network, instead of sending a document the server rejects.
        if let invalid = GraphQL.InvalidDocumentError(document: document) {
            return Graph.Response(model: nil, error: .request(error: invalid))
        }
        let body = Graph.RequestBody(document: document)
        let key = cacheKey(for: body)
        let policy: Graph.CachePolicy = isQuery && retryHandler == nil ? (requested ?? cachePolicy) : .networkOnly

        switch policy {
        case .cacheOnly:
            guard let item = cache.item(forKey: key) else { return Graph.Response(model: nil, error: .cacheMiss) }
            return Graph.ResponseLadder.process(body: item.data, query: operation, decode: decode)
        case .cacheFirst(let expireIn):
            if let cached = validCachedResponse(key: key, expireIn: expireIn, operation: operation, decode: decode) {
                return cached
            }
        case .networkOnly, .networkFirst:
            break
        }

        let request = makeRequest(body: body, url: url)
        var handler = retryHandler
        var response: Graph.Response<R>
        var deliveredBody: Data?
        while true {
            if Task.isCancelled { return Graph.Response(model: nil, error: .cancelled) }
            let outcome: Result<HTTPResponse, any Error>
            do { outcome = .success(try await transport.send(request)) } catch { outcome = .failure(error) }
            if Task.isCancelled { return Graph.Response(model: nil, error: .cancelled) }
            response = Graph.ResponseLadder.process(outcome, query: operation, decode: decode)
            deliveredBody = try? outcome.get().body

            guard var current = handler, current.canRetry,
                await runCondition(current.condition, response.model, response.error)
            else { break }
            current.repeatCount += 1
            handler = current
            do { try await sleep(current.waitBeforeRepeat) } catch {
                return Graph.Response(model: nil, error: .cancelled)
            }
        }

        if isQuery, let bodyData = deliveredBody, response.model != nil, response.error == nil {
            cache.set(Graph.CacheItem(hash: key, data: bodyData, timestamp: now().timeIntervalSince1970))
        }
        if case .networkFirst(let expireIn) = policy, response.model == nil,
            let cached = validCachedResponse(key: key, expireIn: expireIn, operation: operation, decode: decode)
        {
            return cached
        }
        return response
    }

    /// A cached answer younger than `expireIn` that decodes cleanly; expired items are deleted.
    private func validCachedResponse<R: GraphQL.AbstractResponse>(
        key: String, expireIn: Int, operation: GraphQL.AbstractQuery,
        decode: (JSONObject) throws(SchemaViolationError) -> R
    ) -> Graph.Response<R>? {
        guard let item = cache.item(forKey: key) else { return nil }
        guard item.isValid(expireIn: expireIn, now: now()) else {
            cache.remove(key: key)
            return nil
        }
        let response = Graph.ResponseLadder.process(body: item.data, query: operation, decode: decode)
        return response.model != nil && response.error == nil ? response : nil
    }
}
