import Foundation

extension ButtonMerchant {
    /// Which mobile API the library talks to.
    public enum Environment: Sendable, Equatable {
        /// Button's production mobile API; the app id becomes part of the host once configured.
        case production
        /// Any other server with the same routes, such as the CommerceKit sandbox (`http://127.0.0.1:8080/`).
        case custom(baseURL: URL)

        /// The base URL, always ending in exactly one `/`.
        func baseURL(applicationId: String?) -> String {
            switch self {
            case .production:
                // Per-app hosts since 1.2.0; the bare host only serves requests sent before configure.
                if let applicationId { return "https://\(applicationId).mobileapi.usebutton.com/" }
                return "https://mobileapi.usebutton.com/"
            case .custom(let baseURL):
                var text = baseURL.absoluteString
                while text.hasSuffix("/") { text.removeLast() }
                return text + "/"
            }
        }

        /// The URL of one mobile API route, e.g. `v1/app/order`.
        func url(for path: MobileRoute, applicationId: String?) -> URL? {
            URL(string: baseURL(applicationId: applicationId) + path.rawValue)
        }
    }
}

/// The mobile API routes ButtonMerchant calls.
enum MobileRoute: String, Sendable {
    case deferredDeeplink = "v1/app/deferred-deeplink"
    case order = "v1/app/order"
    case events = "v1/app/events"
    case activity = "v1/app/activity"
}
