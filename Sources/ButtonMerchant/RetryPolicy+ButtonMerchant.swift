import CommerceCore

extension RetryPolicy {
    /// 1.8.0's order report schedule, reproduced exactly: 4 attempts, waits of 100, 200 and 400 ms with no
    /// jitter, retrying any 5xx and any missing response, and nothing else (no `Retry-After` either).
    static let buttonMerchantOrders = RetryPolicy(
        maxAttempts: 4,
        delays: [.milliseconds(100), .milliseconds(200), .milliseconds(400)],
        jitter: 0,
        retryableStatuses: Set(500...599),
        retriesTransportErrors: true,
        retryAfterStatuses: [],
        maxRetryAfter: .zero)
}
