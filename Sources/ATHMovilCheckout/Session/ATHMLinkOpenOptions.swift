import Foundation

/// How the session hands an ATH Móvil link to its opener, decided from the environment.
///
/// The real ATH Móvil app answers `https://athmovil-ios.web.app/e-commerce/…` as a universal link, so in
/// production the link is opened "universal links only" and, when no app claims it, the App Store listing
/// is opened instead. A sandbox link such as `http://127.0.0.1:8080/e-commerce/mobileSecure?…` is claimed by
/// no app: opened that way it would always fail and land on the App Store, which a simulator does not have.
/// In a sandbox the link is therefore opened like any web page, so the browser shows the sandbox's
/// simulated ATH Móvil app, and there is no App Store fallback.
///
/// The decision lives here, in portable code, so it is tested on every platform; the UIKit opener only
/// applies the two values it is given.
public struct ATHMLinkOpenOptions: Sendable, Equatable {
    /// Whether only an app that claims the link as a universal link may open it.
    public let universalLinksOnly: Bool
    /// What to open when the link cannot be opened, or `nil` for nothing.
    public let fallback: URL?

    /// - Parameters:
    ///   - universalLinksOnly: open only as a universal link.
    ///   - fallback: opened when the link cannot be.
    public init(universalLinksOnly: Bool, fallback: URL?) {
        self.universalLinksOnly = universalLinksOnly
        self.fallback = fallback
    }

    /// Production: universal links only, falling back to the App Store listing. Sandbox: a plain open, no fallback.
    public init(environment: ATHMEnvironment) {
        switch environment {
        case .production:
            self.init(universalLinksOnly: true, fallback: ATHMPaymentSession.appStoreFallbackURL)
        case .sandbox:
            self.init(universalLinksOnly: false, fallback: nil)
        }
    }
}
