extension Graph {
    /// Repeats a request while a condition holds: the tool for polling (checkout readiness, shipping
    /// rates, completion) and for retrying errors the app considers transient.
    ///
    /// The condition may capture app state, so it is not required to be `@Sendable`; the client calls it
    /// on its callback queue (callback API) or on the calling task (async API).
    public struct RetryHandler<R: GraphQL.AbstractResponse> {
        /// Decides, after each response, whether to send the request again.
        public typealias Condition = (R?, Graph.QueryError?) -> Bool

        /// How many repeats are allowed.
        public enum Endurance: Sendable, Equatable {
            /// No limit.
            case infinite
            /// At most this many repeats after the first request.
            case finite(Int)
        }

        /// The repeat limit.
        public let endurance: Endurance
        /// The condition evaluated after each response.
        public let condition: Condition
        /// Seconds to wait before each repeat (fixed; negative values count as zero).
        public var interval: Double
        /// How many repeats have been sent.
        public internal(set) var repeatCount: Int = 0

        /// Creates a handler; by default it repeats forever, every two seconds, while `condition` is true.
        public init(endurance: Endurance = .infinite, interval: Double = 2.0, condition: @escaping Condition) {
            self.endurance = endurance
            self.interval = interval
            self.condition = condition
        }

        /// The wait before the next repeat: ``interval`` in seconds, where a negative, NaN or infinite
        /// interval counts as zero (an app-supplied number must not trap the client).
        var waitBeforeRepeat: Duration {
            guard interval.isFinite, interval > 0 else { return .zero }
            return .milliseconds(Int64(min(interval, 86_400 * 365) * 1000))
        }

        /// Whether another repeat is allowed.
        public var canRetry: Bool {
            switch endurance {
            case .infinite: return true
            case .finite(let limit): return repeatCount < limit
            }
        }
    }
}
