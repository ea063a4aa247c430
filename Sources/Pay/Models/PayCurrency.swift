import Foundation

/// The currency and the merchant's country for the payment request.
public struct PayCurrency: Sendable, Equatable {
    /// ISO 4217 currency code, for example `CAD`.
    public var currencyCode: String
    /// ISO 3166 alpha-2 country code of the merchant, for example `CA`.
    public var countryCode: String

    /// Creates a currency description.
    public init(currencyCode: String, countryCode: String) {
        self.currencyCode = currencyCode
        self.countryCode = countryCode
    }
}
