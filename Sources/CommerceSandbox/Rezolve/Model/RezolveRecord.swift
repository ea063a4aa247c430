import GRDB

/// A record of a `rz_` table (see ``SandboxRecord``).
protocol RezolveRecord: SandboxRecord {}

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
}

struct RZPhone: RezolveRecord {
    static let databaseTableName = "rz_phone"
    var id: String
    var entityId: String
    var name: String
    var phone: String
    var insertedAt: Double
    var updatedAt: Double
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
}

struct RZFavourite: RezolveRecord {
    static let databaseTableName = "rz_favourite"
    var id: String
    var entityId: String
    var provider: String
    var type: String
    var value: String
}
