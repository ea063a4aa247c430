import GRDB

/// A record of a `rz_` table. Each spells its column names out in `CodingKeys` (no key strategy), and its
/// `Columns` are built from those keys, so queries use typed columns, never a column-name string.
protocol RezolveRecord: Codable, FetchableRecord, PersistableRecord, Sendable {}

struct RZPartner: RezolveRecord {
    static let databaseTableName = "rz_partner"
    var id: String
    var apiKey: String
    var authKey: String?
    var name: String
    var sspClientId: String
    var sspClientSecret: String
    var sspAudience: String
    var createdAt: Double

    enum CodingKeys: String, CodingKey {
        case id, name
        case apiKey = "api_key"
        case authKey = "auth_key"
        case sspClientId = "ssp_client_id"
        case sspClientSecret = "ssp_client_secret"
        case sspAudience = "ssp_audience"
        case createdAt = "created_at"
    }

    enum Columns {
        static let id = Column(CodingKeys.id)
        static let apiKey = Column(CodingKeys.apiKey)
        static let authKey = Column(CodingKeys.authKey)
        static let name = Column(CodingKeys.name)
        static let sspClientId = Column(CodingKeys.sspClientId)
        static let sspClientSecret = Column(CodingKeys.sspClientSecret)
        static let sspAudience = Column(CodingKeys.sspAudience)
        static let createdAt = Column(CodingKeys.createdAt)
    }
}

struct RZCustomer: RezolveRecord {
    static let databaseTableName = "rz_customer"
    var entityId: String
    var partnerId: String
    var partnerEntityId: String
    var email: String
    var title: String
    var firstName: String
    var lastName: String
    var name: String
    var phone: String
    var countryCode: String
    var useDataForMarketing: Bool
    var privateKeyPem: String
    var publicKeyPem: String
    var dateCreated: Double
    var dateUpdated: Double

    enum CodingKeys: String, CodingKey {
        case email, title, name, phone
        case entityId = "entity_id"
        case partnerId = "partner_id"
        case partnerEntityId = "partner_entity_id"
        case firstName = "first_name"
        case lastName = "last_name"
        case countryCode = "country_code"
        case useDataForMarketing = "use_data_for_marketing"
        case privateKeyPem = "private_key_pem"
        case publicKeyPem = "public_key_pem"
        case dateCreated = "date_created"
        case dateUpdated = "date_updated"
    }

    enum Columns {
        static let entityId = Column(CodingKeys.entityId)
        static let partnerId = Column(CodingKeys.partnerId)
        static let partnerEntityId = Column(CodingKeys.partnerEntityId)
        static let email = Column(CodingKeys.email)
        static let title = Column(CodingKeys.title)
        static let firstName = Column(CodingKeys.firstName)
        static let lastName = Column(CodingKeys.lastName)
        static let name = Column(CodingKeys.name)
        static let phone = Column(CodingKeys.phone)
        static let countryCode = Column(CodingKeys.countryCode)
        static let useDataForMarketing = Column(CodingKeys.useDataForMarketing)
        static let privateKeyPem = Column(CodingKeys.privateKeyPem)
        static let publicKeyPem = Column(CodingKeys.publicKeyPem)
        static let dateCreated = Column(CodingKeys.dateCreated)
        static let dateUpdated = Column(CodingKeys.dateUpdated)
    }
}

struct RZPhone: RezolveRecord {
    static let databaseTableName = "rz_phone"
    var id: String
    var entityId: String
    var name: String
    var phone: String
    var insertedAt: Double
    var updatedAt: Double

    enum CodingKeys: String, CodingKey {
        case id, name, phone
        case entityId = "entity_id"
        case insertedAt = "inserted_at"
        case updatedAt = "updated_at"
    }

    enum Columns {
        static let id = Column(CodingKeys.id)
        static let entityId = Column(CodingKeys.entityId)
        static let name = Column(CodingKeys.name)
        static let phone = Column(CodingKeys.phone)
        static let insertedAt = Column(CodingKeys.insertedAt)
        static let updatedAt = Column(CodingKeys.updatedAt)
    }
}

