import Foundation

/// A contact as a wallet sheet reports it: a name, ways to reach the buyer and a postal address.
/// Before authorisation the sheet fills in only part of it.
public struct PayContact: Sendable, Equatable {
    /// A postal address as the sheet reports it.
    public struct PostalAddress: Sendable, Equatable {
        /// Street lines separated by newlines.
        public var street: String?
        /// City.
        public var city: String?
        /// State or province.
        public var state: String?
        /// Postal code, possibly cut short before authorisation.
        public var postalCode: String?
        /// Country name.
        public var country: String?
        /// ISO 3166 alpha-2 country code.
        public var isoCountryCode: String?

        /// Creates a postal address.
        public init(
            street: String? = nil, city: String? = nil, state: String? = nil, postalCode: String? = nil,
            country: String? = nil, isoCountryCode: String? = nil
        ) {
            self.street = street
            self.city = city
            self.state = state
            self.postalCode = postalCode
            self.country = country
            self.isoCountryCode = isoCountryCode
        }
    }

    /// Given name.
    public var firstName: String?
    /// Family name.
    public var lastName: String?
    /// Phone number.
    public var phone: String?
    /// Email address.
    public var email: String?
    /// Postal address, when the sheet shares one.
    public var postalAddress: PostalAddress?

    /// Creates a contact.
    public init(
        firstName: String? = nil, lastName: String? = nil, phone: String? = nil, email: String? = nil,
        postalAddress: PostalAddress? = nil
    ) {
        self.firstName = firstName
        self.lastName = lastName
        self.phone = phone
        self.email = email
        self.postalAddress = postalAddress
    }
}
