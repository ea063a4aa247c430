/// A query builder; `Response` is the model type its answer decodes into.
public protocol GraphQLQuery {
    /// The model type this builder's answer decodes into.
    associatedtype Response
}

/// A response model; `Query` is the builder that selects its fields.
public protocol GraphQLObject {
    /// The builder that selects this model's fields.
    associatedtype Query
}
