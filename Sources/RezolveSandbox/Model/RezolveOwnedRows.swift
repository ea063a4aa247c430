import GRDB

/// A row that belongs to one customer (phone, address, card, favourite, cart, option session): the store
/// finds it by id within its owning entity, so one customer's ids are "not found" for another.
protocol RezolveOwnedRow: RezolveRecord {
    static var idColumn: Column { get }
    static var entityIdColumn: Column { get }
    /// The JSON column the record decodes, named when a row's text does not parse (``CorruptRow``).
    static var jsonColumn: Column? { get }
}

extension RezolveOwnedRow {
    static var jsonColumn: Column? { nil }
}

/// An owned row that lists oldest first (phones, addresses, cards).
protocol RezolveListedRow: RezolveOwnedRow {
    static var insertedAtColumn: Column { get }
}

extension RZPhone: RezolveListedRow {
    static var idColumn: Column { Columns.id }
    static var entityIdColumn: Column { Columns.entityId }
    static var insertedAtColumn: Column { Columns.insertedAt }
}

extension RZAddress: RezolveListedRow {
    static var idColumn: Column { Columns.id }
    static var entityIdColumn: Column { Columns.entityId }
    static var insertedAtColumn: Column { Columns.insertedAt }
}

extension RZCard: RezolveListedRow {
    static var idColumn: Column { Columns.id }
    static var entityIdColumn: Column { Columns.entityId }
    static var insertedAtColumn: Column { Columns.insertedAt }
}

extension RZFavourite: RezolveOwnedRow {
    static var idColumn: Column { Columns.id }
    static var entityIdColumn: Column { Columns.entityId }
}

extension RZCart: RezolveOwnedRow {
    static var idColumn: Column { Columns.id }
    static var entityIdColumn: Column { Columns.entityId }
    static var jsonColumn: Column? { Columns.lines }
}

extension RZOptionSession: RezolveOwnedRow {
    static var idColumn: Column { Columns.id }
    static var entityIdColumn: Column { Columns.entityId }
    static var jsonColumn: Column? { Columns.lines }
}
