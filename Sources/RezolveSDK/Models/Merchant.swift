import Foundation

/// A merchant of the partner's mall.
public struct Merchant: Sendable, Equatable, Decodable {
    /// Rezolve's merchant id, as text even when the server sends a number.
    public let id: String
    /// Name to show; empty when the reply has none.
    public let name: String
    /// Short line under the name, if any.
    public let tagline: String?
    /// Ordering weight the server attaches to the merchant; nil when absent.
    public let priority: Int?
    /// Metres from the search location to the nearest store; `nil` without a location or stores.
    public let distance: Double?
    /// Address of the logo image, if any.
    public let logo: String?
    /// Thumbnail addresses of the logo.
    public let logoThumbs: [String]
    /// Address of the banner image, if any.
    public let banner: String?
    /// Thumbnail addresses of the banner.
    public let bannerThumbs: [String]
    /// Email and phone of the merchant, whether the reply sends them nested or flat; nil when it sends neither.
    public let contactInformation: ContactInformation?
    /// Terms the customer must accept before buying, one per store or for all stores.
    public let termsAndConditions: [TermsAndConditions]
    /// The merchant's stores; nil when the reply does not list them.
    public let stores: [DisplayStore]?
    /// The currencies the merchant prices and displays in.
    public let currencyInformation: CurrencyInformation?
    /// False when the merchant is switched off; true when the reply does not say.
    public let isEnabled: Bool

    enum CodingKeys: String, CodingKey {
        case id, name, tagline, priority, distance, logo
        case logoThumbs = "logo_thumbs"
        case banner
        case bannerThumbs = "banner_thumbs"
        case termsAndConditions = "terms_and_conditions"
        case stores
        case currencyInformation = "currency_information"
        case isEnabled = "enabled"
        case email
        case phoneNumber = "phone_number"
        case contactInformation = "contact_information"
    }

    /// Reads a merchant, gathering flat `email` / `phone_number` into ``contactInformation``.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        guard let id = try c.lenientString(.id) else {
            throw DecodingError.keyNotFound(
                CodingKeys.id, .init(codingPath: c.codingPath, debugDescription: "merchant id"))
        }
        self.id = id
        name = try c.decodeIfPresent(String.self, forKey: .name) ?? ""
        tagline = try c.decodeIfPresent(String.self, forKey: .tagline)
        priority = c.lenientInt(.priority)
        distance = try c.decodeIfPresent(Double.self, forKey: .distance)
        logo = try c.decodeIfPresent(String.self, forKey: .logo)
        logoThumbs = try c.list(String.self, .logoThumbs)
        banner = try c.decodeIfPresent(String.self, forKey: .banner)
        bannerThumbs = try c.list(String.self, .bannerThumbs)
        termsAndConditions = try c.list(TermsAndConditions.self, .termsAndConditions)
        stores = try c.decodeIfPresent([DisplayStore].self, forKey: .stores)
        currencyInformation = try c.decodeIfPresent(CurrencyInformation.self, forKey: .currencyInformation)
        isEnabled = try c.decodeIfPresent(Bool.self, forKey: .isEnabled) ?? true
        // Contact details come flat (`email`, `phone_number`) or nested; either way they become one object.
        if let nested = try c.decodeIfPresent(ContactInformation.self, forKey: .contactInformation) {
            contactInformation = nested
        } else {
            let email = try c.decodeIfPresent(String.self, forKey: .email)
            let phone = try c.lenientString(.phoneNumber)
            contactInformation =
                email == nil && phone == nil ? nil : ContactInformation(email: email, name: name, phone: phone)
        }
    }
}

/// How to reach a merchant. A class, as in the SDK's changelog; immutable, so it is safely shared.
public final class ContactInformation: Sendable, Equatable, Decodable {
    /// Contact email, if any.
    public let email: String?
    /// Contact name; the merchant's name when built from flat fields.
    public let name: String?
    /// Contact phone as text, if any.
    public let phone: String?

