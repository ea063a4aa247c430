import Buy
import CommerceCore
import CommerceTestSupport
import Foundation
import Pay

/// J3's app side (spec §7): the Storefront calls an Apple Pay delegate makes for one checkout, sent with
/// `Buy` to the in-process sandbox. Each poll records how many requests it took (counted in the sandbox's
/// own log), so the journey can assert the counts J3 states.
final class ApplePayStorefrontCalls: Sendable {
    let client: Graph.Client
    let harness: SandboxHarness
    let checkoutID: GraphQL.ID
    /// "rates 2", "ready 2", "order 2" … in the order the polls ran.
    let polls = Locked<[String]>([])

    init(client: Graph.Client, harness: SandboxHarness, checkoutID: GraphQL.ID) {
        self.client = client
        self.harness = harness
        self.checkoutID = checkoutID
    }

    /// J3 step 1: variant 11 × 1 in a checkout that accepts partial addresses (what a wallet sheet reports
    /// before the buyer authorises).
    static func createCheckout(client: Graph.Client) async throws -> GraphQL.ID {
        let input = Storefront.CheckoutCreateInput.create(
            lineItems: .value([.create(variantId: SandboxIDs.id("ProductVariant", 11), quantity: 1)]),
            allowPartialAddresses: .value(true))
        let created = try await client.mutate(
            Storefront.buildMutation {
                $0
                    .checkoutCreate(input: input) {
                        $0.checkout { $0.id() }.checkoutUserErrors { $0.field().message() }
                    }
            })
        try ApplePayJourneyError.check(created.checkoutCreate?.checkoutUserErrors.map(\.message) ?? ["no payload"])
        guard let id = created.checkoutCreate?.checkout?.id else {
            throw ApplePayJourneyError.storefront(["no checkout"])
        }
        return id
    }

    /// The address as the Storefront takes it; absent parts stay out of the document rather than become `null`.
    static func mailingAddress(_ address: PayAddress) -> Storefront.MailingAddressInput {
        .create(
            address1: Input(orUndefined: address.addressLine1), address2: Input(orUndefined: address.addressLine2),
            city: Input(orUndefined: address.city), country: Input(orUndefined: address.country),
            firstName: Input(orUndefined: address.firstName), lastName: Input(orUndefined: address.lastName),
            phone: Input(orUndefined: address.phone), province: Input(orUndefined: address.province),
            zip: Input(orUndefined: address.zip))
    }

    func setShippingAddress(_ address: PayAddress) async throws {
        let result = try await client.mutate(
            Storefront.buildMutation {
                $0
                    .checkoutShippingAddressUpdateV2(
                        shippingAddress: Self.mailingAddress(address), checkoutId: checkoutID
                    ) {
                        $0
                            .checkoutUserErrors { $0.field().message() }
                    }
            })
        try ApplePayJourneyError.check(
            result.checkoutShippingAddressUpdateV2?.checkoutUserErrors.map(\.message) ?? ["no payload"])
    }

    func setEmail(_ email: String) async throws {
        let result = try await client.mutate(
            Storefront.buildMutation {
                $0
                    .checkoutEmailUpdateV2(checkoutId: checkoutID, email: email) {
                        $0.checkoutUserErrors { $0.field().message() }
                    }
            })
        try ApplePayJourneyError.check(
            result.checkoutEmailUpdateV2?.checkoutUserErrors.map(\.message) ?? ["no payload"])
    }

    func setShippingLine(_ handle: String) async throws {
        let result = try await client.mutate(
            Storefront.buildMutation {
                $0
                    .checkoutShippingLineUpdate(checkoutId: checkoutID, shippingRateHandle: handle) {
                        $0.checkoutUserErrors { $0.field().message() }
                    }
            })
        try ApplePayJourneyError.check(
            result.checkoutShippingLineUpdate?.checkoutUserErrors.map(\.message) ?? ["no payload"])
    }

