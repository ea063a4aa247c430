import CommerceCore
import Foundation
import SandboxCore

/// `/sandbox/button/pages/...`: the console's paged views of Button's state (orders, deferred deep links),
/// in the shared ``ControlPage`` shape. Both bring time-based state up to date first, as every read does.
extension ButtonService {
    func registerStatePages(on router: ServiceRoutes) {
        router.get(
            "/sandbox/button/pages/orders",
            handler: ControlProblem.answering { request in
                let page = try ControlPage.from(request.query)
                let now = clock.now()
                let listed = try await database.write { db -> (items: [JSONValue], total: Int) in
                    try ButtonOrderStore.sweep(db, now: now)
                    return try ButtonOrderStore.page(db, page)
                }
                return page.response(listed.items, total: listed.total)
            })
        router.get(
            "/sandbox/button/pages/deferred-deeplinks",
            handler: ControlProblem.answering { request in
                let page = try ControlPage.from(request.query)
                let now = clock.now()
                let listed = try await database.write { db -> (items: [JSONValue], total: Int) in
                    try ButtonDeferredLinkStore.expire(db, now: now)
                    return try ButtonDeferredLinkStore.page(db, page)
                }
                return page.response(listed.items, total: listed.total)
            })
    }
}
