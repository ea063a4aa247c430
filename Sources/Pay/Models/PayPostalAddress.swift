import Foundation

/// The partial address a wallet sheet reveals before the buyer authorises: enough to quote shipping,
/// without the street.
///
/// Apple Pay also cuts Canadian and British postal codes down to their first part. A checkout cannot
/// quote shipping for `M5V`, so the initialiser pads such codes to a syntactically complete one
/// (`M5V 0Z0`, `W1A 0ZZ`) and records that it did.
public struct PayPostalAddress: Sendable, Equatable {
    /// City.
    public let city: String?
    /// Country name.
    public let country: String?
    /// ISO 3166 alpha-2 country code.
    public let countryCode: String?
    /// Province or state.
    public let province: String?
    /// The postal code, trimmed and possibly padded.
    public let zip: String?
    /// The postal code exactly as given.
    public let originalZip: String?
    /// Whether ``zip`` was padded.
    public let isPadded: Bool

    /// Creates a partial address, trimming the postal code and padding a short Canadian or British one.
    public init(
        city: String? = nil, country: String? = nil, countryCode: String? = nil, province: String? = nil,
        zip: String? = nil
    ) {
        self.city = city
        self.country = country
        self.countryCode = countryCode
        self.province = province
        self.originalZip = zip
        guard let zip else {
            self.zip = nil
            self.isPadded = false
            return
        }
        let trimmed = zip.trimmingCharacters(in: .whitespacesAndNewlines)
        let padding: String? =
            switch countryCode?.uppercased() {
            case "CA": " 0Z0"
            case "GB": " 0ZZ"
            default: nil
            }
        if let padding, trimmed.count < 4 {
            self.zip = trimmed + padding
            self.isPadded = true
        } else {
            self.zip = trimmed
            self.isPadded = false
        }
    }

    /// The partial address of a wallet contact (street, names and phone are left out).
    public init(contact: PayContact.PostalAddress) {
        self.init(
            city: contact.city, country: contact.country, countryCode: contact.isoCountryCode,
            province: contact.state, zip: contact.postalCode)
    }
}