    /// Polls with the seed's handler shape (`.finite(n)`, interval 0.05) and records the request count.
    private func poll(
        _ label: String, endurance: Int, until done: @escaping @Sendable (Storefront.Checkout) -> Bool,
        _ fields: (Storefront.CheckoutQuery) -> Void
    ) async throws -> Storefront.Checkout {
        let before = try await harness.storefrontRequestCount()
        let retry = Graph.RetryHandler<Storefront.QueryRoot>(endurance: .finite(endurance), interval: 0.05) {
            response, _ in
            !((response?.node as? Storefront.Checkout).map(done) ?? false)
        }
        let root = try await client.query(
            Storefront.buildQuery { $0.node(id: checkoutID) { $0.onCheckout { fields($0.id()) } } },
            retryHandler: retry)
        let requests = try await harness.storefrontRequestCount() - before
        polls.withLock { $0.append("\(label) \(requests)") }
        guard let checkout = root.node as? Storefront.Checkout else {
            throw ApplePayJourneyError.storefront(["\(label): no checkout"])
        }
        return checkout
    }

    /// The rates poll of the seed (`availableShippingRates.ready`), as `Pay` rates.
    func pollShippingRates() async throws -> [PayShippingRate] {
        let checkout = try await poll("rates", endurance: 10, until: { $0.availableShippingRates?.ready ?? false }) {
            $0
                .availableShippingRates { $0.ready().shippingRates { $0.handle().title().priceV2 { $0.amount() } } }
        }
        return (checkout.availableShippingRates?.shippingRates ?? []).map {
            PayShippingRate(handle: $0.handle, title: $0.title, price: $0.priceV2.amount)
        }
    }

    /// The readiness poll of the seed (`ready`), converted to the `PayCheckout` the sheet shows.
    func pollPayCheckout() async throws -> PayCheckout {
        PayCheckoutFields.payCheckout(
            try await poll("ready", endurance: 10, until: { $0.ready }, PayCheckoutFields.select))
    }

    /// The completion poll of the seed (`order == nil`, `.finite(30)`).
    func pollOrder() async throws -> (number: Int32, total: Decimal)? {
        let checkout = try await poll("order", endurance: 30, until: { $0.order != nil }) {
            $0
                .order { $0.id().orderNumber().totalPriceV2 { $0.amount() } }
        }
        return checkout.order.map { ($0.orderNumber, $0.totalPriceV2.amount) }
    }
}

extension ApplePayStorefrontCalls: TokenizedCompleting {
    /// J3 step 5: the seed's `TokenizedPaymentInput` (deprecated in 2021-10, kept by the seed) with the
    /// wallet's token as `paymentData`. Returns the payment's ID and readiness.
    @available(
        *, deprecated, message: "the seed's tokenized completion is deprecated in 2021-10; J3 uses it on purpose"
    )
    func completeWithTokenizedPayment(
        amount: Decimal, idempotencyKey: String, billing: PayAddress,
        token: String
    ) async throws -> (paymentID: String, ready: Bool) {
        let payment = Storefront.TokenizedPaymentInput.create(
            amount: amount, idempotencyKey: idempotencyKey,
            billingAddress: Self.mailingAddress(billing),
            type: "apple_pay", paymentData: token)
        let result = try await client.mutate(
            Storefront.buildMutation {
                $0
                    .checkoutCompleteWithTokenizedPayment(checkoutId: checkoutID, payment: payment) {
                        $0
                            .payment { $0.id().ready() }
                            .checkoutUserErrors { $0.code().field().message() }
                    }
            })
        let payload = result.checkoutCompleteWithTokenizedPayment
        try ApplePayJourneyError.check(payload?.checkoutUserErrors.map(\.message) ?? ["no payload"])
        guard let paid = payload?.payment else { throw ApplePayJourneyError.storefront(["no payment"]) }
        return (paid.id.rawValue, paid.ready)
    }
}

/// Calls the seed's deprecated completion through a protocol so the test target stays free of warnings.
protocol TokenizedCompleting: Sendable {
    func completeWithTokenizedPayment(
        amount: Decimal, idempotencyKey: String, billing: PayAddress,
        token: String
    ) async throws -> (paymentID: String, ready: Bool)
}

enum ApplePayJourneyError: Error, CustomStringConvertible {
    case storefront([String])

    /// Throws when the Storefront reported user errors.
    static func check(_ messages: [String]) throws {
        if !messages.isEmpty { throw storefront(messages) }
    }

    var description: String {
        switch self {
        case .storefront(let messages): "Storefront refused: \(messages.joined(separator: "; "))"
        }
    }
}
