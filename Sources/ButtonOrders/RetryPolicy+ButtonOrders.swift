import CommerceCore

/// The retry schedule the Order API client uses by default.
extension RetryPolicy {
    /// The Order API schedule (spec §3.4.2): up to 3 attempts, waiting 250 ms then 500 ms (±20 % jitter),
    /// on no response and on 408, 429, 500, 502, 503 and 504. A `Retry-After` of up to 5 s on 429 or 503 is
    /// honoured. Other 4xx answers are final.
    public static let buttonOrdersDefault = RetryPolicy(
        maxAttempts: 3,
        delays: [.milliseconds(250), .milliseconds(500)],
        jitter: 0.2,
        retryableStatuses: [408, 429, 500, 502, 503, 504],
        retriesTransportErrors: true,
        retryAfterStatuses: [429, 503],
        maxRetryAfter: .seconds(5))
}
