import CommerceCore
import Foundation
import GRDB
import SandboxCore

/// Queries over customers and their records. Every lookup is scoped to the owning entity, so one
/// customer's ids are "not found" for another.
enum RezolveCustomerStore {
    static func customer(partnerId: String, partnerEntityId: String, _ db: Database) throws -> RZCustomer? {
        try RZCustomer.filter(
            RZCustomer.Columns.partnerId == partnerId && RZCustomer.Columns.partnerEntityId == partnerEntityId
        )
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

    static func customer(_ entityId: String, _ db: Database) throws -> RZCustomer? {
        try RZCustomer.fetchOne(db, key: entityId)
    }

    /// A partner's customers, oldest first.
    static func customers(partnerId: String, _ db: Database) throws -> [RZCustomer] {
        try RZCustomer.filter(RZCustomer.Columns.partnerId == partnerId).order(RZCustomer.Columns.dateCreated)
            .fetchAll(db)
    }

    static func insert(_ customer: RZCustomer, _ db: Database) throws {
        try customer.insert(db)
    }

    static func update(_ customer: RZCustomer, _ db: Database) throws {
        try customer.update(db)
    }

    /// Stores a new phone, address, card or favourite; the route has checked what it refers to.
    static func insert(_ row: some RezolveOwnedRow, _ db: Database) throws {
        try row.insert(db)
    }

    /// Writes back a row the caller read through ``owned(_:id:entityId:_:)``.
    static func update(_ row: some RezolveOwnedRow, _ db: Database) throws {
        try row.update(db)
    }

    static func delete(_ row: some RezolveOwnedRow, _ db: Database) throws {
        _ = try row.delete(db)
    }

    /// The customer's row of `type` with this id; one whose JSON column no longer decodes is a `CorruptRow`.
    static func owned<Record: RezolveOwnedRow>(_ type: Record.Type, id: String, entityId: String, _ db: Database) throws
        -> Record?
    {
        try CorruptRow.reporting(table: Record.databaseTableName, id: id, column: Record.jsonColumn?.name) {
            try Record.filter(Record.idColumn == id && Record.entityIdColumn == entityId).fetchOne(db)
        }
    }

    static func all<Record: RezolveListedRow>(_ type: Record.Type, entityId: String, _ db: Database) throws -> [Record]
    {
        try Record.filter(Record.entityIdColumn == entityId).order(Record.insertedAtColumn).fetchAll(db)
    }

    static func favourites(entityId: String, _ db: Database) throws -> [RZFavourite] {
        try RZFavourite.filter(RZFavourite.Columns.entityId == entityId).order(Column.rowID).fetchAll(db)
    }

    static func isPhoneUsed(_ phoneId: String, _ db: Database) throws -> Bool {
        try RZAddress.filter(RZAddress.Columns.phoneId == phoneId).fetchCount(db) > 0
    }

    static func isAddressUsed(_ addressId: String, _ db: Database) throws -> Bool {
        try RZCard.filter(RZCard.Columns.addressId == addressId).fetchCount(db) > 0
    }
}

// MARK: - Paged listing for the console

extension RezolveCustomerStore {
    /// Customers newest first; never their private keys.
    static func page(_ db: Database, _ page: ControlPage) throws -> (items: [JSONValue], total: Int) {
        let total = try RZCustomer.fetchCount(db)
        let customers = try RZCustomer.order(RZCustomer.Columns.dateCreated.desc, RZCustomer.Columns.entityId)
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
