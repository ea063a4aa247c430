import CommerceCore
import Foundation
import GRDB
import SandboxCore

/// The hosted checkout a browser opens from a 2026-04 `Cart.checkoutUrl` (`/cart/c/{token}/checkout`): the form,
/// and its submission paid with a Bogus Gateway test card (``HostedCheckout``). An unknown, expired or paid cart
/// is a 404 page.
struct HostedCheckoutPages: Sendable {
    let context: SandboxContext

    func register(on router: ServiceRoutes) {
        router.get("/cart/c/:token/checkout") { request in
            let token = request.parameter("token")
            let now = context.clock.now()
            let page: String? = try await context.database.read { db in
                guard let found = try Self.cart(db, token: token, now: now) else { return nil }
                let (cart, shop) = found
                let catalog = try StorefrontCatalogStore.snapshot(db, shopID: shop.id)
                // A signed-in buyer (`buyerIdentity.customerAccessToken`) finds their email filled in.
                let customer = try cart.customerID.flatMap {
                    try StorefrontCustomerStore.customer(db, id: $0, shopID: shop.id)
                }
                let email = cart.buyerEmail ?? customer?.email
                return HostedCheckoutHTML.formPage(
                    cart, shop: shop, catalog: catalog,
                    state: .init(entered: email.map { HostedCheckout.Submission(email: $0, card: "") }))
            }
            return page.map { SandboxResponse.html($0) } ?? Self.notFound()
        }

        router.post("/cart/c/:token/checkout") { request in
            let token = request.parameter("token")
            let now = context.clock.now()
            let form = request.formBody
            let submission = HostedCheckout.Submission(
                email: form["email"],
                address: form.filter { HostedCheckout.addressFields.contains($0.key) },
                deliveryHandle: form["deliveryOption"].flatMap { $0.isEmpty ? nil : $0 }, card: form["card"] ?? "")
            // "Update delivery options" shows the rates of the entered address; only "Pay now" pays.
            let paying = form["step"] != "rates"
            let answer: SandboxResponse? = try await context.database.write { db in
                guard let found = try Self.cart(db, token: token, now: now) else { return nil }
                let (cart, shop) = found
                func form(_ state: HostedCheckoutHTML.FormState, status: Int) throws -> SandboxResponse {
                    let catalog = try StorefrontCatalogStore.snapshot(db, shopID: shop.id)
                    return .html(
                        HostedCheckoutHTML.formPage(cart, shop: shop, catalog: catalog, state: state), status: status)
                }
                guard paying else { return try form(.init(entered: submission), status: 200) }
                switch try HostedCheckout.pay(db, token: token, submission, now: now) {
                case nil:
                    return nil
                case .approved(let order)?:
                    let statusURL = context.publicURL(path: OrderWriter.statusPath(order))
                    return .html(HostedCheckoutHTML.approvedPage(order, shop: shop, statusURL: statusURL))
                case .declined(let gatewayError)?:
                    // The form again, as entered, under the decline: the buyer tries another card.
                    return try form(.init(entered: submission, declined: gatewayError), status: 402)
                case .refused(let problems)?:
                    return try form(.init(entered: submission, problems: problems), status: 422)
                }
            }
            return answer ?? Self.notFound()
        }
    }

    private static func cart(_ db: Database, token: String, now: Date) throws -> (CartRecord, ShopRecord)? {
        guard let shopID = try StorefrontCartStore.shopID(db, token: token),
            let shop = try StorefrontShopStore.shop(db, id: shopID),
            let cart = try StorefrontCartStore.cart(db, token: token, shopID: shopID, now: now)
        else { return nil }
        return (cart, shop)
    }

    private static func notFound() -> SandboxResponse {
        .html(
            HostedCheckoutHTML.document(title: "Checkout not found", body: "<h1>Checkout not found</h1>"), status: 404)
    }
}
