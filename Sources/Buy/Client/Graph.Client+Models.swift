import CommerceCore
import Foundation

// The generic path under every typed request method: Buy's for its 2021-10 models and the generated ones of a
// models module of another version (`Storefront2026_04`). `package`, so such a module offers typed methods
// without Buy exposing a generic API.
extension Graph.Client {
    /// Sends `operation`, built with models of `modelsVersion`, and returns the model and the error exactly as
    /// the callback API would deliver them. Mutations never use the cache.
    package func response<R: GraphQL.AbstractResponse>(
        to operation: GraphQL.AbstractQuery, isQuery: Bool, modelsVersion: String, cachePolicy: Graph.CachePolicy?,
        retryHandler: Graph.RetryHandler<R>?, decode: (JSONObject) throws(SchemaViolationError) -> R
    ) async -> Graph.Response<R> {
        await perform(
            operation, modelsVersion: modelsVersion, isQuery: isQuery, cachePolicy: isQuery ? cachePolicy : nil,
            retryHandler: retryHandler, runCondition: { condition, model, error in condition(model, error) },
            decode: decode)
    }

    /// The model of a response, or its error: what `query` and `mutate` return or throw.
    package static func unwrap<R>(_ response: Graph.Response<R>) throws(Graph.QueryError) -> R {
        if let error = response.error { throw error }
        guard let model = response.model else { throw Graph.QueryError.noData }
        return model
    }

    /// A callback task for `operation`: nothing is sent until `resume()`; `completion` runs once on the
    /// callback queue, and never after `cancel()`.
    package func task<R: GraphQL.AbstractResponse>(
        for operation: GraphQL.AbstractQuery, isQuery: Bool, modelsVersion: String, cachePolicy: Graph.CachePolicy?,
        retryHandler: Graph.RetryHandler<R>?, completion: @escaping (R?, Graph.QueryError?) -> Void,
        decode: @escaping (JSONObject) throws(SchemaViolationError) -> R
    ) -> any GraphTask {
        let pending = Graph.PendingRequest(
            operation: operation, modelsVersion: modelsVersion, isQuery: isQuery,
            cachePolicy: isQuery ? cachePolicy : nil, retryHandler: retryHandler, completion: completion,
            decode: decode)
        return Graph.CallbackTask(queue: callbackQueue) { [self] task in
            Task { await self.run(pending, task: task) }
        }
    }

    /// Deletes the cached response for a query document from both tiers.
    package func removeCachedResponse(document: String) {
        cache.remove(key: cacheKey(for: Graph.RequestBody(document: document)))
    }
}
