import CommerceCore
import Foundation
import GRDB

/// The sandbox's hosted checkout for 2026-04 carts (`Cart.checkoutUrl`): contact, address, delivery option and a
/// test card, paid like Shopify's Bogus Gateway. Approval writes the order through ``CartCompletion`` (so the one
/// ``OrderWriter`` numbers it, takes stock and links the customer); a decline or gateway error writes nothing.
enum HostedCheckout {
    /// What the buyer entered (form fields or the control route's JSON).
    struct Submission: Sendable {
        var email: String?
        var address: [String: String] = [:]
        var deliveryHandle: String?
        var card: String
    }

    enum Outcome: Sendable {
        case approved(OrderRecord)
        /// Card `2`, or card `3` (`gatewayError`): nothing was written.
        case declined(gatewayError: Bool)
        /// The submission or the cart cannot be paid; every reason, nothing written.
        case refused([CartCompletion.Problem])
    }

    /// The address fields the page asks for, in form order.
    static let addressFields = ["firstName", "lastName", "address1", "city", "province", "country", "zip"]

    /// Pays `token`'s cart; `nil` when the cart is unknown, expired or already paid.
    static func pay(_ db: Database, token: String, _ submission: Submission, now: Date) throws -> Outcome? {
        guard let shopID = try StorefrontCartStore.shopID(db, token: token),
            var cart = try StorefrontCartStore.cart(db, token: token, shopID: shopID, now: now)
        else { return nil }
        var problems: [CartCompletion.Problem] = []
        let email = submission.email?.trimmingCharacters(in: .whitespaces) ?? cart.buyerEmail ?? ""
        if !InputRules.emailIsValid(email) {
            problems.append(.init(code: "INVALID", field: ["email"], message: "Enter a valid email"))
        }
        // A form left blank ships to the address and option chosen on the cart through the API.
        let entered = submission.address.filter { !$0.value.trimmingCharacters(in: .whitespaces).isEmpty }
        let address = entered.isEmpty ? cart.details.deliveryAddress?.fields ?? [:] : entered
        for field in ["address1", "city", "country"] where address[field] == nil {
            problems.append(.init(code: "BLANK", field: ["address", field], message: "\(field) can't be blank"))
        }
        let rates = CheckoutPricing.rates(for: address)
        // No choice made means the first (cheapest) rate, as a checkout preselects it.
        let chosen = rates.first { $0.handle == cart.details.selectedDeliveryHandle } ?? rates.first
        let rate = submission.deliveryHandle.map { handle in rates.first { $0.handle == handle } } ?? chosen
        if address["country"] != nil, rate == nil {
            problems.append(
                .init(code: "INVALID", field: ["deliveryOption"], message: "Choose a delivery option for this address"))
        }
        // The Bogus Gateway's numbers: 1 approves, 2 declines, 3 fails at the gateway.
        switch submission.card.trimmingCharacters(in: .whitespaces) {
        case "1": break
        case "2": return problems.isEmpty ? .declined(gatewayError: false) : .refused(problems)
        case "3": return problems.isEmpty ? .declined(gatewayError: true) : .refused(problems)
        default:
            problems.append(
                .init(
                    code: "INVALID", field: ["card"], message: "Use test card 1 (approved), 2 (declined) or 3 (error)"))
        }
        guard problems.isEmpty, let rate else { return .refused(problems) }
        cart.buyerEmail = email
        try StorefrontCartStore.save(db, cart)
        switch try CartCompletion.complete(
            db, token: token, now: now, delivery: CartCompletion.Delivery(address: address, rate: rate))
        {
        case nil: return nil
        case .failure(let refused)?: return .refused(refused.entries)
        case .success(let order)?: return .approved(order)
        }
    }
}
