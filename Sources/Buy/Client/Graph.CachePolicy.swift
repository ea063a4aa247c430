extension Graph {
    /// How a query uses the response cache. Mutations and requests with a retry handler always go to
    /// the network without reading the cache.
    public enum CachePolicy: Equatable, Sendable {
        /// Answer from the cache only, whatever its age; a miss fails with `.cacheMiss`.
        case cacheOnly
        /// Ask the network only (the default). Successful answers are still stored.
        case networkOnly
        /// Use a cached answer younger than `expireIn` seconds, else ask the network.
        case cacheFirst(expireIn: Int)
        /// Ask the network; when it gives no model, fall back to a cached answer younger than
        /// `expireIn` seconds.
        case networkFirst(expireIn: Int)
    }
}
