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
        await response(
            to: query, isQuery: true, modelsVersion: Storefront.Schema.version, cachePolicy: cachePolicy,
            retryHandler: retryHandler
        ) { object throws(SchemaViolationError) in try Storefront.QueryRoot(object: object) }
    }

    /// Sends a mutation and returns the model and the error exactly as the callback API would deliver them.
    public func mutateResponse(
        _ mutation: Storefront.MutationQuery,
        retryHandler: Graph.RetryHandler<Storefront.Mutation>? = nil
    ) async -> Graph.Response<Storefront.Mutation> {
        await response(
            to: mutation, isQuery: false, modelsVersion: Storefront.Schema.version, cachePolicy: nil,
            retryHandler: retryHandler
        ) { object throws(SchemaViolationError) in try Storefront.Mutation(object: object) }
    }
}
