import Foundation

/// A customer account (spec §5.12) as resolvers see it; stored by ``StorefrontCustomerStore`` (the password
/// never, only a salted derived key).
struct CustomerRecord: GraphValue {
    var graphQLTypeName: String { "Customer" }
    let id: Int64
    let shopID: Int64
    var email: String
    var firstName: String?
    var lastName: String?
    var phone: String?
    var acceptsMarketing: Bool
    var defaultAddressID: Int64?
    let createdAt: Date
    var updatedAt: Date

    var gid: GlobalID { GlobalID("Customer", id) }

    /// "First Last" trimmed, or the email when both names are empty.
    var displayName: String {
        let name = [firstName, lastName].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: " ")
        return name.isEmpty ? email : name
    }

    init(
        id: Int64, shopID: Int64, email: String, firstName: String?, lastName: String?, phone: String?,
        acceptsMarketing: Bool, defaultAddressID: Int64?, createdAt: Date, updatedAt: Date
    ) {
        self.id = id
        self.shopID = shopID
        self.email = email
        self.firstName = firstName
        self.lastName = lastName
        self.phone = phone
        self.acceptsMarketing = acceptsMarketing
        self.defaultAddressID = defaultAddressID
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }
}

/// A customer's saved address, served as `MailingAddress`.
struct AddressRecord: GraphValue {
    var graphQLTypeName: String { "MailingAddress" }
    static let fieldNames = [
        "address1", "address2", "city", "company", "country", "firstName", "lastName", "phone", "province", "zip",
    ]

    let id: Int64
    let customerID: Int64
    /// Values by `MailingAddressInput` field name; `country` holds the ISO code.
    var values: [String: String]
    let createdAt: Date

    var gid: GlobalID { GlobalID("MailingAddress", id, query: [("model_name", "CustomerAddress")]) }

    init(id: Int64, customerID: Int64, values: [String: String], createdAt: Date) {
        self.id = id
        self.customerID = customerID
        self.values = values
        self.createdAt = createdAt
    }
}
