import Foundation

/// A merchant of the partner's mall.
public struct Merchant: Sendable, Equatable, Decodable {
    public let id: String
    public let name: String
    public let tagline: String?
    public let priority: Int?
    /// Metres from the search location to the nearest store; `nil` without a location or stores.
    public let distance: Double?
    public let logo: String?
    public let logoThumbs: [String]
    public let banner: String?
    public let bannerThumbs: [String]
    public let contactInformation: ContactInformation?
    public let termsAndConditions: [TermsAndConditions]
    public let stores: [DisplayStore]?
    public let currencyInformation: CurrencyInformation?
    public let isEnabled: Bool

    enum CodingKeys: String, CodingKey {
        case id, name, tagline, priority, distance, logo, logoThumbs = "logo_thumbs", banner, bannerThumbs = "banner_thumbs"
        case termsAndConditions = "terms_and_conditions", stores, currencyInformation = "currency_information"
        case isEnabled = "enabled", email, phoneNumber = "phone_number", contactInformation = "contact_information"
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        guard let id = try c.lenientString(.id) else {
            throw DecodingError.keyNotFound(CodingKeys.id, .init(codingPath: c.codingPath, debugDescription: "merchant id"))
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
            contactInformation = email == nil && phone == nil ? nil : ContactInformation(email: email, name: name, phone: phone)
        }
    }
}

/// How to reach a merchant. A class, as in the SDK's changelog; immutable, so it is safely shared.
public final class ContactInformation: Sendable, Equatable, Decodable {
    public let email: String?
    public let name: String?
    public let phone: String?

    public init(email: String?, name: String?, phone: String?) {
        self.email = email
        self.name = name
        self.phone = phone
    }

    enum CodingKeys: String, CodingKey { case email, name, phone = "phone_number" }

    public required init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        email = try c.decodeIfPresent(String.self, forKey: .email)
        name = try c.decodeIfPresent(String.self, forKey: .name)
        phone = try c.lenientString(.phone)
    }

    public static func == (lhs: ContactInformation, rhs: ContactInformation) -> Bool {
        lhs.email == rhs.email && lhs.name == rhs.name && lhs.phone == rhs.phone
    }
}

public struct TermsAndConditions: Sendable, Equatable, Decodable {
    public let id: String?
    public let storeId: String?
    public let name: String?
    public let content: String?
    public let checkboxText: String?

    enum CodingKeys: String, CodingKey { case id, storeId = "store_id", name, content, checkboxText = "checkbox_text" }

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
    public let id: String
    public let name: String
    public let location: RezolveLocation?

    enum CodingKeys: String, CodingKey { case id, name, location }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.lenientString(.id) ?? ""
        name = try c.decodeIfPresent(String.self, forKey: .name) ?? ""
        location = try c.decodeIfPresent(RezolveLocation.self, forKey: .location)
    }
}

/// The merchant's currencies.
public struct CurrencyInformation: Sendable, Equatable, Decodable {
    public let baseCurrencyCode: String?
    public let baseCurrencySymbol: String?
    public let defaultDisplayCurrencyCode: String?
    public let defaultDisplayCurrencySymbol: String?
    public let availableCurrencyCodes: [String]

    enum CodingKeys: String, CodingKey {
        case baseCurrencyCode = "base_currency_code", baseCurrencySymbol = "base_currency_symbol"
        case defaultDisplayCurrencyCode = "default_display_currency_code"
        case defaultDisplayCurrencySymbol = "default_display_currency_symbol"
        case availableCurrencyCodes = "available_currency_codes"
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        baseCurrencyCode = try c.decodeIfPresent(String.self, forKey: .baseCurrencyCode)
        baseCurrencySymbol = try c.decodeIfPresent(String.self, forKey: .baseCurrencySymbol)
        defaultDisplayCurrencyCode = try c.decodeIfPresent(String.self, forKey: .defaultDisplayCurrencyCode)
        defaultDisplayCurrencySymbol = try c.decodeIfPresent(String.self, forKey: .defaultDisplayCurrencySymbol)
        availableCurrencyCodes = try c.list(String.self, .availableCurrencyCodes)
    }
}
