import CommerceCore
import Foundation
import GRDB

/// A customer account (spec §5.12). The password is never kept, only a salted derived key.
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

    init(row: Row) {
        id = row["id"]
        shopID = row["shop_id"]
        email = row["email"]
        firstName = row["first_name"]
        lastName = row["last_name"]
        phone = row["phone"]
        acceptsMarketing = row["accepts_marketing"]
        defaultAddressID = row["default_address_id"]
        createdAt = Date(timeIntervalSince1970: row["created_at"])
        updatedAt = Date(timeIntervalSince1970: row["updated_at"])
    }

    static func find(_ db: Database, id: Int64, shopID: Int64) throws -> CustomerRecord? {
        try Row.fetchOne(
            db, sql: "SELECT * FROM storefront_customers WHERE id = ? AND shop_id = ?", arguments: [id, shopID]
        )
        .map(CustomerRecord.init(row:))
    }

    static func find(_ db: Database, email: String, shopID: Int64) throws -> CustomerRecord? {
        try Row.fetchOne(
            db, sql: "SELECT * FROM storefront_customers WHERE shop_id = ? AND email = ? COLLATE NOCASE",
            arguments: [shopID, email]
        ).map(CustomerRecord.init(row:))
    }

    /// The customer an unexpired access token belongs to.
    static func find(_ db: Database, accessToken: String, shopID: Int64, now: Date) throws -> CustomerRecord? {
        try Row.fetchOne(
            db,
            sql: """
                SELECT c.* FROM storefront_customer_tokens t JOIN storefront_customers c ON c.id = t.customer_id
                WHERE t.token_hash = ? AND t.expires_at > ? AND c.shop_id = ?
                """, arguments: [HexDigest.sha256(accessToken), now.timeIntervalSince1970, shopID]
        ).map(CustomerRecord.init(row:))
    }

    /// Stores a new customer without a password (the caller sets it next) and returns its id.
    static func create(
        _ db: Database, shopID: Int64, email: String, firstName: String?, lastName: String?, phone: String?,
        acceptsMarketing: Bool, now: Date
    ) throws -> Int64 {
        try db.execute(
            sql: """
                INSERT INTO storefront_customers (shop_id, email, first_name, last_name, phone, accepts_marketing, password_salt,
                    password_hash, created_at, updated_at) VALUES (?,?,?,?,?,?,'','',?,?)
                """,
            arguments: [
                shopID, email, firstName, lastName, phone, acceptsMarketing, now.timeIntervalSince1970,
                now.timeIntervalSince1970,
            ])
        return db.lastInsertedRowID
    }

    /// Whether another customer of the shop (not `exceptCustomer`) has this phone number.
    static func phoneTaken(_ db: Database, _ phone: String, shopID: Int64, exceptCustomer: Int64?) throws -> Bool {
        try Int64.fetchOne(
            db, sql: "SELECT id FROM storefront_customers WHERE shop_id = ? AND phone = ? AND id IS NOT ?",
            arguments: [shopID, phone, exceptCustomer]) != nil
    }

    func save(_ db: Database) throws {
        try db.execute(
            sql: """
                UPDATE storefront_customers SET email = ?, first_name = ?, last_name = ?, phone = ?, accepts_marketing = ?,
                    default_address_id = ?, updated_at = ? WHERE id = ?
                """,
            arguments: [
                email, firstName, lastName, phone, acceptsMarketing, defaultAddressID,
                updatedAt.timeIntervalSince1970, id,
            ])
    }

    func addresses(_ db: Database) throws -> [AddressRecord] {
        try Row.fetchAll(
            db, sql: "SELECT * FROM storefront_customer_addresses WHERE customer_id = ? ORDER BY id", arguments: [id]
        )
        .map(AddressRecord.init(row:))
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

    init(row: Row) {
        id = row["id"]
        customerID = row["customer_id"]
        createdAt = Date(timeIntervalSince1970: row["created_at"])
        var values: [String: String] = [:]
        let columns = [
            "address1": "address1", "address2": "address2", "city": "city", "company": "company",
            "country": "country_code", "firstName": "first_name", "lastName": "last_name", "phone": "phone",
            "province": "province", "zip": "zip",
        ]
        for (field, column) in columns { if let value: String = row[column] { values[field] = value } }
        self.values = values
    }

    /// Inserts (when `id` is 0) or updates; returns the row ID.
    @discardableResult
    func save(_ db: Database) throws -> Int64 {
        let arguments: StatementArguments = [
            values["address1"], values["address2"], values["city"], values["company"],
            values["country"], values["firstName"], values["lastName"], values["phone"],
            values["province"], values["zip"],
        ]
        if id == 0 {
            try db.execute(
                sql: """
                    INSERT INTO storefront_customer_addresses (address1, address2, city, company, country_code, first_name,
                        last_name, phone, province, zip, customer_id, created_at) VALUES (?,?,?,?,?,?,?,?,?,?,?,?)
                    """, arguments: arguments + [customerID, createdAt.timeIntervalSince1970])
            return db.lastInsertedRowID
        }
        try db.execute(
            sql: """
                UPDATE storefront_customer_addresses SET address1 = ?, address2 = ?, city = ?, company = ?, country_code = ?,
                    first_name = ?, last_name = ?, phone = ?, province = ?, zip = ? WHERE id = ?
                """, arguments: arguments + [id])
        return id
    }

    func delete(_ db: Database) throws {
        try db.execute(sql: "DELETE FROM storefront_customer_addresses WHERE id = ?", arguments: [id])
    }
}
