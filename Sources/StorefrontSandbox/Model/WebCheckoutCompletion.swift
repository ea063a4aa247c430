import CommerceCore
import Foundation
import GRDB
import SandboxCore

/// Completing a checkout from the web (spec §5.1, §5.10): the checkout page's "Pay with test card" button and
/// `POST /sandbox/storefront/checkouts/{token}/complete` both pay with the bogus gateway's approving card `1`
/// through the same acceptance (§4.5) and payment job as the app, so the app sees the result only by polling.
enum WebCheckoutCompletion {
    /// A §4.5 entry that refused the completion.
    struct Refusal: Sendable {
        let code: String
        let field: [String]
        let message: String
    }

    enum Outcome {
        case accepted(PaymentRecord)
        case refused([Refusal])
    }

    /// Pays `checkout` (of `shop`) with card `1`; `email`, when given, is set first on an open checkout.
    /// Runs inside the caller's write transaction.
    static func complete(
        _ db: Database, checkout original: CheckoutRecord, shop: ShopRecord, email: String?, now: Date,
        publicURL: @escaping @Sendable (String) -> String
    ) throws -> Outcome {
        var checkout = original
        if let email, checkout.status == .open {
            checkout.email = email
            try StorefrontCheckoutStore.save(db, checkout)
        }
        let grant = TokenGrant(token: "", shopID: shop.id, scopes: Set(StorefrontScope.all), revoked: false)
        let c = StorefrontRequestContext(
            db: db, shop: shop, grant: grant, now: now, requestID: UUID().uuidString.lowercased(),
            publicURL: publicURL)
        let vault = VaultSession(
            body: [
                "credit_card": [
                    "number": "1", "first_name": "Web", "last_name": "Checkout",
                    "month": "12", "year": "2099",
                ]
            ], now: now)
        try StorefrontPaymentStore.insert(db, vault)
        let due = CheckoutPricing.totals(checkout, shopCountry: shop.country).totalCents
        let args: JSONValue = [
            "checkoutId": .string(checkout.gid.encoded),
            "payment": [
                "paymentAmount": [
                    "amount": .string(StorefrontFormat.decimal(cents: due)), "currencyCode": .string(shop.currency),
                ],
                "idempotencyKey": .string("web-" + RandomToken.hex(16)), "vaultId": .string(vault.token),
            ],
        ]
        let payload = try CheckoutCompletion.accept(
            StorefrontGraphQLEndpoint.map(args), c,
            payloadType: "CheckoutCompleteWithCreditCardV2Payload", form: .cardV2)
        if let payment = payload.fields["payment"] as? PaymentRecord { return .accepted(payment) }
        let entries = (payload.fields["checkoutUserErrors"] as? [(any Sendable)?] ?? []).compactMap {
            $0 as? GraphObject
        }
        return .refused(
            entries.map { entry in
                Refusal(
                    code: (entry.fields["code"] ?? nil) as? String ?? "",
                    field: (entry.fields["field"] as? [(any Sendable)?] ?? []).compactMap { $0 as? String },
                    message: (entry.fields["message"] ?? nil) as? String ?? "")
            })
    }
}
