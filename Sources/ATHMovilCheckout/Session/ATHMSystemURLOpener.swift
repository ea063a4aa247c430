#if canImport(UIKit)
import UIKit

/// Opens the ATH Móvil link with UIKit, applying what the session asks for (``ATHMLinkOpenOptions``):
/// in production a universal-links-only open with the App Store listing as fallback; in a sandbox a plain
/// open, so Safari shows the sandbox's simulated app, and no fallback.
public struct ATHMSystemURLOpener: ATHMURLOpening {
    /// The App Store listing of ATH Móvil, as the published SDK has it.
    public static let appStoreURL = URL(string: "itms://itunes.apple.com/sg/app/ath-movil/id658539297?l=zh&mt=8")

    /// Creates the UIKit opener; it holds no state.
    public init() {}

    /// Opens `url` on the main actor with UIKit, then `fallback` as an ordinary link if that fails.
    public func open(_ url: URL, fallback: URL?, universalLinksOnly: Bool) async -> Bool {
        if await Self.openOnMain(url, universalLinksOnly: universalLinksOnly) { return true }
        guard let fallback else { return false }
        return await Self.openOnMain(fallback, universalLinksOnly: false)
    }

    /// UIKit is main-actor only; the options dictionary is built there too, so nothing non-Sendable crosses.
    @MainActor
    private static func openOnMain(_ url: URL, universalLinksOnly: Bool) async -> Bool {
        await UIApplication.shared.open(url, options: [.universalLinksOnly: universalLinksOnly])
    }
}
#endif
