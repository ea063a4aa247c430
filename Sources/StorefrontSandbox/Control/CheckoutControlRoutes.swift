import CommerceCore
import Foundation
import GRDB
import SandboxCore

/// `GET /sandbox/storefront/checkouts/{token}` (internal state) and `POST …/complete` (the web checkout:
/// pays with the bogus card `1` through the same acceptance and payment job as the app; spec §5.10, §5.16).
struct CheckoutControlRoutes: Sendable {
    let context: SandboxContext

    func register(on router: ServiceRoutes) {
        router.get("/sandbox/storefront/checkouts/:token") { request in
            let token = request.parameter("token")
            let checkout = try await context.database.read { db -> CheckoutRecord? in
                guard let shopID = try StorefrontCheckoutStore.shopID(db, token: token) else { return nil }
                return try StorefrontCheckoutStore.checkout(db, token: token, shopID: shopID)
            }
            guard let checkout else { return StorefrontControlRoutes.notFound("Unknown checkout \(token)") }
            return .json(Self.state(checkout))
        }

        router.post("/sandbox/storefront/checkouts/:token/complete") { request in
            let token = request.parameter("token")
            var givenEmail: String?
            if !request.body.isEmpty {
                guard case .object(let body)? = try? JSONValue.parse(request.body) else {
                    return StorefrontControlRoutes.invalid("body", "Body must be a JSON object")
                }
                if let value = body["email"], value != .null {
                    guard let text = value.stringValue else {
                        return StorefrontControlRoutes.invalid("email", "email must be a string")
                    }
                    givenEmail = text
                }
            }
            let email = givenEmail
            let now = context.clock.now()
            let publicURL: @Sendable (String) -> String = { [context] path in context.publicURL(path: path) }
            let answer: SandboxResponse? = try await context.database.write { db in
                guard let shopID = try StorefrontCheckoutStore.shopID(db, token: token),
                    let shop = try StorefrontShopStore.shop(db, id: shopID),
                    let checkout = try StorefrontCheckoutStore.checkout(db, token: token, shopID: shopID)
                else { return nil }
                switch try WebCheckoutCompletion.complete(
                    db, checkout: checkout, shop: shop, email: email, now: now, publicURL: publicURL)
                {
                case .accepted(let payment):
                    return .json(["paymentId": .string(payment.gid.encoded)], status: 202)
                case .refused(let entries):
                    return .json(["errors": .array(entries.map(Self.errorJSON))], status: 422)
                }
            }
            return answer ?? StorefrontControlRoutes.notFound("Unknown checkout \(token)")
        }
    }

    private static func errorJSON(_ entry: WebCheckoutCompletion.Refusal) -> JSONValue {
        [
            "code": .string(entry.code), "field": .array(entry.field.map(JSONValue.string)),
            "message": .string(entry.message),
        ]
    }

    /// What a tester wants to see: status, totals and what is still pending.
    private static func state(_ checkout: CheckoutRecord) -> JSONValue {
        func pending(_ computation: PendingComputation?) -> JSONValue {
            guard let computation else { return .null }
            return [
                "pollsRemaining": .integer(computation.polls),
                "deadline": .string(ISO8601.format(computation.deadline, fraction: .never)),
            ]
        }
        let totals = checkout.totals
        return [
            "token": .string(checkout.token), "status": .string(checkout.status.rawValue),
            "email": .from(checkout.email),
            "requiresShipping": .bool(checkout.requiresShipping), "lineCount": .integer(Int64(checkout.lines.count)),
            "shippingLine": .from(checkout.shippingLine?.handle),
            "totals": [
                "subtotal": .string(StorefrontFormat.decimal(cents: totals.subtotalCents)),
                "shipping": .string(StorefrontFormat.decimal(cents: totals.shippingCents)),
                "tax": .string(StorefrontFormat.decimal(cents: totals.taxCents)),
                "duties": .from(totals.dutiesCents.map { StorefrontFormat.decimal(cents: $0) }),
                "total": .string(StorefrontFormat.decimal(cents: totals.totalCents)),
            ],
            "pending": [
                "recalculation": pending(checkout.recalculation), "shippingRates": pending(checkout.rates),
                "paymentId": checkout.processingPaymentID.map { .integer($0) } ?? .null,
            ],
            "orderId": checkout.orderID.map { .integer($0) } ?? .null,
        ]
    }
}
