import CommerceCore

/// A mobile API request waiting for `configure` or for the requests ahead of it. The envelope is added
/// when it is sent, so it carries the app id and session current at that moment.
struct PendingRequest: Sendable {
    let route: MobileRoute
    let parameters: JSONObject
    /// Receives the response, or `nil` when none arrived or the request was dropped by `clearAllData()`.
    let completion: @Sendable (HTTPResponse?) -> Void
}
