import CommerceCore
import Foundation

/// Where a ``PaytronixClient`` sends its calls and which integration credentials it sends with them.
public struct PaytronixConfiguration: Sendable {
    /// Scheme, host and port only, such as `http://127.0.0.1:8080` for the sandbox.
    public var baseURL: URL
    /// The API release label used as the `<release>` path segment.
    public var release: String = "25.33"
    /// The Paytronix merchant the integration belongs to; it names the host in production and scopes stored sessions.
    public var merchantId: Int
    /// The integration's identifier; it is also the `integration` of every external account this app registers.
    public var clientId: String
    /// The integration's secret, sent with ``clientId`` as HTTP Basic credentials.
    public var clientSecret: String
    /// Also copies `client_id`/`client_secret` into JSON bodies, as the seed's examples do. HTTP Basic is always sent.
    public var sendsCredentialsInBody: Bool = false
    /// Time limit of each attempt.
    public var timeout: Duration = .seconds(30)
    /// How failed calls are retried; see `RetryPolicy.paytronixDefault` for the attempts and delays.
    public var retryPolicy: RetryPolicy = .paytronixDefault

    /// Creates a configuration for `baseURL`; use ``production(merchantId:serverName:clientId:clientSecret:release:)`` for Paytronix's own hosts.
    public init(baseURL: URL, release: String = "25.33", merchantId: Int, clientId: String, clientSecret: String) {
        self.baseURL = baseURL
        self.release = release
        self.merchantId = merchantId
        self.clientId = clientId
        self.clientSecret = clientSecret
    }

    /// A production host, `https://m<merchantId>.api.<serverName>.com`. Paytronix assigns the server name,
    /// which also decides between production and Paytronix's own test system.
    public static func production(
        merchantId: Int, serverName: String, clientId: String,
        clientSecret: String, release: String = "25.33"
    ) -> PaytronixConfiguration {
        let url =
            URL(string: "https://m\(merchantId).api.\(serverName).com")
            ?? URL(fileURLWithPath: "/invalid-paytronix-server-name")
        return PaytronixConfiguration(
            baseURL: url, release: release, merchantId: merchantId,
            clientId: clientId, clientSecret: clientSecret)
    }

    /// `<baseURL>/rest/<release>/<service>/<endpoint>.json`.
    func url(service: String, endpoint: String, query: [(String, String)] = []) -> URL? {
        var base = baseURL.absoluteString
        while base.hasSuffix("/") { base.removeLast() }
        guard var components = URLComponents(string: "\(base)/rest/\(release)/\(service)/\(endpoint).json") else {
            return nil
        }
        if !query.isEmpty { components.queryItems = query.map { URLQueryItem(name: $0.0, value: $0.1) } }
        return components.url
    }

    /// The value of the `Authorization` header: HTTP Basic over `client_id:client_secret`.
    public var basicAuthorization: String {
        "Basic " + Data("\(clientId):\(clientSecret)".utf8).base64EncodedString()
    }
}

/// The retry schedule Paytronix calls use by default.
extension RetryPolicy {
    /// Paytronix's policy: 3 attempts, 250 ms then 500 ms apart with ±20 % jitter, on no response and on
    /// HTTP 408, 429, 500, 502, 503 and 504, honouring `Retry-After` up to 5 s. The client turns retries off
    /// for `createAndRegister` and `register`, whose repeat could create a second account.
    public static let paytronixDefault = RetryPolicy(
        maxAttempts: 3, delays: [.milliseconds(250), .milliseconds(500)], jitter: 0.2,
        retryableStatuses: [408, 429, 500, 502, 503, 504], retriesTransportErrors: true,
        retryAfterStatuses: [408, 429, 500, 502, 503, 504], maxRetryAfter: .seconds(5))
}
