#if canImport(UIKit)
import UIKit

/// Opens the ATH Móvil universal link with UIKit and falls back to the App Store listing.
public struct ATHMSystemURLOpener: ATHMURLOpening {
    /// The App Store listing of ATH Móvil, as the published SDK has it.
    public static let appStoreURL = URL(string: "itms://itunes.apple.com/sg/app/ath-movil/id658539297?l=zh&mt=8")

    public init() {}

    public func open(_ url: URL, fallback: URL?, universalLinksOnly: Bool) async -> Bool {
        let options: [UIApplication.OpenExternalURLOptionsKey: Any] = [.universalLinksOnly: universalLinksOnly]
        if await UIApplication.shared.open(url, options: options) { return true }
        guard let fallback else { return false }
        return await UIApplication.shared.open(fallback, options: [:])
    }
}
#endif
