import Foundation

/// Which Rezolve core API a ``Rezolve`` instance talks to.
///
/// Besides Rezolve's own sandbox and production hosts, any absolute `http`/`https` base URL is accepted so that
/// apps and tests can point the SDK at the CommerceKit sandbox: `RezolveEnv(rawValue: "http://127.0.0.1:8080")`.
public struct RezolveEnv: RawRepresentable, Hashable, Sendable {
    /// The base URL as a string, without a trailing `/` or `/api`.
    public let rawValue: String

    /// Rezolve's hosted sandbox.
    public static let sandbox = RezolveEnv(uncheckedBase: "https://core.sbx.eu.rezolve.com")
    /// Rezolve's production service.
    public static let production = RezolveEnv(uncheckedBase: "https://core.eu.rezolve.com")

    /// Accepts the two Rezolve hosts with or without a scheme, and any absolute `http(s)` URL.
    /// A trailing `/api` (the Android SDK's form) and trailing slashes are dropped. Returns `nil` otherwise.
    public init?(rawValue: String) {
        var text = rawValue.trimmingCharacters(in: .whitespacesAndNewlines)
        let bareHosts = ["core.sbx.eu.rezolve.com", "core.eu.rezolve.com"]
        if bareHosts.contains(where: { text.lowercased().hasPrefix($0) }) { text = "https://" + text }
        while text.hasSuffix("/") { text.removeLast() }
        if text.lowercased().hasSuffix("/api") { text.removeLast(4) }
        while text.hasSuffix("/") { text.removeLast() }
        guard let components = URLComponents(string: text),
            let scheme = components.scheme?.lowercased(), scheme == "http" || scheme == "https",
            let host = components.host, !host.isEmpty, components.query == nil, components.fragment == nil
        else { return nil }
        self.rawValue = text
    }

    private init(uncheckedBase: String) { rawValue = uncheckedBase }

    /// The base URL, used to build every core request.
    public var baseURL: URL? { URL(string: rawValue) }

    /// `<base><path>` with the query items in the given order (left unencoded beyond what URLs require).
    func url(path: String, query: [(String, String)] = []) -> URL? {
        guard var components = URLComponents(string: rawValue + path) else { return nil }
        if !query.isEmpty { components.queryItems = query.map { URLQueryItem(name: $0.0, value: $0.1) } }
        return components.url
    }
}
