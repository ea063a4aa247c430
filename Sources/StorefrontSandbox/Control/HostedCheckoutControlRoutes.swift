import CommerceCore
import Foundation
import GRDB
import SandboxCore

/// `POST /sandbox/storefront/carts/{token}/checkout`: completes or fails a cart's hosted checkout without a
/// browser, through the same ``HostedCheckout`` the page posts to. Body (all optional but `card`):
/// `{"card":"1"|"2"|"3","email","address":{…},"deliveryOption":"<rate handle>"}`.
struct HostedCheckoutControlRoutes: Sendable {
    let context: SandboxContext

    func register(on router: ServiceRoutes) {
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
                try HostedCheckout.pay(db, token: token, submission, now: now)
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
}
