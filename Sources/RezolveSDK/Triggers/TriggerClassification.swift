import Foundation

/// What a URL is, by the pure string rules of spec §3.7: a product trigger, a category trigger, or a plain
/// URL the app should open itself.
public enum TriggerClassification: Sendable, Hashable {
    /// An `rzlv.co` URL naming a product.
    case product(RezolveTrigger)
    /// An `rzlv.co` URL naming a category.
    case category(RezolveTrigger)
    /// Any other URL, for the app to open itself.
    case url(URL)

    /// Sorts a URL without any network call: `rzlv.co` product and category paths become triggers, anything else is
    /// ``url(_:)``.
    public static func classify(_ url: URL) -> TriggerClassification {
        guard let trigger = RezolveTrigger(url: url) else { return .url(url) }
        switch trigger.kind {
        case .product: return .product(trigger)
        case .category: return .category(trigger)
        }
    }

    /// Classifies a URL given as text (as SSP payloads carry it); text that is not a URL is `nil`.
    public static func classify(_ text: String) -> TriggerClassification? {
        URL(string: text.trimmingCharacters(in: .whitespacesAndNewlines)).map(classify)
    }
}

/// What a trigger URL resolved to.
public enum TriggerResolution: Sendable {
    /// The trigger named a product; its full details.
    case product(Product)
    /// The trigger named a category; the merchant id as text and the category with its first pages.
    case category(merchantId: String, RezolveCategory)
    /// The URL is not a trigger; the app opens it itself.
    case url(URL)
}
