import Foundation

/// Which ATH Móvil back end a session talks to: the real one, or a CommerceKit sandbox.
public enum ATHMEnvironment: Sendable, Equatable {
    /// `payments.athmovil.com`, `www.athmovil.com/rs/` and the production app links.
    case production
    /// A CommerceKit sandbox (for example `http://127.0.0.1:8080`) that serves every path itself.
    case sandbox(baseURL: URL)

    /// The value sent as `env` when a payment is registered.
    public var name: String {
        switch self {
        case .production: "production"
        case .sandbox: "sandbox"
        }
    }

    /// Base of the payment ("business-transaction") service.
    public var paymentServiceBaseURL: URL {
        switch self {
        case .production: URL(string: "https://payments.athmovil.com") ?? Self.fallback
        case .sandbox(let base): Self.trimmed(base)
        }
    }

    /// Base of the legacy status service, ending in `/rs/`.
    public var legacyStatusBaseURL: URL {
        switch self {
        case .production: URL(string: "https://www.athmovil.com/rs/") ?? Self.fallback
        case .sandbox(let base): URL(string: Self.trimmed(base).absoluteString + "/rs/") ?? base
        }
    }

    /// Base of the universal links that open the ATH Móvil app (the simulated app in the sandbox).
    public var appLinkBaseURL: URL {
        switch self {
        case .production: URL(string: "https://athmovil-ios.web.app/e-commerce") ?? Self.fallback
        case .sandbox(let base): URL(string: Self.trimmed(base).absoluteString + "/e-commerce") ?? base
        }
    }

    /// Where `commercekit serve` listens by default; used when only the name `"sandbox"` is given.
    public static let defaultSandboxURL = URL(string: "http://127.0.0.1:8080") ?? fallback

    /// Reads the SDK's historical environment names: `"sandbox"` (any case) or, for anything else, production.
    init(name: String) {
        self = name.lowercased() == "sandbox" ? .sandbox(baseURL: Self.defaultSandboxURL) : .production
    }

    /// `base` plus `path` (which starts with `/`), with no doubled slash.
    func url(_ base: URL, _ path: String) -> URL {
        URL(string: Self.trimmed(base).absoluteString + path) ?? base
    }

    private static func trimmed(_ url: URL) -> URL {
        var text = url.absoluteString
        while text.hasSuffix("/") { text.removeLast() }
        return URL(string: text) ?? url
    }

    private static let fallback = URL(fileURLWithPath: "/")
}
