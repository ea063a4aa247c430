import CommerceCore
import Foundation
import GRDB

/// Queries over customers and their records. Every lookup is scoped to the owning entity, so one
/// customer's ids are "not found" for another.
enum RezolveCustomerStore {
    static func customer(partnerId: String, partnerEntityId: String, _ db: Database) throws -> RZCustomer? {
        try RZCustomer.filter(Column("partner_id") == partnerId && Column("partner_entity_id") == partnerEntityId)
            .fetchOne(db)
    }

    /// Inserts `customer` unless its (partner, partner_entity_id) registered meanwhile; returns the stored one.
    static func insertUnlessRegistered(_ customer: RZCustomer, _ db: Database) throws -> (RZCustomer, isNew: Bool) {
        if let existing = try self.customer(
            partnerId: customer.partnerId, partnerEntityId: customer.partnerEntityId, db)
        {
            return (existing, false)
        }
        try customer.insert(db)
        return (customer, true)
    }

    static func owned<Record: RezolveRecord>(_ type: Record.Type, id: String, entityId: String, _ db: Database) throws
        -> Record?
    {
        try Record.filter(Column("id") == id && Column("entity_id") == entityId).fetchOne(db)
    }

    static func all<Record: RezolveRecord>(_ type: Record.Type, entityId: String, _ db: Database) throws -> [Record] {
        try Record.filter(Column("entity_id") == entityId).order(Column("inserted_at")).fetchAll(db)
    }

    static func favourites(entityId: String, _ db: Database) throws -> [RZFavourite] {
        try RZFavourite.filter(Column("entity_id") == entityId).order(Column("rowid")).fetchAll(db)
    }

    static func isPhoneUsed(_ phoneId: String, _ db: Database) throws -> Bool {
        try RZAddress.filter(Column("phone_id") == phoneId).fetchCount(db) > 0
    }

    static func isAddressUsed(_ addressId: String, _ db: Database) throws -> Bool {
        try RZCard.filter(Column("address_id") == addressId).fetchCount(db) > 0
    }
}

// MARK: - Paged listing for the console

extension RezolveCustomerStore {
    /// Customers newest first; never their private keys.
    static func page(_ db: Database, _ page: ControlPage) throws -> (items: [JSONValue], total: Int) {
        let total = try RZCustomer.fetchCount(db)
        let customers = try RZCustomer.order(Column("date_created").desc, Column("entity_id"))
            .limit(page.limit, offset: page.offset).fetchAll(db)
        let items: [JSONValue] = customers.map { customer in
            [
                "entityId": .string(customer.entityId), "partnerId": .string(customer.partnerId),
                "partnerEntityId": .string(customer.partnerEntityId), "email": .string(customer.email),
                "name": .string(customer.name),
                "createdAt": .string(ISO8601.format(Date(timeIntervalSince1970: customer.dateCreated))),
            ]
        }
        return (items, total)
    }
}