    /// Creates contact details; any part may be nil.
    public init(email: String?, name: String?, phone: String?) {
        self.email = email
        self.name = name
        self.phone = phone
    }

    enum CodingKeys: String, CodingKey {
        case email, name
        case phone = "phone_number"
    }

    /// Reads contact details, accepting a numeric phone.
    public required init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        email = try c.decodeIfPresent(String.self, forKey: .email)
        name = try c.decodeIfPresent(String.self, forKey: .name)
        phone = try c.lenientString(.phone)
    }

    /// Equal when email, name and phone are all equal.
    public static func == (lhs: ContactInformation, rhs: ContactInformation) -> Bool {
        lhs.email == rhs.email && lhs.name == rhs.name && lhs.phone == rhs.phone
    }
}

/// A text the customer accepts before buying from a merchant.
public struct TermsAndConditions: Sendable, Equatable, Decodable {
    /// Id of the terms, as text.
    public let id: String?
    /// Id of the store the terms apply to; nil when they apply to every store.
    public let storeId: String?
    /// Title of the terms.
    public let name: String?
    /// The terms themselves, as the merchant wrote them (may be HTML).
    public let content: String?
    /// Label for the checkbox the customer ticks to accept.
    public let checkboxText: String?

    enum CodingKeys: String, CodingKey {
        case id
        case storeId = "store_id"
        case name, content
        case checkboxText = "checkbox_text"
    }

    /// Reads terms, accepting numeric ids.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.lenientString(.id)
        storeId = try c.lenientString(.storeId)
        name = try c.decodeIfPresent(String.self, forKey: .name)
        content = try c.decodeIfPresent(String.self, forKey: .content)
        checkboxText = try c.decodeIfPresent(String.self, forKey: .checkboxText)
    }
}

/// A merchant's physical store.
public struct DisplayStore: Sendable, Equatable, Decodable {
    /// Id of the store, as text; empty when missing.
    public let id: String
    /// Store name; empty when missing.
    public let name: String
    /// Where the store is; nil when not given.
    public let location: RezolveLocation?

    enum CodingKeys: String, CodingKey { case id, name, location }

    /// Reads a store, accepting a numeric id.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.lenientString(.id) ?? ""
        name = try c.decodeIfPresent(String.self, forKey: .name) ?? ""
        location = try c.decodeIfPresent(RezolveLocation.self, forKey: .location)
    }
}

/// The merchant's currencies.
public struct CurrencyInformation: Sendable, Equatable, Decodable {
    /// ISO 4217 code the merchant prices in, such as `USD`.
    public let baseCurrencyCode: String?
    /// Symbol of the pricing currency, such as `$`.
    public let baseCurrencySymbol: String?
    /// ISO 4217 code prices are shown in by default.
    public let defaultDisplayCurrencyCode: String?
    /// Symbol of the display currency.
    public let defaultDisplayCurrencySymbol: String?
    /// Every currency code the merchant can show prices in.
    public let availableCurrencyCodes: [String]

    enum CodingKeys: String, CodingKey {
        case baseCurrencyCode = "base_currency_code"
        case baseCurrencySymbol = "base_currency_symbol"
        case defaultDisplayCurrencyCode = "default_display_currency_code"
        case defaultDisplayCurrencySymbol = "default_display_currency_symbol"
        case availableCurrencyCodes = "available_currency_codes"
    }

    /// Reads the currency details; an absent code list reads as empty.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        baseCurrencyCode = try c.decodeIfPresent(String.self, forKey: .baseCurrencyCode)
        baseCurrencySymbol = try c.decodeIfPresent(String.self, forKey: .baseCurrencySymbol)
        defaultDisplayCurrencyCode = try c.decodeIfPresent(String.self, forKey: .defaultDisplayCurrencyCode)
        defaultDisplayCurrencySymbol = try c.decodeIfPresent(String.self, forKey: .defaultDisplayCurrencySymbol)
        availableCurrencyCodes = try c.list(String.self, .availableCurrencyCodes)
    }
}
