import Foundation

/// What to leave out, and which words to change, when a product is shown as an Act (spec §2.7). The seed
/// lists four screens; this is data only, no UI ships with CommerceKit.
public struct ActPresentation: Sendable, Equatable {
    /// The four places an Act can appear: its detail page, the screen after submitting, the activity list and an
    /// activity's detail.
    public enum Screen: String, Sendable, CaseIterable {
        /// The Act's own page, where the user fills it in.
        case detail
        /// The screen shown after the Act was submitted.
        case postPurchase
        /// The list of the user's past activity.
        case activityList
        /// One entry of that list, opened.
        case activityDetail
    }

    /// The screen these rules are for.
    public let screen: Screen
    /// True when prices and amounts are hidden.
    public let omitsPrice: Bool
    /// True when the quantity picker is hidden.
    public let omitsQuantity: Bool
    /// True when the payment details section is hidden.
    public let omitsPaymentDetails: Bool
    /// True when the delivery section is hidden.
    public let omitsDelivery: Bool
    /// True when the order summary is hidden.
    public let omitsOrderSummary: Bool
    /// The add-to-cart icon (product detail only).
    public let omitsAddToCart: Bool
    /// The pick-up location map (post-purchase and activity detail).
    public let omitsPickupMap: Bool
    /// The QR code area (activity detail only).
    public let omitsQRCode: Bool
    /// Replaces "Instant Buy".
    public let buyButtonTitle = "Act Now"
    /// Replaces the order status in the activity list.
    public let activityStatusText = "submitted"
    /// Replaces "Payment Successful"; the reference reads "Your ref:" instead of "Your order ref:".
    public let receiptHeader = "Submitted"

    /// The seed's rules for `screen`.
    public init(screen: Screen) {
        self.screen = screen
        // price, quantity, payment, delivery, summary, add-to-cart, pick-up map, QR code
        let omits: [Bool] =
            switch screen {
            case .detail: [true, true, true, true, true, true, false, false]
            case .postPurchase: [true, true, true, true, true, false, true, false]
            // Only the order total's amounts go; the list has no quantity, delivery or summary to hide.
            case .activityList: [true, false, false, false, false, false, false, false]
            case .activityDetail: [true, true, true, true, true, false, true, true]
            }
        omitsPrice = omits[0]
        omitsQuantity = omits[1]
        omitsPaymentDetails = omits[2]
        omitsDelivery = omits[3]
        omitsOrderSummary = omits[4]
        omitsAddToCart = omits[5]
        omitsPickupMap = omits[6]
        omitsQRCode = omits[7]
    }
}

extension Product {
    /// How to present this product on `screen` when it is an Act; `nil` for an ordinary product.
    public func actPresentation(on screen: ActPresentation.Screen) -> ActPresentation? {
        isAct ? ActPresentation(screen: screen) : nil
    }
}

extension DisplayProduct {
    /// How to present this listed product on `screen` when the listing flags it as an Act; nil for an ordinary product.
    public func actPresentation(on screen: ActPresentation.Screen) -> ActPresentation? {
        isAct ? ActPresentation(screen: screen) : nil
    }
}

extension SearchProduct {
    /// How to present this search result on `screen` when it is flagged as an Act; nil for an ordinary product.
    public func actPresentation(on screen: ActPresentation.Screen) -> ActPresentation? {
        isAct ? ActPresentation(screen: screen) : nil
    }
}
