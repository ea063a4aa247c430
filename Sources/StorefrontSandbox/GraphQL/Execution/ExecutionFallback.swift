/// Thrown when ``QueryPlanner`` or ``QueryExecutor`` meets something it leaves to GraphQLSwift (an input
/// object, a value the library would reject, a result shape whose handling only the library defines, more
/// than one field error). The request then runs on the library's executor from the start, so the answer
/// never depends on what the fast path covers; when the executor threw, the library reuses the outcome of every
/// resolver it already ran (``ResolvedFields``) instead of running it again.
struct ExecutionFallback: Error {
    let reason: String
    init(_ reason: String) { self.reason = reason }
}
