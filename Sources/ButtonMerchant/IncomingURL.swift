import Foundation

/// What `trackIncomingURL` learns from a URL: the tokens it carries and the URL to report, with every
/// query item that is not Button's removed (1.8.0 algorithm).
struct IncomingURL: Equatable, Sendable {
    /// Every non-nil `btn_ref` value in order; the last one is the URL's token.
    var tokens: [String]
    /// The URL without foreign query items and without its fragment.
    var filteredURL: String

    var token: String? { tokens.last }

    /// Query names kept besides `btn_*`, compared lower-cased.
    private static let keptNames: Set<String> = ["from_landing", "from_tracking", "from_appstore"]

    /// `nil` when the URL cannot be split into components; then nothing is stored or reported.
    init?(_ url: URL) {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return nil }
        // Percent-encoded items, so kept items go back exactly as they came in.
        let items = components.percentEncodedQueryItems
        components.fragment = nil
        var tokens: [String] = []
        var kept: [URLQueryItem] = []
        for item in items ?? [] {
            let name = (item.name.removingPercentEncoding ?? item.name).lowercased()
            if name == "btn_ref" {
                if let value = item.value { tokens.append(value.removingPercentEncoding ?? value) }
                kept.append(item)
            } else if Self.keptNames.contains(name) || name.hasPrefix("btn_") {
                kept.append(item)
            }
        }
        // A URL that had a query keeps one, even an empty one (a trailing `?`), as 1.8.0 does.
        components.percentEncodedQueryItems = items == nil ? nil : kept
        self.tokens = tokens
        self.filteredURL = components.string ?? url.absoluteString
    }
}
