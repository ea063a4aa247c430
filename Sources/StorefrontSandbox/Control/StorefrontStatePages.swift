import CommerceCore
import Foundation
import GRDB
import SandboxCore

/// `/sandbox/storefront/pages/...`: the console's paged views of carts, checkouts and orders across every
/// shop, in the shared ``ControlPage`` shape.
struct StorefrontStatePages: Sendable {
    let context: SandboxContext

    func register(on router: ServiceRoutes) {
        let pages: [(String, @Sendable (Database, ControlPage) throws -> (items: [JSONValue], total: Int))] = [
            ("carts", StorefrontCartStore.page), ("checkouts", StorefrontCheckoutStore.page),
            ("orders", StorefrontOrderStore.page),
        ]
        for (name, fetch) in pages {
            router.get(
                "/sandbox/storefront/pages/\(name)",
                handler: ControlProblem.answering { request in
                    let page = try ControlPage.from(request.query)
                    let listed = try await context.database.read { db in try fetch(db, page) }
                    return page.response(listed.items, total: listed.total)
                })
        }
    }
}
