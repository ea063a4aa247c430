import CommerceCore
import Foundation
import GRDB
import SandboxCore

/// `/sandbox/paytronix/pages/...`: the console's paged views of guests, external accounts and recorded
/// push deliveries, in the shared ``ControlPage`` shape.
struct PaytronixStatePages: Sendable {
    let context: SandboxContext

    func register(on router: ServiceRoutes) {
        let pages: [(String, @Sendable (GRDB.Database, ControlPage) throws -> (items: [JSONValue], total: Int))] = [
            ("guests", PaytronixGuestStore.guestsPage),
            ("external-accounts", PaytronixGuestStore.externalAccountsPage),
            ("push-deliveries", PaytronixPushStore.deliveriesPage),
        ]
        for (name, fetch) in pages {
            router.get(
                "/sandbox/paytronix/pages/\(name)",
                handler: ControlProblem.answering { request in
                    let page = try ControlPage.from(request.query)
                    let listed = try await context.database.read { db in try fetch(db, page) }
                    return page.response(listed.items, total: listed.total)
                })
        }
    }
}
