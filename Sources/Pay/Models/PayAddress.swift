import Foundation

/// A full address with the buyer's name and contact details, as known after authorisation. Convert it
/// to a `MailingAddressInput` for the checkout.
public struct PayAddress: Sendable, Equatable {
    /// First street line.
    public var addressLine1: String?
    /// Second street line.
    public var addressLine2: String?
    /// City.
    public var city: String?
    /// Country name.
    public var country: String?
    /// Province or state.
    public var province: String?
    /// Postal code.
    public var zip: String?
    /// Given name.
    public var firstName: String?
    /// Family name.
    public var lastName: String?
    /// Phone number.
    public var phone: String?
    /// Email address.
    public var email: String?

    /// Creates an address; every part is optional.
    public init(
        addressLine1: String? = nil, addressLine2: String? = nil, city: String? = nil, country: String? = nil,
        province: String? = nil, zip: String? = nil, firstName: String? = nil, lastName: String? = nil,
        phone: String? = nil, email: String? = nil
    ) {
        self.addressLine1 = addressLine1
        self.addressLine2 = addressLine2
        self.city = city
        self.country = country
        self.province = province
        self.zip = zip
        self.firstName = firstName
        self.lastName = lastName
        self.phone = phone
        self.email = email
    }

    /// The address of a wallet contact. The street is split on newlines: the first line becomes
    /// ``addressLine1``, the second ``addressLine2``; an empty street leaves both `nil`.
    public init(contact: PayContact) {
        let lines = (contact.postalAddress?.street ?? "")
            .split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
            .map(String.init)
        let postal = contact.postalAddress
        self.init(
            addressLine1: lines.first.flatMap { $0.isEmpty ? nil : $0 },
            addressLine2: lines.count > 1 ? lines[1] : nil,
            city: postal?.city, country: postal?.country, province: postal?.state, zip: postal?.postalCode,
            firstName: contact.firstName, lastName: contact.lastName, phone: contact.phone, email: contact.email)
    }
}
