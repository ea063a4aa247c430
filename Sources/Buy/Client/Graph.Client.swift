import CommerceCore
import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension Graph {
    /// Sends Storefront queries and mutations for one shop, with optional retry/polling and an opt-in
    /// response cache for queries.
    ///
    /// Every request has an async form (`query`, `mutate`, `queryResponse`, `mutateResponse`); the
    /// callback forms (`queryGraphWith`, `mutateGraphWith`) run on top of them and call back on
    /// ``callbackQueue``.
    public final class Client: Sendable {
        /// Called with the query model, the error, or both.
        public typealias QueryCompletion = (Storefront.QueryRoot?, Graph.QueryError?) -> Void
        /// Called with the mutation model, the error, or both.
        public typealias MutationCompletion = (Storefront.Mutation?, Graph.QueryError?) -> Void

        /// The shop's host, such as `shoes.myshopify.com`.
        public let shopDomain: String
        /// The locale whose language is requested for translated content.
        public let locale: Locale?
        /// The Storefront API version in the request path: `2021-10`, Buy's models, unless the client was created
        /// for another models module (`Storefront2026_04`). Requests must use models of this version.
        public let apiVersion: String
        /// The GraphQL endpoint, or `nil` when `shopDomain` cannot form a URL or `apiVersion` is not a version
        /// name (every request then fails).
        public let apiURL: URL?
        /// Where completion handlers and retry conditions of the callback API run.
        public let callbackQueue: DispatchQueue

        let apiKey: String
        let transport: any HTTPTransport
        let cache: Cache
        let configurationError: ConfigurationError?
        let now: @Sendable () -> Date
        let sleep: RetryExecutor.Sleep
        // Behind a lock so the client stays `Sendable` while the policy can still be set.
        private let policy = Locked(CachePolicy.networkOnly)

        /// The cache policy for queries that do not pass their own; `.networkOnly` by default.
        public var cachePolicy: CachePolicy {
            get { policy.current }
            set { policy.set(newValue) }
        }

        /// Creates a client for a shop, as the seed shows. `apiKey` is the Storefront access token.
        /// Requests never send or store cookies (spec §3.1), also through a `session` that would.
        public convenience init(
            shopDomain: String, apiKey: String,
            session: URLSession = URLSession(configuration: URLSessionTransport.withoutCookies()),
            locale: Locale? = nil
        ) {
            self.init(
                shopDomain: shopDomain, apiKey: apiKey, locale: locale, environment: .production,
                transport: URLSessionTransport(session: session), cacheDirectory: nil, callbackQueue: nil)
        }

        /// Creates a client with a chosen environment (for example the sandbox), transport, cache
        /// directory and callback queue. `apiVersion` is the path's version: keep the default for Buy's models,
        /// pass the `Storefront.Schema.version` of another models module (`Storefront2026_04`) for its models.
        public convenience init(
            shopDomain: String, apiKey: String, locale: Locale? = nil, environment: Environment,
            transport: (any HTTPTransport)? = nil, cacheDirectory: URL? = nil,
            callbackQueue: DispatchQueue? = nil, apiVersion: String = Storefront.Schema.version
        ) {
            self.init(
                shopDomain: shopDomain, apiKey: apiKey, locale: locale, environment: environment, transport: transport,
                cacheDirectory: cacheDirectory, callbackQueue: callbackQueue, apiVersion: apiVersion, now: { Date() },
                sleep: { try await Task.sleep(for: $0) })
        }

        /// The designated initialiser; tests inject the clock and the retry sleep.
        init(
            shopDomain: String, apiKey: String, locale: Locale?, environment: Environment,
            transport: (any HTTPTransport)?,
            cacheDirectory: URL?, callbackQueue: DispatchQueue?, apiVersion: String = Storefront.Schema.version,
            now: @escaping @Sendable () -> Date, sleep: @escaping RetryExecutor.Sleep
        ) {
            self.shopDomain = shopDomain
            self.apiKey = apiKey
            self.apiVersion = apiVersion
            self.locale = locale
            self.transport =
                transport
                ?? URLSessionTransport(session: URLSession(configuration: URLSessionTransport.withoutCookies()))
            self.now = now
            self.sleep = sleep
            self.callbackQueue = callbackQueue ?? Client.defaultCallbackQueue

            let path = "api/\(apiVersion)/graphql"
            // The version becomes a path segment (of the URL and of the cache directory): anything but a version
            // name could leave `/api/`. No models carry such a version, so requests fail on the version check.
            let versionIsName = Self.isVersionName(apiVersion)
            switch environment {
            case _ where !versionIsName:
                apiURL = nil
            case .production:
                let valid =
                    !shopDomain.isEmpty && !shopDomain.contains("/")
                    && URL(string: "https://\(shopDomain)")?.host != nil
                apiURL = valid ? URL(string: "https://\(shopDomain)/\(path)") : nil
            case .custom(let baseURL):
                apiURL = baseURL.appendingPathComponent(path)
            }
            if apiKey.isEmpty {
                configurationError = .emptyAPIKey
            } else if apiURL == nil {
                configurationError = .invalidShopDomain(shopDomain)
            } else {
                configurationError = nil
            }
            let root = cacheDirectory ?? Cache.defaultRoot
            cache = Cache(
                directory: versionIsName
                    ? Cache.directory(
                        root: root, apiVersion: apiVersion, sdkVersion: CommerceCore.version, shopDomain: shopDomain)
                    : nil)
        }

        /// `2026-04`, `unstable`: ASCII letters, digits and `-` only.
        static func isVersionName(_ version: String) -> Bool {
            !version.isEmpty
                && version.utf8.allSatisfy { byte in
                    byte == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                        // `| 0x20` lower-cases an ASCII letter and maps no other byte into a–z.
                        || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
                }
        }

        /// The main queue on Apple platforms (as the original); a private serial queue on Linux, where a
        /// process often runs no main loop.
        static let defaultCallbackQueue: DispatchQueue = {
            #if canImport(Darwin)
            return DispatchQueue.main
            #else
            return DispatchQueue(label: "commercekit.buy.callbacks")
            #endif
        }()

        /// The `Accept-Language` value: empty without a locale.
        var acceptLanguage: String {
            locale.map(Graph.languageIdentifier) ?? ""
        }

        // MARK: Cache control

        /// Deletes every cached response of this client, in memory and on disk.
        public func purgeCache() {
            cache.purge()
        }

        /// Deletes the in-memory cached responses; the disk tier stays.
        public func purgeMemoryCache() {
            cache.purgeMemory()
        }

        /// Deletes the cached response for one query from both tiers.
        public func removeCachedResponse(for query: Storefront.QueryRootQuery) {
            removeCachedResponse(document: query.description)
        }

        func cacheKey(for body: RequestBody) -> String {
            body.cacheKey(accessToken: apiKey, acceptLanguage: locale == nil ? nil : acceptLanguage)
        }
    }
}
