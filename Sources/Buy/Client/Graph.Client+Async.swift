import CommerceCore
import Foundation

extension Graph.Client {
    /// Sends a query and returns its model; any error, including GraphQL errors that came with data,
    /// is thrown. Use ``queryResponse(_:cachePolicy:retryHandler:)`` to get both.
    public func query(
        _ query: Storefront.QueryRootQuery, cachePolicy: Graph.CachePolicy? = nil,
        retryHandler: Graph.RetryHandler<Storefront.QueryRoot>? = nil
    ) async throws(Graph.QueryError) -> Storefront.QueryRoot {
        try Self.unwrap(await queryResponse(query, cachePolicy: cachePolicy, retryHandler: retryHandler))
    }

    /// Sends a mutation and returns its model; any error is thrown.
    public func mutate(
        _ mutation: Storefront.MutationQuery,
        retryHandler: Graph.RetryHandler<Storefront.Mutation>? = nil
    ) async throws(Graph.QueryError) -> Storefront.Mutation {
        try Self.unwrap(await mutateResponse(mutation, retryHandler: retryHandler))
    }

    /// Sends a query and returns the model and the error exactly as the callback API would deliver them.
    public func queryResponse(
        _ query: Storefront.QueryRootQuery, cachePolicy: Graph.CachePolicy? = nil,
        retryHandler: Graph.RetryHandler<Storefront.QueryRoot>? = nil
    ) async -> Graph.Response<Storefront.QueryRoot> {
        await perform(
            query, isQuery: true, cachePolicy: cachePolicy, retryHandler: retryHandler,
            runCondition: { condition, model, error in condition(model, error) },
            decode: { object throws(SchemaViolationError) in try Storefront.QueryRoot(object: object) })
    }

    /// Sends a mutation and returns the model and the error exactly as the callback API would deliver them.
    public func mutateResponse(
        _ mutation: Storefront.MutationQuery,
        retryHandler: Graph.RetryHandler<Storefront.Mutation>? = nil
    ) async -> Graph.Response<Storefront.Mutation> {
        await perform(
            mutation, isQuery: false, cachePolicy: nil, retryHandler: retryHandler,
            runCondition: { condition, model, error in condition(model, error) },
            decode: { object throws(SchemaViolationError) in try Storefront.Mutation(object: object) })
    }

    private static func unwrap<R>(_ response: Graph.Response<R>) throws(Graph.QueryError) -> R {
        if let error = response.error { throw error }
        guard let model = response.model else { throw Graph.QueryError.noData }
        return model
    }
}
