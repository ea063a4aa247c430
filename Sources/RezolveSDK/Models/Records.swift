import Foundation

/// An entry of the customer's address book.
public struct Address: Sendable, Equatable, Codable {
    /// Assigned by the server; `nil` before creation.
    public var id: String?
    /// The customer's own label for the address, such as `Home`.
    public var shortName: String
    /// Name of the person at the address, if different from the customer.
    public var fullName: String?
    /// First line of the street address.
    public var line1: String
    /// Second line of the street address, if any.
    public var line2: String?
    /// Town or city.
    public var city: String
    /// State, county or region, where the country uses one.
    public var state: String?
    /// Postal code, as text even when the server sends a number.
    public var zip: String
    /// Country of the address, as the customer gave it.
    public var country: String
    /// ISO 3166-1 alpha-2 country code, such as `US`.
    public var countryAlpha2: String?
    /// The phone-book entry of this address.
    public var phoneId: String?

    /// Creates an entry; leave `id` nil for one not yet created on the server.
    public init(
        id: String? = nil, shortName: String, fullName: String? = nil, line1: String, line2: String? = nil,
        city: String, state: String? = nil, zip: String, country: String, countryAlpha2: String? = nil,
        phoneId: String? = nil
    ) {
        self.id = id
        self.shortName = shortName
        self.fullName = fullName
        self.line1 = line1
        self.line2 = line2
        self.city = city
        self.state = state
        self.zip = zip
        self.country = country
        self.countryAlpha2 = countryAlpha2
        self.phoneId = phoneId
    }

    enum CodingKeys: String, CodingKey {
        case id
        case shortName = "short_name"
        case fullName = "full_name"
        case line1 = "line_1"
        case line2 = "line_2"
        case city, state
        case zip, country
        case countryAlpha2 = "country_alpha2"
        case phoneId = "phone_id"
    }

    /// Reads an entry, accepting numeric ids and postal codes.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.lenientString(.id)
        shortName = try c.decodeIfPresent(String.self, forKey: .shortName) ?? ""
        fullName = try c.decodeIfPresent(String.self, forKey: .fullName)
        line1 = try c.decodeIfPresent(String.self, forKey: .line1) ?? ""
        line2 = try c.decodeIfPresent(String.self, forKey: .line2)
        city = try c.decodeIfPresent(String.self, forKey: .city) ?? ""
        state = try c.decodeIfPresent(String.self, forKey: .state)
        zip = try c.lenientString(.zip) ?? ""
        country = try c.decodeIfPresent(String.self, forKey: .country) ?? ""
        countryAlpha2 = try c.decodeIfPresent(String.self, forKey: .countryAlpha2)
        phoneId = try c.lenientString(.phoneId)
    }

    /// The request body: every field but `id`, which travels in the path.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(shortName, forKey: .shortName)
        try c.encodeIfPresent(fullName, forKey: .fullName)
        try c.encode(line1, forKey: .line1)
        try c.encodeIfPresent(line2, forKey: .line2)
        try c.encode(city, forKey: .city)
        try c.encodeIfPresent(state, forKey: .state)
        try c.encode(zip, forKey: .zip)
        try c.encode(country, forKey: .country)
        try c.encodeIfPresent(countryAlpha2, forKey: .countryAlpha2)
        try c.encodeIfPresent(phoneId, forKey: .phoneId)
    }
}

/// An entry of the customer's phone book.
public struct Phone: Sendable, Equatable, Codable {
    /// Assigned by the server; nil before creation.
    public var id: String?
    /// The customer's label for the number, such as `Mobile`.
    public var name: String
    /// The phone number as the customer entered it.
    public var phone: String

    /// Creates an entry; leave `id` nil for one not yet created on the server.
    public init(id: String? = nil, name: String, phone: String) {
        self.id = id
        self.name = name
        self.phone = phone
    }

    enum CodingKeys: String, CodingKey { case id, name, phone }

    /// Reads an entry, accepting numeric ids and numbers.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.lenientString(.id)
        name = try c.decodeIfPresent(String.self, forKey: .name) ?? ""
        phone = try c.lenientString(.phone) ?? ""
    }

    /// Writes the request body: name and number only, since the id travels in the path.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(name, forKey: .name)
        try c.encode(phone, forKey: .phone)
    }
}

/// The phone book's list answer, `{"phones":[…]}`.
struct PhoneList: Decodable {
    let phones: [Phone]
}

/// A saved favourite (for example a top-up target). `provider`, `type` and `value` are free text.
public struct Favourite: Sendable, Equatable, Codable {
    /// Assigned by the server; nil before creation.
    public var id: String?
    /// The service the favourite is for, as the app names it (free text).
    public var provider: String
    /// The kind of favourite, as the app names it (free text).
    public var type: String
    /// The saved value itself, such as a number to top up (free text).
    public var value: String

    /// Creates a favourite; leave `id` nil for one not yet created on the server.
    public init(id: String? = nil, provider: String, type: String, value: String) {
        self.id = id
        self.provider = provider
        self.type = type
        self.value = value
    }

    enum CodingKeys: String, CodingKey { case id, provider, type, value }

    /// Reads a favourite, accepting a number for `id` and `value`.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.lenientString(.id)
        provider = try c.decodeIfPresent(String.self, forKey: .provider) ?? ""
        type = try c.decodeIfPresent(String.self, forKey: .type) ?? ""
        value = try c.lenientString(.value) ?? ""
    }

    /// Writes the request body without `id`, which travels in the path.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(provider, forKey: .provider)
        try c.encode(type, forKey: .type)
        try c.encode(value, forKey: .value)
    }
}
