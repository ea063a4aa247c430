import Foundation

extension Graph {
    /// Why a request produced no model, or only part of one. A response can carry both a model and an
    /// error (data with GraphQL errors).
    public enum QueryError: Error, Sendable {
        /// No HTTP response: a transport failure or a ``Graph/ConfigurationError``.
        case request(error: (any Error)?)
        /// The HTTP status was outside 200–299.
        case http(statusCode: Int)
        /// A successful status with an empty body.
        case noData
        /// The body is not JSON.
        case jsonDeserializationFailed(data: Data?)
        /// JSON that is not an object, or an object with neither `data` nor `errors`.
        case invalidJson(json: Data)
        /// The server reported GraphQL errors.
        case invalidQuery(reasons: [Reason])
        /// The data does not fit the query or the schema.
        case schemaViolation(violation: SchemaViolationError)
        /// `.cacheOnly` found no cached answer.
        case cacheMiss
        /// The Swift task running an async request was cancelled.
        case cancelled

        /// One GraphQL error as the server described it.
        public struct Reason: Sendable, Equatable {
            /// The error message, or `Unknown error` when the server sent none.
            public let message: String
            /// The line of the error's first location in the query.
            public let line: Int?
            /// The column of the error's first location in the query.
            public let column: Int?
            /// The response path of the field that failed.
            public let path: [String]?
            /// `extensions.code`, such as `THROTTLED` or `undefinedField`.
            public let code: String?

            /// Creates a reason.
            public init(
                message: String, line: Int? = nil, column: Int? = nil, path: [String]? = nil, code: String? = nil
            ) {
                self.message = message
                self.line = line
                self.column = column
                self.path = path
                self.code = code
            }
        }
    }
}
