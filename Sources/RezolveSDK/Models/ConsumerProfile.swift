import Foundation

/// The customer's profile. `phone`, `countryCode` and `metadata` are read-only: they are never sent back.
public struct ConsumerProfile: Sendable, Equatable, Codable {
    /// The customer's Rezolve entity id; nil on a profile built locally.
    public var entityId: String?
    /// Title such as `Mr` or `Dr`, if set.
    public var title: String?
    /// First name; empty when the server has none.
    public var firstName: String
    /// Last name; empty when the server has none.
    public var lastName: String
    /// Display name, if it differs from first and last name.
    public var name: String?
    /// Email address, if set.
    public var email: String?
    /// Phone number on the account; read-only.
    public let phone: String?
    /// Country code stored with ``phone``; read-only.
    public let countryCode: String?
    /// Partner-defined extra data, kept as raw JSON; read-only.
    public let metadata: RezolveJSON?
    /// Whether the customer agreed to marketing use of their data; false when the server does not say.
    public var useDataForMarketing: Bool
    /// When the profile was created, as the server formats it; read-only.
    public let dateCreated: String?
    /// When the profile last changed, as the server formats it; read-only.
    public let dateUpdated: String?

    /// Creates a profile to send as an update; the read-only fields start out nil.
    public init(
        entityId: String? = nil, title: String? = nil, firstName: String, lastName: String,
        name: String? = nil, email: String? = nil, useDataForMarketing: Bool = false
    ) {
        self.entityId = entityId
        self.title = title
        self.firstName = firstName
        self.lastName = lastName
        self.name = name
        self.email = email
        self.phone = nil
        self.countryCode = nil
        self.metadata = nil
        self.useDataForMarketing = useDataForMarketing
        self.dateCreated = nil
        self.dateUpdated = nil
    }

    enum CodingKeys: String, CodingKey {
        case entityId = "entity_id"
        case title
        case firstName = "first_name"
        case lastName = "last_name"
        case name, email, phone
        case countryCode = "country_code"
        case metadata
        case useDataForMarketing = "use_data_for_marketing"
        case dateCreated = "date_created"
        case dateUpdated = "date_updated"
    }

    /// Reads a profile, accepting numeric ids, phone and country codes.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        entityId = try c.lenientString(.entityId)
        title = try c.decodeIfPresent(String.self, forKey: .title)
        firstName = try c.decodeIfPresent(String.self, forKey: .firstName) ?? ""
        lastName = try c.decodeIfPresent(String.self, forKey: .lastName) ?? ""
        name = try c.decodeIfPresent(String.self, forKey: .name)
        email = try c.decodeIfPresent(String.self, forKey: .email)
        phone = try c.lenientString(.phone)
        countryCode = try c.lenientString(.countryCode)
        metadata = try c.decodeIfPresent(RezolveJSON.self, forKey: .metadata)
        useDataForMarketing = try c.decodeIfPresent(Bool.self, forKey: .useDataForMarketing) ?? false
        dateCreated = try c.decodeIfPresent(String.self, forKey: .dateCreated)
        dateUpdated = try c.decodeIfPresent(String.self, forKey: .dateUpdated)
    }

    /// The `PUT profile` body: only the fields a customer may change.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encodeIfPresent(title, forKey: .title)
        try c.encode(firstName, forKey: .firstName)
        try c.encode(lastName, forKey: .lastName)
        try c.encodeIfPresent(name, forKey: .name)
        try c.encodeIfPresent(email, forKey: .email)
        try c.encode(useDataForMarketing, forKey: .useDataForMarketing)
    }
}
