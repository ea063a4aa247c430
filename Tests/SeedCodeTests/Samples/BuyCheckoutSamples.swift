import Buy
import Foundation

// The Mobile Buy SDK document's checkout case study: create, update (email, shipping address, shipping line),
// poll for readiness and shipping rates, vault a card, complete with it, and poll for the order. Every call is
// made from an ordinary class, most of them inside the completion of the call before.

/// The document's readiness poll with its default pause between tries.
func makeReadinessRetry() -> Graph.RetryHandler<Storefront.QueryRoot> {
    Graph.RetryHandler<Storefront.QueryRoot>(endurance: .finite(10)) { (response, _) -> Bool in
        (response?.node as? Storefront.Checkout)?.ready ?? false == false
    }
}

/// Card details as a checkout form would collect them.
func makeCardDetails(number: String, month: String, year: String, code: String) -> Card.CreditCard {
    Card.CreditCard(
        firstName: "Ada",
        middleName: "King",
        lastName: "Lovelace",
        number: number,
        expiryMonth: month,
        expiryYear: year,
        verificationCode: code
    )
}

/// A native checkout, step by step. `pollInterval` is the pause between polls (the document's default is two
/// seconds).
final class NativeCheckoutFlow {
    let client: Graph.Client
    let pollInterval: Double
    private(set) var checkoutID: GraphQL.ID?

    init(client: Graph.Client, pollInterval: Double = 2.0) {
        self.client = client
        self.pollInterval = pollInterval
    }

    /// Creates a checkout for `lines` (variant and quantity) and keeps its ID.
    @available(*, deprecated, message: "uses the document's userErrors, deprecated in Storefront 2021-10")
    func createCheckout(
        lines: [(variant: GraphQL.ID, quantity: Int32)], completion: @escaping (GraphQL.ID?, [String]) -> Void
    ) {
        let input = Storefront.CheckoutCreateInput.create(
            lineItems: .value(
                lines.map { Storefront.CheckoutLineItemInput.create(variantId: $0.variant, quantity: $0.quantity) })
        )

        let mutation = Storefront.buildMutation {
            $0
                .checkoutCreate(input: input) {
                    $0
                        .checkout {
                            $0
                                .id()
                        }
                        .userErrors {
                            $0
                                .field()
                                .message()
                        }
                }
        }

        let task = client.mutateGraphWith(mutation) { result, error in
            guard error == nil else {
                completion(nil, [error.map(describeQueryFailure) ?? ""])
                return
            }

            guard let userErrors = result?.checkoutCreate?.userErrors, userErrors.isEmpty else {
                completion(nil, result?.checkoutCreate?.userErrors.map { $0.message } ?? [])
                return
            }

            let checkoutID = result?.checkoutCreate?.checkout?.id
            self.checkoutID = checkoutID
            completion(checkoutID, [])
        }
        task.resume()
    }

    /// The document's literal line items.
    func literalCheckoutInput() -> Storefront.CheckoutCreateInput {
        Storefront.CheckoutCreateInput.create(
            lineItems: .value([
                Storefront.CheckoutLineItemInput.create(variantId: GraphQL.ID(rawValue: "dmFyaWFudC1h"), quantity: 5),
                Storefront.CheckoutLineItemInput.create(variantId: GraphQL.ID(rawValue: "dmFyaWFudC1i"), quantity: 3),
            ])
        )
    }

    /// Sets the buyer's email on the checkout.
    @available(*, deprecated, message: "checkoutEmailUpdate is deprecated in Storefront 2021-10; the document uses it")
    func updateEmail(_ email: String, on id: GraphQL.ID, completion: @escaping (Bool) -> Void) {
        let mutation = Storefront.buildMutation {
            $0
                .checkoutEmailUpdate(checkoutId: id, email: email) {
                    $0
                        .checkout {
                            $0
                                .id()
                        }
                        .userErrors {
                            $0
                                .field()
                                .message()
                        }
                }
        }
        let task = client.mutateGraphWith(mutation) { result, _ in
            completion(result?.checkoutEmailUpdate?.userErrors.isEmpty ?? false)
        }
        task.resume()
    }

