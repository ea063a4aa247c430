import Foundation

extension Graph {
    /// Where a client sends its requests.
    public enum Environment: Sendable, Equatable {
        /// The shop itself: `https://<shopDomain>/api/<version>/graphql`.
        case production
        /// Another server that speaks the Storefront API, such as the CommerceKit sandbox or a local
        /// proxy: `<baseURL>/api/<version>/graphql`.
        case custom(baseURL: URL)
    }

    /// Why a client cannot send requests. It is still created; each request then fails with
    /// `.request(error:)` carrying one of these, without touching the network.
    public enum ConfigurationError: Error, Sendable, Equatable {
        /// The access token is empty.
        case emptyAPIKey
        /// The shop domain cannot form a URL.
        case invalidShopDomain(String)
    }

    /// Why a request was refused before it was sent: its models are of another Storefront API version than the
    /// client's ``Graph/Client/apiVersion``. Delivered as `.request(error:)`.
    public struct APIVersionMismatch: Error, Sendable, Equatable {
        /// The client's version, the one in its request path.
        public let client: String
        /// The version of the models the request was built with.
        public let models: String

        /// Pairs the two versions.
        public init(client: String, models: String) {
            self.client = client
            self.models = models
        }
    }
}
