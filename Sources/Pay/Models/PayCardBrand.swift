import Foundation

/// A card network the shop accepts.
///
/// The raw values are the Storefront API's `CardBrand` values, so
/// `PayCardBrand(rawValue: brand.rawValue)` converts `paymentSettings.acceptedCardBrands` without `Pay`
/// depending on `Buy`.
public enum PayCardBrand: String, Sendable, Equatable, CaseIterable {
    /// Visa.
    case visa = "VISA"
    /// Mastercard.
    case masterCard = "MASTERCARD"
    /// Discover.
    case discover = "DISCOVER"
    /// American Express.
    case americanExpress = "AMERICAN_EXPRESS"
    /// Diners Club (Apple Pay has no network for it).
    case dinersClub = "DINERS_CLUB"
    /// JCB.
    case jcb = "JCB"
}