    /// Sets the shipping address on the checkout.
    @available(*, deprecated, message: "checkoutShippingAddressUpdate is deprecated in 2021-10; the document uses it")
    func updateShippingAddress(
        _ shippingAddress: Storefront.MailingAddressInput, on id: GraphQL.ID, completion: @escaping (Bool) -> Void
    ) {
        let mutation = Storefront.buildMutation {
            $0
                .checkoutShippingAddressUpdate(shippingAddress: shippingAddress, checkoutId: id) {
                    $0
                        .checkout {
                            $0
                                .id()
                        }
                        .userErrors {
                            $0
                                .field()
                                .message()
                        }
                }
        }
        let task = client.mutateGraphWith(mutation) { result, _ in
            completion(result?.checkoutShippingAddressUpdate?.userErrors.isEmpty ?? false)
        }
        task.resume()
    }

    /// Polls until the checkout's asynchronous work is done and hands back the amounts it then shows.
    func pollUntilReady(
        _ checkoutID: GraphQL.ID, completion: @escaping (_ checkout: Storefront.Checkout?, _ ready: Bool) -> Void
    ) {
        let query = Storefront.buildQuery {
            $0
                .node(id: checkoutID) {
                    $0
                        .onCheckout {
                            $0
                                .id()
                                .ready()  // true once every asynchronous computation has finished
                                .totalDuties {
                                    $0
                                        .amount()
                                        .currencyCode()
                                }
                                .totalTaxV2 {
                                    $0
                                        .amount()
                                        .currencyCode()
                                }
                                .totalPriceV2 {
                                    $0
                                        .amount()
                                        .currencyCode()
                                }
                                .paymentDueV2 {
                                    $0
                                        .amount()
                                        .currencyCode()
                                }
                        }
                }
        }

        let retry = Graph.RetryHandler<Storefront.QueryRoot>(endurance: .finite(10), interval: pollInterval) {
            (response, _) -> Bool in
            (response?.node as? Storefront.Checkout)?.ready ?? false == false
        }

        let task = self.client.queryGraphWith(query, retryHandler: retry) { response, error in
            let updatedCheckout = response?.node as? Storefront.Checkout
            completion(updatedCheckout, updatedCheckout?.ready ?? false)
        }
        task.resume()
    }

    /// Polls until the shipping rates for the checkout's address are all in.
    @available(*, deprecated, message: "ShippingRate.price is deprecated in Storefront 2021-10; the document uses it")
    func pollShippingRates(_ checkoutID: GraphQL.ID, completion: @escaping ([Storefront.ShippingRate]?) -> Void) {
        let query = Storefront.buildQuery {
            $0
                .node(id: checkoutID) {
                    $0
                        .onCheckout {
                            $0
                                .id()
                                .availableShippingRates {
                                    $0
                                        .ready()
                                        .shippingRates {
                                            $0
                                                .handle()
                                                .price()
                                                .title()
                                        }
                                }
                        }
                }
        }

        let retry = Graph.RetryHandler<Storefront.QueryRoot>(endurance: .finite(10), interval: pollInterval) {
            (response, error) -> Bool in
            return (response?.node as? Storefront.Checkout)?.availableShippingRates?.ready ?? false == false
        }

        let task = self.client.queryGraphWith(query, retryHandler: retry) { response, error in
            let checkout = (response?.node as? Storefront.Checkout)
            let shippingRates = checkout?.availableShippingRates?.shippingRates
            completion(shippingRates)
        }
        task.resume()
    }

    /// Chooses a shipping rate for the checkout.
    @available(*, deprecated, message: "uses the document's userErrors, deprecated in Storefront 2021-10")
    func selectShippingRate(
        _ shippingRate: Storefront.ShippingRate, on id: GraphQL.ID, completion: @escaping (Bool) -> Void
    ) {
        let mutation = Storefront.buildMutation {
            $0
                .checkoutShippingLineUpdate(checkoutId: id, shippingRateHandle: shippingRate.handle) {
                    $0
                        .checkout {
                            $0
                                .id()
                        }
                        .userErrors {
                            $0
                                .field()
                                .message()
                        }
                }
        }
        let task = client.mutateGraphWith(mutation) { result, _ in
            completion(result?.checkoutShippingLineUpdate?.userErrors.isEmpty ?? false)
        }
        task.resume()
    }

    /// The web checkout's address, for completing in a browser view instead.
    func fetchWebCheckoutURL(_ checkoutID: GraphQL.ID, completion: @escaping (URL?) -> Void) {
        let query = Storefront.buildQuery {
            $0
                .node(id: checkoutID) {
                    $0
                        .onCheckout {
                            $0
                                .webUrl()
                        }
                }
        }
        let task = client.queryGraphWith(query) { response, _ in
            completion((response?.node as? Storefront.Checkout)?.webUrl)
        }
        task.resume()
    }

