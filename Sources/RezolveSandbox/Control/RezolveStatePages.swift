import CommerceCore
import Foundation
import GRDB
import SandboxCore

/// `/sandbox/rezolve/pages/...`: the console's paged views of customers, carts and orders, in the shared
/// ``ControlPage`` shape.
struct RezolveStatePages: Sendable {
    let context: SandboxContext

    func register(on router: ServiceRoutes) {
        let pages: [(String, @Sendable (Database, ControlPage) throws -> (items: [JSONValue], total: Int))] = [
            ("customers", RezolveCustomerStore.page), ("carts", RezolveCommerceStore.cartsPage),
            ("orders", RezolveCommerceStore.ordersPage),
        ]
        for (name, fetch) in pages {
            router.get(
                "/sandbox/rezolve/pages/\(name)",
                handler: ControlProblem.answering { request in
                    let page = try ControlPage.from(request.query)
                    let listed = try await context.database.read { db in try fetch(db, page) }
                    return page.response(listed.items, total: listed.total)
                })
        }
    }
}
