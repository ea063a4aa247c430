import CommerceCore
import Foundation
import GRDB
import SandboxCore

/// The hosted checkout without a browser, for headless tests and the console's Storefront panel.
///
/// `GET /sandbox/storefront/carts`: the open carts of every shop, a page at a time (``ControlPage``), with their
/// totals and checkout URLs. `POST /sandbox/storefront/carts/{token}/checkout`: completes or fails a cart's hosted
/// checkout through the same ``HostedCheckout`` the page posts to. Body (all optional but `card`):
/// `{"card":"1"|"2"|"3","email","address":{…},"deliveryOption":"<rate handle>"}`; without `email`, the cart's
/// buyer email is used, else its customer's.
struct HostedCheckoutControlRoutes: Sendable {
    let context: SandboxContext

    func register(on router: ServiceRoutes) {
        router.get(
            "/sandbox/storefront/carts",
            handler: ControlProblem.answering { request in
                let page = try ControlPage.from(request.query)
                let now = context.clock.now()
                let listed = try await context.database.read { db in
                    let open = try StorefrontCartStore.openCarts(db, page, now: now)
                    return (items: try open.carts.map { try listing($0, db) }, total: open.total)
                }
                return page.response(listed.items, total: listed.total)
            })

        router.post("/sandbox/storefront/carts/:token/checkout") { request in
            let token = request.parameter("token")
            let now = context.clock.now()
            guard case .object(let body)? = try? JSONValue.parse(request.body) else {
                return StorefrontControlRoutes.invalid("body", "Expected a JSON object")
            }
            guard let card = body["card"]?.stringValue else {
                return StorefrontControlRoutes.invalid("card", "card must be \"1\", \"2\" or \"3\"")
            }
            var address: [String: String] = [:]
            if case .object(let fields)? = body["address"] {
                for (key, value) in fields { if let text = value.stringValue { address[key] = text } }
            }
            let submission = HostedCheckout.Submission(
                email: body["email"]?.stringValue, address: address,
                deliveryHandle: body["deliveryOption"]?.stringValue, card: card)
            let outcome = try await context.database.write { db in
                var submission = submission
                if submission.email == nil { submission.email = try Self.customerEmail(db, token: token, now: now) }
                return try HostedCheckout.pay(db, token: token, submission, now: now)
            }
            switch outcome {
            case nil:
                return StorefrontControlRoutes.notFound("Unknown, expired or completed cart \(token)")
            case .approved(let order)?:
                return .json(["orderId": .string(order.gid.encoded), "name": .string(order.name)], status: 202)
            case .declined(let gatewayError)?:
                let entry: JSONValue =
                    gatewayError
                    ? ["code": "GATEWAY_ERROR", "field": ["card"], "message": "The payment gateway reported an error"]
                    : ["code": "CARD_DECLINED", "field": ["card"], "message": "Card was declined"]
                return .json(["errors": [entry]], status: 402)
            case .refused(let problems)?:
                return .json(["errors": .array(problems.map(\.json))], status: 422)
            }
        }
    }

    /// One open cart as the console lists it: lines, items, the lines' total in the shop's currency.
    private func listing(_ cart: CartRecord, _ db: Database) throws -> JSONValue {
        let catalog = try StorefrontCatalogStore.snapshot(db, shopID: cart.shopID)
        let currency = try StorefrontShopStore.shop(db, id: cart.shopID)?.currency
        let total = StorefrontPages.pricedLines(cart, catalog: catalog).reduce(Int64(0)) { $0 + $1.cents }
        let email: String?
        if let buyer = cart.buyerEmail {
            email = buyer
        } else {
            email = try cart.customerID.flatMap {
                try StorefrontCustomerStore.customer(db, id: $0, shopID: cart.shopID)
            }?
            .email
        }
        return [
            "token": .string(cart.token), "shop": .integer(cart.shopID), "lines": .integer(Int64(cart.lines.count)),
            "quantity": .integer(cart.lines.reduce(Int64(0)) { $0 + $1.quantity }),
            "total": .string(StorefrontFormat.decimal(cents: total)), "currencyCode": .from(currency),
            "email": .from(email),
            "checkoutUrl": .string(context.publicURL(path: HostedCheckoutHTML.path(cartToken: cart.token))),
            "updatedAt": .string(StorefrontFormat.dateTime(cart.updatedAt)),
        ]
    }

    /// The email of the customer a cart without a buyer email belongs to (a cart made with a customer token).
    private static func customerEmail(_ db: Database, token: String, now: Date) throws -> String? {
        guard let shopID = try StorefrontCartStore.shopID(db, token: token),
            let cart = try StorefrontCartStore.cart(db, token: token, shopID: shopID, now: now), cart.buyerEmail == nil,
            let customerID = cart.customerID
        else { return nil }
        return try StorefrontCustomerStore.customer(db, id: customerID, shopID: shopID)?.email
    }
}