    /// The shop's payment settings: where to vault cards, and the currency and country for Apple Pay.
    func fetchPaymentSettings(completion: @escaping (Storefront.PaymentSettings?) -> Void) {
        let query = Storefront.buildQuery {
            $0
                .shop {
                    $0
                        .paymentSettings {
                            $0
                                .cardVaultUrl()
                                .currencyCode()
                                .countryCode()
                        }
                }
        }
        let task = client.queryGraphWith(query) { response, _ in
            completion(response?.shop.paymentSettings)
        }
        task.resume()
    }

    /// Exchanges card details for a vault token at the shop's card vault.
    func vault(
        _ creditCard: Card.CreditCard, settings: Storefront.PaymentSettings, cardClient: Card.Client,
        completion: @escaping (String?) -> Void
    ) {
        let task = cardClient.vault(creditCard, to: settings.cardVaultUrl) { token, error in
            if let token = token {
                completion(token)
            } else {
                print("Vaulting failed: \(error.map { "\($0)" } ?? "no error given")")
                completion(nil)
            }
        }
        task.resume()
    }

    /// Completes the checkout with a vaulted card. Hands back whether the payment was accepted for processing
    /// (the checkout and the payment are not ready yet at this point).
    func completeWithCard(
        _ checkoutID: GraphQL.ID, moneyInput: Storefront.MoneyInput, idempotencyKey: String,
        billingAddress: Storefront.MailingAddressInput, vaultToken token: String,
        completion: @escaping (_ accepted: Bool, _ checkoutReady: Bool, _ paymentReady: Bool) -> Void
    ) {
        let payment = Storefront.CreditCardPaymentInputV2.create(
            paymentAmount: moneyInput,
            idempotencyKey: idempotencyKey,
            billingAddress: billingAddress,
            vaultId: token
        )
        let mutation = Storefront.buildMutation {
            $0
                .checkoutCompleteWithCreditCardV2(checkoutId: checkoutID, payment: payment) {
                    $0
                        .payment {
                            $0
                                .id()
                                .ready()
                        }
                        .checkout {
                            $0
                                .id()
                                .ready()
                        }
                        .checkoutUserErrors {
                            $0
                                .code()
                                .field()
                                .message()
                        }
                }
        }

        let task = client.mutateGraphWith(mutation) { result, error in
            guard error == nil else {
                completion(false, false, false)
                return
            }

            guard let userErrors = result?.checkoutCompleteWithCreditCardV2?.checkoutUserErrors, userErrors.isEmpty
            else {
                completion(false, false, false)
                return
            }

            let checkoutReady = result?.checkoutCompleteWithCreditCardV2?.checkout?.ready ?? false
            let paymentReady = result?.checkoutCompleteWithCreditCardV2?.payment?.ready ?? false
            completion(true, checkoutReady, paymentReady)
        }
        task.resume()
    }

    /// Polls until the completed checkout has an order; hands back its number and total.
    @available(*, deprecated, message: "Order.totalPrice is deprecated in Storefront 2021-10; the document uses it")
    func pollForOrder(_ checkoutID: GraphQL.ID, completion: @escaping (_ number: Int32?, _ total: Decimal?) -> Void) {
        let retry = Graph.RetryHandler<Storefront.QueryRoot>(endurance: .finite(30), interval: pollInterval) {
            (response, error) -> Bool in
            return (response?.node as? Storefront.Checkout)?.order == nil
        }

        let query = Storefront.buildQuery {
            $0
                .node(id: checkoutID) {
                    $0
                        .onCheckout {
                            $0
                                .order {
                                    $0
                                        .id()
                                        .processedAt()
                                        .orderNumber()
                                        .totalPrice()
                                }
                        }
                }
        }

        let task = self.client.queryGraphWith(query, retryHandler: retry) { response, error in
            let checkout = (response?.node as? Storefront.Checkout)
            let orderID = checkout?.order?.id
            if orderID == nil { print("No order yet: \(error.map(describeQueryFailure) ?? "still processing")") }
            completion(checkout?.order?.orderNumber, checkout?.order?.totalPrice)
        }
        task.resume()
    }
}
