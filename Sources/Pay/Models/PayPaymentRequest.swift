import Foundation

/// A piece of contact information the payment sheet must collect.
public enum PayContactField: String, Sendable, Equatable, CaseIterable {
    /// The postal address.
    case postalAddress
    /// The name.
    case name
    /// The phone number.
    case phone
    /// The email address.
    case email
}

/// A payment-processing capability asked of the wallet.
public enum PayMerchantCapability: String, Sendable, Equatable {
    /// 3-D Secure, the capability Shopify checkouts need.
    case threeDSecure
}

/// A platform-neutral payment request: what ``PaySession`` asks the wallet sheet to show. The PassKit
/// adapter turns it into a `PKPaymentRequest`.
public struct PayPaymentRequest: Sendable, Equatable {
    /// The merchant's ISO 3166 country code.
    public var countryCode: String
    /// The ISO 4217 currency code.
    public var currencyCode: String
    /// The Apple Pay merchant identifier.
    public var merchantIdentifier: String
    /// The card networks the shop accepts.
    public var supportedCardBrands: [PayCardBrand]
    /// Billing contact fields to collect (all four).
    public var requiredBillingContactFields: Set<PayContactField>
    /// Shipping contact fields to collect (all four).
    public var requiredShippingContactFields: Set<PayContactField>
    /// Processing capabilities.
    public var merchantCapabilities: [PayMerchantCapability]
    /// The summary lines, the last one being the total.
    public var summaryItems: [PaySummaryItem]

    /// Creates a request; the contact fields default to everything and the capability to 3-D Secure.
    public init(
        countryCode: String, currencyCode: String, merchantIdentifier: String, supportedCardBrands: [PayCardBrand],
        requiredBillingContactFields: Set<PayContactField> = Set(PayContactField.allCases),
        requiredShippingContactFields: Set<PayContactField> = Set(PayContactField.allCases),
        merchantCapabilities: [PayMerchantCapability] = [.threeDSecure], summaryItems: [PaySummaryItem]
    ) {
        self.countryCode = countryCode
        self.currencyCode = currencyCode
        self.merchantIdentifier = merchantIdentifier
        self.supportedCardBrands = supportedCardBrands
        self.requiredBillingContactFields = requiredBillingContactFields
        self.requiredShippingContactFields = requiredShippingContactFields
        self.merchantCapabilities = merchantCapabilities
        self.summaryItems = summaryItems
    }
}
