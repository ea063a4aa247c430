import CommerceCore
import Foundation
import GraphQL
import SandboxCore

extension ResolverRegistry {
    /// `shopPayPaymentRequestSessionCreate` and `shopPayPaymentRequestSessionSubmit` (spec §5.11). The sandbox
    /// keeps the session and answers a receipt for the submitted request; Shop Pay itself (its sheet, the buyer's
    /// wallet) is not emulated, so no order is written and the session's `checkoutUrl` is not served.
    mutating func registerShopPayMutations2026() {
        on("Mutation", "shopPayPaymentRequestSessionCreate") { _, args, c, _ in
            try c.require(StorefrontScope.writeCheckouts, for: "shopPayPaymentRequestSessionCreate")
            let request = StorefrontResponseWriter.json(args.field("paymentRequest"))
            var errors = ShopPayRequestRules.problems(request)
            let source = args.field("sourceIdentifier").asString ?? ""
            if source.trimmingCharacters(in: .whitespaces).isEmpty {
                errors.append((["sourceIdentifier"], "Source identifier can't be blank"))
            }
            guard errors.isEmpty else {
                return GraphObject(
                    "ShopPayPaymentRequestSessionCreatePayload",
                    ["shopPayPaymentRequestSession": nil, "userErrors": Self.shopPayErrors(errors)])
            }
            let session = StorefrontShopPaySessionRecord(
                token: RandomToken.hex(32), shopId: c.shop.id, sourceIdentifier: source, request: request.serialized(),
                receiptToken: nil, idempotencyKey: nil, createdAt: c.now.timeIntervalSince1970)
            try StorefrontShopPayStore.save(c.db, session)
            return GraphObject(
                "ShopPayPaymentRequestSessionCreatePayload",
                [
                    "shopPayPaymentRequestSession": GraphObject(
                        "ShopPayPaymentRequestSession",
                        [
                            "token": session.token, "sourceIdentifier": source,
                            "checkoutUrl": c.url("/checkouts/shop-pay/\(session.token)"),
                            "paymentRequest": ShopPayRequestRules.object(request),
                        ]),
                    "userErrors": [(any Sendable)?](),
                ])
        }
        on("Mutation", "shopPayPaymentRequestSessionSubmit") { _, args, c, _ in
            try c.require(StorefrontScope.writeCheckouts, for: "shopPayPaymentRequestSessionSubmit")
            let key = args.field("idempotencyKey").asString ?? ""
            func refused(_ field: [String], _ code: String, _ message: String) -> GraphObject {
                GraphObject(
                    "ShopPayPaymentRequestSessionSubmitPayload",
                    [
                        "paymentRequestReceipt": nil,
                        "userErrors": graphList([
                            GraphObject(
                                "UserErrorsShopPayPaymentRequestSessionUserErrors",
                                ["code": code, "field": graphList(field), "message": message])
                        ]),
                    ])
            }
            guard
                var session = try StorefrontShopPayStore.session(
                    c.db, token: args.field("token").asString ?? "", shopID: c.shop.id)
            else { return refused(["token"], "PAYMENT_REQUEST_NOT_FOUND", "Payment request not found") }
            if let other = try StorefrontShopPayStore.session(c.db, idempotencyKey: key, shopID: c.shop.id),
                other.token != session.token
            {
                return refused(
                    ["idempotencyKey"], "IDEMPOTENCY_KEY_ALREADY_USED", "Idempotency key has already been used")
            }
            // A session already submitted answers its receipt again.
            if session.receiptToken == nil {
                let request = StorefrontResponseWriter.json(args.field("paymentRequest"))
                let problems = ShopPayRequestRules.problems(request)
                guard problems.isEmpty else {
                    return GraphObject(
                        "ShopPayPaymentRequestSessionSubmitPayload",
                        ["paymentRequestReceipt": nil, "userErrors": Self.shopPayErrors(problems)])
                }
                session.request = request.serialized()
                session.receiptToken = RandomToken.hex(32)
                session.idempotencyKey = key
                try StorefrontShopPayStore.save(c.db, session)
            }
            return GraphObject(
                "ShopPayPaymentRequestSessionSubmitPayload",
                [
                    "paymentRequestReceipt": GraphObject(
                        "ShopPayPaymentRequestReceipt",
                        [
                            "token": session.receiptToken, "processingStatusType": "ready",
                            "paymentRequest": ShopPayRequestRules.object(try session.requestJSON()),
                        ]),
                    "userErrors": [(any Sendable)?](),
                ])
        }
    }

    static func shopPayErrors(_ problems: [(field: [String], message: String)]) -> [(any Sendable)?] {
        graphList(
            problems.map {
                GraphObject(
                    "UserErrorsShopPayPaymentRequestSessionUserErrors",
                    ["code": "PAYMENT_REQUEST_INVALID_INPUT", "field": graphList($0.field), "message": $0.message])
            })
    }
}
