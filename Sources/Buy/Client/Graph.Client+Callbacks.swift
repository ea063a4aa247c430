import CommerceCore
import Foundation

extension Graph.Client {
    /// Prepares a query; nothing is sent until you call `resume()` on the returned task. The completion
    /// runs once on ``callbackQueue``, and never after `cancel()`.
    public func queryGraphWith(_ query: Storefront.QueryRootQuery, cachePolicy: Graph.CachePolicy? = nil,
                               retryHandler: Graph.RetryHandler<Storefront.QueryRoot>? = nil,
                               completionHandler: @escaping QueryCompletion) -> any GraphTask {
        let captured = Graph.Unchecked(value: (query, retryHandler, completionHandler))
        return Graph.CallbackTask(queue: callbackQueue) { task in
            Task {
                let (query, retryHandler, completion) = captured.value
                let response = await self.perform(query, isQuery: true, cachePolicy: cachePolicy, retryHandler: retryHandler,
                                                  runCondition: self.onCallbackQueue,
                                                  decode: { object throws(SchemaViolationError) in try Storefront.QueryRoot(object: object) })
                let result = Graph.Unchecked(value: (completion, response))
                task.deliver { result.value.0(result.value.1.model, result.value.1.error) }
            }
        }
    }

    /// Prepares a mutation; nothing is sent until you call `resume()` on the returned task. Mutations
    /// never use the cache.
    public func mutateGraphWith(_ mutation: Storefront.MutationQuery,
                                retryHandler: Graph.RetryHandler<Storefront.Mutation>? = nil,
                                completionHandler: @escaping MutationCompletion) -> any GraphTask {
        let captured = Graph.Unchecked(value: (mutation, retryHandler, completionHandler))
        return Graph.CallbackTask(queue: callbackQueue) { task in
            Task {
                let (mutation, retryHandler, completion) = captured.value
                let response = await self.perform(mutation, isQuery: false, cachePolicy: nil, retryHandler: retryHandler,
                                                  runCondition: self.onCallbackQueue,
                                                  decode: { object throws(SchemaViolationError) in try Storefront.Mutation(object: object) })
                let result = Graph.Unchecked(value: (completion, response))
                task.deliver { result.value.0(result.value.1.model, result.value.1.error) }
            }
        }
    }

    /// Runs a retry condition on the callback queue, where the callback API promises to call it.
    private func onCallbackQueue<R: GraphQL.AbstractResponse>(_ condition: @escaping Graph.RetryHandler<R>.Condition, _ model: R?,
                                                              _ error: Graph.QueryError?) async -> Bool {
        let call = Graph.Unchecked(value: { condition(model, error) })
        return await withCheckedContinuation { continuation in
            callbackQueue.async { continuation.resume(returning: call.value()) }
        }
    }
}
