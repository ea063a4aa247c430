import CommerceCore
import Foundation

extension Graph.Client {
    /// Prepares a query; nothing is sent until you call `resume()` on the returned task. The completion
    /// runs once on ``callbackQueue``, and never after `cancel()`.
    public func queryGraphWith(
        _ query: Storefront.QueryRootQuery, cachePolicy: Graph.CachePolicy? = nil,
        retryHandler: Graph.RetryHandler<Storefront.QueryRoot>? = nil,
        completionHandler: @escaping QueryCompletion
    ) -> any GraphTask {
        task(
            for: query, isQuery: true, modelsVersion: Storefront.Schema.version, cachePolicy: cachePolicy,
            retryHandler: retryHandler, completion: completionHandler
        ) { object throws(SchemaViolationError) in try Storefront.QueryRoot(object: object) }
    }

    /// Prepares a mutation; nothing is sent until you call `resume()` on the returned task. Mutations
    /// never use the cache.
    public func mutateGraphWith(
        _ mutation: Storefront.MutationQuery,
        retryHandler: Graph.RetryHandler<Storefront.Mutation>? = nil,
        completionHandler: @escaping MutationCompletion
    ) -> any GraphTask {
        task(
            for: mutation, isQuery: false, modelsVersion: Storefront.Schema.version, cachePolicy: nil,
            retryHandler: retryHandler, completion: completionHandler
        ) { object throws(SchemaViolationError) in try Storefront.Mutation(object: object) }
    }

    func run<R>(_ pending: Graph.PendingRequest<R>, task: Graph.CallbackTask) async {
        let response = await perform(
            pending.operation, modelsVersion: pending.modelsVersion, isQuery: pending.isQuery,
            cachePolicy: pending.cachePolicy,
            retryHandler: pending.retryHandler, runCondition: onCallbackQueue, decode: pending.decode)
        pending.response = response
        task.deliver { pending.complete() }
    }

    /// Runs a retry condition on the callback queue, where the callback API promises to call it.
    private func onCallbackQueue<R: GraphQL.AbstractResponse>(
        _ condition: @escaping Graph.RetryHandler<R>.Condition, _ model: R?,
        _ error: Graph.QueryError?
    ) async -> Bool {
        let call = Graph.PendingCondition(condition: condition, model: model, error: error)
        return await withCheckedContinuation { continuation in
            callbackQueue.async { continuation.resume(returning: call.evaluate()) }
        }
    }
}

extension Graph {
    /// One callback-API request: the app's builder, handler and completion, which are not `Sendable`.
    /// Only the task serving the request touches them, in sequence, which makes the unchecked
    /// conformance honest.
    // @unchecked: only the task serving the request touches it, one step after another.
    final class PendingRequest<R: GraphQL.AbstractResponse>: @unchecked Sendable {
        let operation: GraphQL.AbstractQuery
        let modelsVersion: String
        let isQuery: Bool
        let cachePolicy: CachePolicy?
        let retryHandler: RetryHandler<R>?
        let completion: (R?, QueryError?) -> Void
        let decode: (JSONObject) throws(SchemaViolationError) -> R
        var response: Response<R>?

        init(
            operation: GraphQL.AbstractQuery, modelsVersion: String, isQuery: Bool, cachePolicy: CachePolicy?,
            retryHandler: RetryHandler<R>?, completion: @escaping (R?, QueryError?) -> Void,
            decode: @escaping (JSONObject) throws(SchemaViolationError) -> R
        ) {
            self.operation = operation
            self.modelsVersion = modelsVersion
            self.isQuery = isQuery
            self.cachePolicy = cachePolicy
            self.retryHandler = retryHandler
            self.completion = completion
            self.decode = decode
        }

        func complete() {
            completion(response?.model, response?.error)
        }
    }

    /// A retry condition with its arguments, carried to the callback queue.
    // @unchecked: immutable after init; `evaluate()` runs once, on the callback queue.
    final class PendingCondition<R: GraphQL.AbstractResponse>: @unchecked Sendable {
        let condition: RetryHandler<R>.Condition
        let model: R?
        let error: QueryError?

        init(condition: @escaping RetryHandler<R>.Condition, model: R?, error: QueryError?) {
            self.condition = condition
            self.model = model
            self.error = error
        }

        func evaluate() -> Bool { condition(model, error) }
    }
}
