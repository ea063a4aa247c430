extension Graph {
    /// What a request produced: a model, an error, or both (data that came with GraphQL errors).
    public struct Response<R: GraphQL.AbstractResponse>: Sendable {
        /// The decoded model, when there is one.
        public let model: R?
        /// The error, when there is one.
        public let error: Graph.QueryError?

        /// Pairs a model and an error.
        public init(model: R?, error: Graph.QueryError?) {
            self.model = model
            self.error = error
        }
    }
}
