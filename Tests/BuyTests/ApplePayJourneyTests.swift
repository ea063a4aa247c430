import CommerceCore
import CommerceTestSupport
import CommerceTesting
import Foundation
import Pay
import Testing

@testable import Buy

/// J3 from the client's side (spec §7): a `PaySession` whose delegate keeps a Storefront checkout in step
/// through `Graph.Client`, against a scripted shop that answers "not ready" once after each change. Shows
/// that `Pay` and `Buy` fit together although neither imports the other.
@MainActor @Suite struct ApplePayJourneyTests {
    /// Just enough of a checkout server: one line (89.00), CA tax 13 %, two rates, tokenized completion.
    final class ScriptedShop: Sendable {
        private struct State {
            var shipping: (handle: String, price: String)?
            var pending: Set<String> = []
            var completions: [String] = []
        }

        private let state = Locked(State())
        var completions: [String] { state[\.completions] }

        func answer(_ request: HTTPRequest) -> HTTPResponse {
            let document = String(decoding: request.body ?? Data(), as: UTF8.self)
            return state.withLock { state in
                func poll(_ kind: String) -> Bool { state.pending.remove(kind) == nil }
                if document.contains("checkoutShippingAddressUpdateV2") || document.contains("checkoutEmailUpdateV2") {
                    state.pending.formUnion(["ready", "rates"])
                    let name =
                        document.contains("checkoutEmailUpdateV2")
                        ? "checkoutEmailUpdateV2" : "checkoutShippingAddressUpdateV2"
                    return .json(200, #"{"data":{"\#(name)":{"checkoutUserErrors":[]}}}"#)
                }
                if document.contains("checkoutShippingLineUpdate") {
                    let handle = document.contains("express") ? "sandbox-express-25.00" : "sandbox-standard-10.00"
                    state.shipping = (handle, handle.hasSuffix("25.00") ? "25.0" : "10.0")
                    state.pending.insert("ready")
                    return .json(200, #"{"data":{"checkoutShippingLineUpdate":{"checkoutUserErrors":[]}}}"#)
                }
                if document.contains("checkoutCompleteWithTokenizedPaymentV3") {
                    state.completions.append(document)
                    state.pending.insert("order")
                    return .json(200, #"{"data":{"checkoutCompleteWithTokenizedPaymentV3":{"checkoutUserErrors":[]}}}"#)
                }
                let head = #""__typename":"Checkout","id":"Y2hlY2tvdXQ""#
                if document.contains("availableShippingRates") {
                    let rates =
                        poll("rates")
                        ? #"{"ready":true,"shippingRates":[{"handle":"sandbox-standard-10.00","title":"Standard","priceV2":{"amount":"10.0"}},{"handle":"sandbox-express-25.00","title":"Express","priceV2":{"amount":"25.0"}}]}"#
                        : #"{"ready":false,"shippingRates":null}"#
                    return .json(200, #"{"data":{"node":{\#(head),"availableShippingRates":\#(rates)}}}"#)
                }
                if document.contains("order{") {
                    let order = poll("order") ? #"{"id":"T3JkZXI"}"# : "null"
                    return .json(200, #"{"data":{"node":{\#(head),"order":\#(order)}}}"#)
                }
                let ready = poll("ready")
                let ship = Decimal(string: state.shipping?.price ?? "0") ?? 0
                let tax = Decimal(string: "11.57") ?? 0
                let line =
                    state.shipping.map {
                        #"{"handle":"\#($0.handle)","title":"Rate","priceV2":{"amount":"\#($0.price)"}}"#
                    }
                    ?? "null"
                return .json(
                    200,
                    #"{"data":{"node":{\#(head),"ready":\#(ready),"requiresShipping":true,"currencyCode":"CAD","#
                        + #""lineItems":{"edges":[{"node":{"quantity":1,"unitPrice":{"amount":"89.0"}}}]},"subtotalPriceV2":{"amount":"89.0"},"#
                        + #""totalTaxV2":{"amount":"11.57"},"totalDuties":null,"paymentDueV2":{"amount":"\#(89 + ship + tax)"},"shippingLine":\#(line)}}}"#
                )
            }
        }
    }

    /// The app's Storefront calls, off the main actor: every query is built where it is sent, from
    /// `Sendable` inputs only.
    final class StorefrontCalls: Sendable {
        let client: Graph.Client
        let id = GraphQL.ID(rawValue: "Y2hlY2tvdXQ")

        init(client: Graph.Client) { self.client = client }

        private func poll(
            until check: @escaping (Storefront.Checkout) -> Bool,
            _ fields: (Storefront.CheckoutQuery) -> Void
        ) async throws -> Storefront.Checkout? {
            let retry = Graph.RetryHandler<Storefront.QueryRoot>(endurance: .finite(10), interval: 0) { response, _ in
                !((response?.node as? Storefront.Checkout).map(check) ?? false)
            }
            let query = Storefront.buildQuery { $0.node(id: id) { $0.onCheckout { fields($0.id()) } } }
            return try await client.query(query, retryHandler: retry).node as? Storefront.Checkout
        }

        private func update(_ build: (Storefront.MutationQuery) -> Void) async throws {
            _ = try await client.mutate(Storefront.buildMutation { build($0) })
        }

        private static func input(_ address: PayAddress) -> Storefront.MailingAddressInput {
            .create(
                address1: .value(address.addressLine1), city: .value(address.city), country: .value(address.country),
                lastName: .value(address.lastName), province: .value(address.province), zip: .value(address.zip))
        }

        func setAddress(_ address: PayAddress) async throws {
            try await update {
                $0.checkoutShippingAddressUpdateV2(shippingAddress: Self.input(address), checkoutId: id) {
                    $0.checkoutUserErrors { $0.message() }
                }
            }
        }

        func setEmail(_ email: String) async throws {
            try await update {
                $0.checkoutEmailUpdateV2(checkoutId: id, email: email) { $0.checkoutUserErrors { $0.message() } }
            }
        }

        func setShippingLine(_ handle: String) async throws {
            try await update {
                $0.checkoutShippingLineUpdate(checkoutId: id, shippingRateHandle: handle) {
                    $0.checkoutUserErrors { $0.message() }
                }
            }
        }

        func rates() async throws -> [PayShippingRate] {
            let checkout = try await poll(until: { $0.availableShippingRates?.ready == true }) {
                $0
                    .availableShippingRates { $0.ready().shippingRates { $0.handle().title().priceV2 { $0.amount() } } }
            }
            let rates = checkout?.availableShippingRates?.shippingRates ?? []
            return rates.map { PayShippingRate(handle: $0.handle, title: $0.title, price: $0.priceV2.amount) }
        }

        func payCheckout() async throws -> PayCheckout? {
            try await poll(until: { $0.ready }, PayCheckoutFields.select).map(PayCheckoutFields.payCheckout)
        }

        /// Completes with the Apple Pay token (the seed's `TokenizedPaymentInput` sample, in its V3 form)
        /// and polls for the order.
        func complete(amount: Decimal, key: String, billing: PayAddress, token: String) async throws -> Bool {
            let payment = Storefront.TokenizedPaymentInputV3.create(
                paymentAmount: .create(amount: amount, currencyCode: .cad), idempotencyKey: key,
                billingAddress: Self.input(billing), paymentData: token, type: .applePay)
            try await update {
                $0.checkoutCompleteWithTokenizedPaymentV3(checkoutId: id, payment: payment) {
                    $0.checkoutUserErrors { $0.message() }
                }
            }
            return try await poll(until: { $0.order != nil }) { $0.order { $0.id() } }?.order != nil
        }
    }

    /// The app's delegate: each callback runs the Storefront calls in a task and provides from there.
    final class StorefrontDelegate: PaySessionDelegate {
        let calls: StorefrontCalls
        var finished = 0

        init(calls: StorefrontCalls) { self.calls = calls }

        func paySession(
            _ paySession: PaySession, didRequestShippingRatesFor address: PayPostalAddress, checkout: PayCheckout,
            provide: @escaping (PayCheckout?, [PayShippingRate]) -> Void
        ) {
            let partial = PayAddress(
                city: address.city, country: address.country, province: address.province, zip: address.zip)
            Task {
                try await calls.setAddress(partial)
                let rates = try await calls.rates()
                provide(try await calls.payCheckout(), rates)
            }
        }

        func paySession(
            _ paySession: PaySession, didUpdateShippingAddress address: PayPostalAddress, checkout: PayCheckout,
            provide: @escaping (PayCheckout?) -> Void
        ) {
            provide(nil)
        }

        func paySession(
            _ paySession: PaySession, didSelectShippingRate shippingRate: PayShippingRate, checkout: PayCheckout,
            provide: @escaping (PayCheckout?) -> Void
        ) {
            let handle = shippingRate.handle
            Task {
                try await calls.setShippingLine(handle)
                provide(try await calls.payCheckout())
            }
        }

        func paySession(
            _ paySession: PaySession, didAuthorizePayment authorization: PayAuthorization, checkout: PayCheckout,
            completeTransaction: @escaping (PaySession.TransactionStatus) -> Void
        ) {
            let key = paySession.identifier
            Task {
                try await calls.setAddress(authorization.shippingAddress)
                try await calls.setEmail(authorization.shippingAddress.email ?? "")
                guard let current = try await calls.payCheckout() else { return completeTransaction(.failure) }
                let paid = try await calls.complete(
                    amount: current.paymentDue, key: key, billing: authorization.billingAddress,
                    token: authorization.token)
                completeTransaction(paid ? .success : .failure)
            }
        }

        func paySessionDidFinish(_ paySession: PaySession) { finished += 1 }
    }

    @Test func applePayCheckoutThroughTheStorefront() async throws {
        let shop = ScriptedShop()
        let transport = InMemoryTransport { shop.answer($0) }
        let delegate = StorefrontDelegate(calls: StorefrontCalls(client: makeClient(transport: transport)))
        let sheet = SimulatedAuthorizationController()
        let start = PayCheckout(
            id: "Y2hlY2tvdXQ", lineItems: [PayLineItem(price: 89, quantity: 1)], giftCards: nil, discount: nil,
            shippingDiscount: nil, shippingAddress: nil, shippingRate: nil, currencyCode: "CAD", totalDuties: nil,
            subtotalPrice: 89, needsShipping: true, totalTax: 0, paymentDue: 89)
        let session = PaySession(
            shopName: "Sandbox Shoes", checkout: start, currency: PayCurrency(currencyCode: "CAD", countryCode: "CA"),
            merchantID: "merchant.dev.commercekit.sandbox", controller: sheet)
        session.delegate = delegate
        session.authorize()

        let partial = PayContact(
            postalAddress: .init(
                city: "Toronto", state: "ON", postalCode: "M5V", country: "Canada", isoCountryCode: "CA"))
        let (status, methods, summary) = await sheet.selectShippingContact(partial)
        #expect(status == .success)
        #expect(methods.map(\.identifier) == ["sandbox-standard-10.00", "sandbox-express-25.00"])
        #expect(summary.map(\.label) == ["CART TOTAL", "SUBTOTAL", "SHIPPING", "TAXES", "Sandbox Shoes"])
        #expect(summary.last?.amount == Decimal(string: "110.57"))
        let addressBody = String(decoding: transport.requests.first?.body ?? Data(), as: UTF8.self)
        #expect(addressBody.contains(#"zip:\"M5V 0Z0\""#))

        let (methodStatus, methodSummary) = await sheet.selectShippingMethod(identifier: "sandbox-express-25.00")
        #expect(methodStatus == .success)
        #expect(methodSummary.last?.amount == Decimal(string: "125.57"))

        let contact = PayContact(
            firstName: "John", lastName: "Smith", email: "john.smith@example.com",
            postalAddress: .init(
                street: "80 Spadina Ave.", city: "Toronto", state: "ON", postalCode: "M5V 2J4",
                country: "Canada", isoCountryCode: "CA"))
        let payment = PayPayment.simulated(
            outcome: .approve, billingContact: contact, shippingContact: contact,
            shippingMethodIdentifier: "sandbox-express-25.00")
        #expect(await sheet.authorize(payment) == .success)
        let completion = try #require(shop.completions.first)
        #expect(completion.contains(#"paymentAmount:{amount:\"125.57\",currencyCode:CAD}"#))
        #expect(completion.contains(#"idempotencyKey:\"\#(session.identifier)\""#))
        #expect(completion.contains("type:APPLE_PAY"))
        #expect(completion.contains("sandbox_outcome"))

        await sheet.finish()
        #expect(delegate.finished == 1)
        #expect(session.state == .finished)
    }
}
