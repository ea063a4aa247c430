import Foundation

/// The customer's profile. `phone`, `countryCode` and `metadata` are read-only: they are never sent back.
public struct ConsumerProfile: Sendable, Equatable, Codable {
    public var entityId: String?
    public var title: String?
    public var firstName: String
    public var lastName: String
    public var name: String?
    public var email: String?
    public let phone: String?
    public let countryCode: String?
    public let metadata: RezolveJSON?
    public var useDataForMarketing: Bool
    public let dateCreated: String?
    public let dateUpdated: String?

    public init(entityId: String? = nil, title: String? = nil, firstName: String, lastName: String,
                name: String? = nil, email: String? = nil, useDataForMarketing: Bool = false) {
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
        case entityId = "entity_id", title, firstName = "first_name", lastName = "last_name", name, email, phone
        case countryCode = "country_code", metadata, useDataForMarketing = "use_data_for_marketing"
        case dateCreated = "date_created", dateUpdated = "date_updated"
    }

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
