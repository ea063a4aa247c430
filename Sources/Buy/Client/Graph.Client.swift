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
        /// The GraphQL endpoint, or `nil` when `shopDomain` cannot form a URL (every request then fails).
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
        /// directory and callback queue.
        public convenience init(
            shopDomain: String, apiKey: String, locale: Locale? = nil, environment: Environment,
            transport: (any HTTPTransport)? = nil, cacheDirectory: URL? = nil,
            callbackQueue: DispatchQueue? = nil
        ) {
            self.init(
                shopDomain: shopDomain, apiKey: apiKey, locale: locale, environment: environment, transport: transport,
                cacheDirectory: cacheDirectory, callbackQueue: callbackQueue, now: { Date() },
                sleep: { try await Task.sleep(for: $0) })
        }

        /// The designated initialiser; tests inject the clock and the retry sleep.
        init(
            shopDomain: String, apiKey: String, locale: Locale?, environment: Environment,
            transport: (any HTTPTransport)?,
            cacheDirectory: URL?, callbackQueue: DispatchQueue?, now: @escaping @Sendable () -> Date,
            sleep: @escaping RetryExecutor.Sleep
        ) {
            self.shopDomain = shopDomain
            self.apiKey = apiKey
            self.locale = locale
            self.transport =
                transport
                ?? URLSessionTransport(session: URLSession(configuration: URLSessionTransport.withoutCookies()))
            self.now = now
            self.sleep = sleep
            self.callbackQueue = callbackQueue ?? Client.defaultCallbackQueue

            let path = "api/\(Storefront.Schema.version)/graphql"
            switch environment {
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
                directory: Cache.directory(
                    root: root, apiVersion: Storefront.Schema.version,
                    sdkVersion: CommerceCore.version, shopDomain: shopDomain))
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
            cache.remove(key: cacheKey(for: RequestBody(document: query.description)))
        }

        func cacheKey(for body: RequestBody) -> String {
            body.cacheKey(accessToken: apiKey, acceptLanguage: locale == nil ? nil : acceptLanguage)
        }
    }
}
