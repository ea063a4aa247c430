import CommerceCore
import GRDB
import SandboxCore

/// Token grants and their shops, shared by GraphQL requests until a commit changes a token or a shop.
///
/// Every GraphQL request looks its token and shop up before anything else. A request whose token was found since
/// the last commit to `storefront_tokens` or `storefront_shops` skips that read, a hop to a reader and back. Those
/// tables change only through the writer (control routes, a reset, seeding), where an observer counts commits, as
/// ``CatalogCache`` does for the catalog. Only found tokens are kept, at most ``capacity``, so random tokens
/// cannot grow it.
final class ShopAccessCache: Sendable {
    struct Access: Sendable {
        let grant: TokenGrant
        /// `nil` when the token names a shop that no longer exists.
        let shop: ShopRecord?
    }

    private static let tables: Set<String> = ["storefront_tokens", "storefront_shops"]
    static let capacity = 256
    private let observer: TableChangeCounter
    private let entries = Locked((generation: UInt64(0), found: [String: Access]()))

    init(database: SandboxDatabase) {
        observer = TableChangeCounter(tables: Self.tables, database: database)
    }

    /// The token's grant and shop as committed, or `nil` for an unknown token.
    func access(token: String, database: SandboxDatabase) async throws -> Access? {
        // Read before the transaction starts: a stored entry then holds at least this generation's state.
        let generation = observer.generation
        if let hit = entries.withLock({ $0.generation == generation ? $0.found[token] : nil }) { return hit }
        let loaded = try await database.read { db -> Access? in
            guard let grant = try StorefrontShopStore.grant(db, token: token) else { return nil }
            return Access(grant: grant, shop: try StorefrontShopStore.shop(db, id: grant.shopID))
        }
        guard let loaded else { return nil }
        entries.withLock { state in
            guard state.generation <= generation else { return }
            if state.generation < generation || state.found.count >= Self.capacity { state = (generation, [:]) }
            state.found[token] = loaded
        }
        return loaded
    }
}
