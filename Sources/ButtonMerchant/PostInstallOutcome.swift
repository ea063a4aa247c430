import CommerceCore

/// How a post-install fetch ended, decided under the core's lock before any response is read.
enum PostInstallOutcome: Sendable {
    /// Nothing was sent: already fetched on this install, not a new install, or dropped by `clearAllData()`.
    case skipped
    /// Configured without a valid app id: nothing was sent and the once-per-install flag stays unset.
    case noApplicationId
    /// The request went out; `nil` when no response arrived or it was dropped before being sent.
    case answered(HTTPResponse?)
}
