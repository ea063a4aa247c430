import CommerceCore
import Foundation

extension ButtonClient {
    /// Where and how the client reaches the Order API. The first three settings carry the same names and
    /// meaning as the Python client's configuration keys, so a sandbox set-up translates one to one.
    public struct Configuration: Sendable {
        /// Host name or IP address, without scheme or port.
        public var hostname: String
        /// `nil` uses the scheme's default port (443 when ``secure``, else 80).
        public var port: Int?
        /// HTTPS when `true`, plain HTTP otherwise (the local sandbox).
        public var secure: Bool
        /// The time limit for each attempt; retries each get a fresh one.
        public var timeout: Duration
        /// A date label such as `2018-02-13`, sent as `X-Button-API-Version`. `nil` (or empty) uses the
        /// version the organisation is pinned to.
        public var apiVersion: String?
        /// How failed requests are repeated; see ``CommerceCore/RetryPolicy/buttonOrdersDefault``.
        public var retryPolicy: RetryPolicy
        /// Check bodies against Button's field rules before sending, throwing
        /// ``ButtonOrdersError/invalidField(field:message:)`` without a network round trip.
        public var validatesLocally: Bool

        /// Production defaults; override what differs, e.g. `.init(hostname: "127.0.0.1", port: 8080, secure: false)`.
        public init(
            hostname: String = "api.usebutton.com", port: Int? = nil, secure: Bool = true,
            timeout: Duration = .seconds(30), apiVersion: String? = nil,
            retryPolicy: RetryPolicy = .buttonOrdersDefault, validatesLocally: Bool = true
        ) {
            self.hostname = hostname
            self.port = port
            self.secure = secure
            self.timeout = timeout
            self.apiVersion = apiVersion
            self.retryPolicy = retryPolicy
            self.validatesLocally = validatesLocally
        }

        /// A configuration for a CommerceKit sandbox: host, port and scheme come from `baseURL`
        /// (e.g. `http://127.0.0.1:8080`); any path is ignored because the sandbox serves the API at its root.
        public static func sandbox(_ baseURL: URL) -> Configuration {
            let components = URLComponents(url: baseURL, resolvingAgainstBaseURL: false)
            var host = components?.host ?? baseURL.host ?? "127.0.0.1"
            // IPv6 literals come back bracketed on some platforms; the client adds brackets itself.
            if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
            return Configuration(
                hostname: host, port: components?.port ?? baseURL.port,
                secure: (baseURL.scheme ?? "").lowercased() == "https")
        }
    }
}