struct RZAddress: RezolveRecord {
    static let databaseTableName = "rz_address"
    var id: String
    var entityId: String
    var shortName: String
    var fullName: String
    var line1: String
    var line2: String
    var city: String
    var state: String
    var zip: String
    var country: String
    var countryAlpha2: String
    var phoneId: String?
    var insertedAt: Double
    var updatedAt: Double

    enum CodingKeys: String, CodingKey {
        case id, line1, line2, city, state, zip, country
        case entityId = "entity_id"
        case shortName = "short_name"
        case fullName = "full_name"
        case countryAlpha2 = "country_alpha2"
        case phoneId = "phone_id"
        case insertedAt = "inserted_at"
        case updatedAt = "updated_at"
    }

    enum Columns {
        static let id = Column(CodingKeys.id)
        static let entityId = Column(CodingKeys.entityId)
        static let shortName = Column(CodingKeys.shortName)
        static let fullName = Column(CodingKeys.fullName)
        static let line1 = Column(CodingKeys.line1)
        static let line2 = Column(CodingKeys.line2)
        static let city = Column(CodingKeys.city)
        static let state = Column(CodingKeys.state)
        static let zip = Column(CodingKeys.zip)
        static let country = Column(CodingKeys.country)
        static let countryAlpha2 = Column(CodingKeys.countryAlpha2)
        static let phoneId = Column(CodingKeys.phoneId)
        static let insertedAt = Column(CodingKeys.insertedAt)
        static let updatedAt = Column(CodingKeys.updatedAt)
    }
}

/// A wallet card. The PAN itself is never stored: only its first six and last four digits and how the
/// simulated processor classifies it (`approve`, `do_not_honour`, `insufficient_funds`).
struct RZCard: RezolveRecord {
    static let databaseTableName = "rz_card"
    var id: String
    var entityId: String
    var shortName: String
    var type: String
    var brand: String
    var nameOnCard: String
    var pan4: String
    var pan6: String
    var panClass: String
    var expiresOn: String
    var validFrom: String
    var addressId: String
    var insertedAt: Double

    enum CodingKeys: String, CodingKey {
        case id, type, brand, pan4, pan6
        case entityId = "entity_id"
        case shortName = "short_name"
        case nameOnCard = "name_on_card"
        case panClass = "pan_class"
        case expiresOn = "expires_on"
        case validFrom = "valid_from"
        case addressId = "address_id"
        case insertedAt = "inserted_at"
    }

    enum Columns {
        static let id = Column(CodingKeys.id)
        static let entityId = Column(CodingKeys.entityId)
        static let shortName = Column(CodingKeys.shortName)
        static let type = Column(CodingKeys.type)
        static let brand = Column(CodingKeys.brand)
        static let nameOnCard = Column(CodingKeys.nameOnCard)
        static let pan4 = Column(CodingKeys.pan4)
        static let pan6 = Column(CodingKeys.pan6)
        static let panClass = Column(CodingKeys.panClass)
        static let expiresOn = Column(CodingKeys.expiresOn)
        static let validFrom = Column(CodingKeys.validFrom)
        static let addressId = Column(CodingKeys.addressId)
        static let insertedAt = Column(CodingKeys.insertedAt)
    }
}

struct RZFavourite: RezolveRecord {
    static let databaseTableName = "rz_favourite"
    var id: String
    var entityId: String
    var provider: String
    var type: String
    var value: String

    enum CodingKeys: String, CodingKey {
        case id, provider, type, value
        case entityId = "entity_id"
    }

    enum Columns {
        static let id = Column(CodingKeys.id)
        static let entityId = Column(CodingKeys.entityId)
        static let provider = Column(CodingKeys.provider)
        static let type = Column(CodingKeys.type)
        static let value = Column(CodingKeys.value)
    }
}
