import CommerceCore
import Foundation
import GRDB
import GraphQL

/// Everything a resolver may use while one GraphQL request executes. It lives inside the request's
/// transaction (a read, or the write of a mutation) and is only touched on that transaction's thread (see ``InlineTaskExecutor``).
// @unchecked: its `var`s and `db` are used only on the request's transaction thread (InlineTaskExecutor).
final class StorefrontRequestContext: @unchecked Sendable {
    let db: Database
    let shop: ShopRecord
    let grant: TokenGrant
    let now: Date
    let requestID: String
    private let publicURL: @Sendable (String) -> String
    private var cachedCatalog: CatalogSnapshot?
    /// Answers of the pending computations this request already polled (spec §5.14: within one request the
    /// first resolution counts and the rest see the same answer). Mutations that start a computation enter
    /// `false` here, so their own payload shows it pending without counting as a poll.
    var pollAnswers: [String: Bool] = [:]
    /// Response paths of list entries that answer `null` (see ``NullListEntry``).
    var nullEntries: [[IndexPathValue]] = []
    /// The shared catalog cache and its generation, for requests on a read-only transaction.
    var sharedCatalog: (cache: CatalogCache, generation: UInt64)?
    /// The resolver outcomes ``QueryExecutor`` had when it handed this request over to GraphQLSwift.
    var resolvedFields: ResolvedFields?

    init(
        db: Database, shop: ShopRecord, grant: TokenGrant, now: Date, requestID: String,
        publicURL: @escaping @Sendable (String) -> String
    ) {
        self.db = db
        self.shop = shop
        self.grant = grant
        self.now = now
        self.requestID = requestID
        self.publicURL = publicURL
    }

    /// The shop's catalog, read on first use (shared across read-only requests while it is unchanged).
    func catalog() throws -> CatalogSnapshot {
        if let cachedCatalog { return cachedCatalog }
        let loaded =
            try sharedCatalog.map { try $0.cache.snapshot(db, shopID: shop.id, generation: $0.generation) }
            ?? StorefrontCatalogStore.snapshot(db, shopID: shop.id)
        cachedCatalog = loaded
        return loaded
    }

    /// An absolute URL on the sandbox's public base.
    func url(_ path: String) -> String { publicURL(path) }

    func dateTime(_ date: Date) -> String {
        StorefrontFormat.dateTime(date, fractional: shop.dateTimeFractionalSeconds)
    }

    func money(_ cents: Int64) -> GraphObject { StorefrontFormat.moneyV2(cents: cents, currency: shop.currency) }

    /// Throws C6 unless the token carries `scope`.
    func require(_ scope: String, for field: String) throws {
        guard grant.scopes.contains(scope) else { throw StorefrontFieldError.accessDenied(field: field, scope: scope) }
    }
}
