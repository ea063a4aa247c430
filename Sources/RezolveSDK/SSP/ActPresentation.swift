import Foundation

/// What to leave out, and which words to change, when a product is shown as an Act (spec §2.7). The seed
/// lists four screens; this is data only, no UI ships with CommerceKit.
public struct ActPresentation: Sendable, Equatable {
    public enum Screen: String, Sendable, CaseIterable {
        case detail, postPurchase, activityList, activityDetail
    }

    public let screen: Screen
    public let omitsPrice: Bool
    public let omitsQuantity: Bool
    public let omitsPaymentDetails: Bool
    public let omitsDelivery: Bool
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
        let omits: [Bool] = switch screen {
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
    public func actPresentation(on screen: ActPresentation.Screen) -> ActPresentation? {
        isAct ? ActPresentation(screen: screen) : nil
    }
}

extension SearchProduct {
    public func actPresentation(on screen: ActPresentation.Screen) -> ActPresentation? {
        isAct ? ActPresentation(screen: screen) : nil
    }
}
