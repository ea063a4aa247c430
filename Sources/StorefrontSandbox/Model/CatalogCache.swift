import CommerceCore
import GRDB
import SandboxCore

/// Catalog snapshots shared by read-only GraphQL requests until a commit changes a catalog table.
///
/// Every catalog change commits through the database's one writer, whatever route made it (control routes,
/// the order writer's stock and sales, a reset), so an observer on the writer counts catalog commits and a
/// snapshot is reused only while that count is unchanged. Write transactions never use it: a mutation must
/// see its own uncommitted changes.
final class CatalogCache: Sendable {
    private static let tables: Set<String> = [
        "storefront_products", "storefront_variants", "storefront_images", "storefront_collections",
        "storefront_collection_products",
    ]
    private let observer: TableChangeCounter
    private let snapshots = Locked<[Int64: (generation: UInt64, snapshot: CatalogSnapshot)]>([:])

    init(database: SandboxDatabase) {
        observer = TableChangeCounter(tables: Self.tables, database: database)
    }

    /// The catalog's commit count. Read it *before* the read transaction starts: a snapshot then holds at
    /// least the state of that generation (possibly newer, which only costs a reload later), never older.
    var generation: UInt64 { observer.generation }

    /// The shop's catalog as of `generation`, from the cache or read through `db`.
    func snapshot(_ db: Database, shopID: Int64, generation: UInt64) throws -> CatalogSnapshot {
        if let hit = snapshots.withLock({ $0[shopID] }), hit.generation == generation { return hit.snapshot }
        let loaded = try StorefrontCatalogStore.snapshot(db, shopID: shopID)
        snapshots.withLock { entries in
            if (entries[shopID]?.generation ?? 0) <= generation { entries[shopID] = (generation, loaded) }
        }
        return loaded
    }
}
