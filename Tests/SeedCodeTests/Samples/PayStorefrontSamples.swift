import Buy
import Foundation
import Pay

// The Storefront calls behind ShopCheckoutCoordinator's delegate methods, named as the document's Apple Pay
// section names them, plus the "Credit card checkout" and "Apple Pay checkout" completions, which read
// `paySession.identifier` inside completion closures on the client's queue.

extension ShopCheckoutCoordinator {
    /// Selects everything a `PayCheckout` is made of, and `ready`.
    static func selectPayFields(_ checkout: Storefront.CheckoutQuery) {
        checkout.id().ready().requiresShipping().currencyCode()
            .lineItems(first: 250) { $0.edges { $0.node { $0.quantity().variant { $0.priceV2 { $0.amount() } } } } }
            .subtotalPriceV2 { $0.amount() }.totalTaxV2 { $0.amount() }.totalDuties { $0.amount() }
            .paymentDueV2 { $0.amount() }.shippingLine { $0.handle().title().priceV2 { $0.amount() } }
    }

    /// The sheet's view of a Storefront checkout.
    static func payCheckout(from checkout: Storefront.Checkout) -> PayCheckout {
        PayCheckout(
            id: checkout.id.rawValue,
            lineItems: checkout.lineItems.edges.map {
                PayLineItem(price: $0.node.variant?.priceV2.amount ?? 0, quantity: Int($0.node.quantity))
            },
            giftCards: nil, discount: nil, shippingDiscount: nil, shippingAddress: nil,
            shippingRate: checkout.shippingLine.map {
                PayShippingRate(handle: $0.handle, title: $0.title, price: $0.priceV2.amount)
            },
            currencyCode: checkout.currencyCode.rawValue, totalDuties: checkout.totalDuties?.amount,
            subtotalPrice: checkout.subtotalPriceV2.amount, needsShipping: checkout.requiresShipping,
            totalTax: checkout.totalTaxV2.amount, paymentDue: checkout.paymentDueV2.amount)
    }

    /// Converts the sheet's address into the Storefront's input; parts the sheet left out stay out.
    func mailingAddressInputFrom(_ address: PayAddress) -> Storefront.MailingAddressInput {
        Storefront.MailingAddressInput.create(
            address1: address.addressLine1.orUndefined, address2: address.addressLine2.orUndefined,
            city: address.city.orUndefined, country: address.country.orUndefined,
            firstName: address.firstName.orUndefined, lastName: address.lastName.orUndefined,
            phone: address.phone.orUndefined, province: address.province.orUndefined, zip: address.zip.orUndefined)
    }

    /// Polls the checkout until it is ready and hands it back as a `PayCheckout`.
    func pollPayCheckout(id: String, completion: @escaping (PayCheckout?) -> Void) {
        let checkoutID = GraphQL.ID(rawValue: id)
        let query = Storefront.buildQuery { $0.node(id: checkoutID) { $0.onCheckout { Self.selectPayFields($0) } } }
        let retry = Graph.RetryHandler<Storefront.QueryRoot>(endurance: .finite(10), interval: pollInterval) {
            (response, _) -> Bool in
            (response?.node as? Storefront.Checkout)?.ready ?? false == false
        }
        let task = client.queryGraphWith(query, retryHandler: retry) { response, _ in
            guard let checkout = response?.node as? Storefront.Checkout, checkout.ready else {
                completion(nil)
                return
            }
            let converted = Self.payCheckout(from: checkout)
            self.recordLatest(converted)
            completion(converted)
        }
        task.resume()
    }

    /// The shop's currency and country, for the session.
    func fetchPayCurrency(completion: @escaping (PayCurrency?) -> Void) {
        let query = Storefront.buildQuery { $0.shop { $0.paymentSettings { $0.currencyCode().countryCode() } } }
        let task = client.queryGraphWith(query) { response, _ in
            guard let settings = response?.shop.paymentSettings else {
                completion(nil)
                return
            }
            completion(
                PayCurrency(currencyCode: settings.currencyCode.rawValue, countryCode: settings.countryCode.rawValue))
        }
        task.resume()
    }

    /// Sends the partial address the sheet revealed, then hands back the ready checkout.
    func updateCheckoutShippingAddress(
        id: String, with address: PayPostalAddress, completion: @escaping (PayCheckout?) -> Void
    ) {
        let partial = Storefront.MailingAddressInput.create(
            city: address.city.orUndefined, country: address.country.orUndefined,
            province: address.province.orUndefined, zip: address.zip.orUndefined)
        sendShippingAddress(partial, checkoutID: id) { saved in
            guard saved else {
                completion(nil)
                return
            }
            self.pollPayCheckout(id: id, completion: completion)
        }
    }

    /// Sends the full address of an authorised payment.
    func updateCheckoutShippingAddress(
        id: String, shippingAddress: PayAddress, completion: @escaping (Bool) -> Void
    ) {
        sendShippingAddress(mailingAddressInputFrom(shippingAddress), checkoutID: id, completion: completion)
    }

    private func sendShippingAddress(
        _ address: Storefront.MailingAddressInput, checkoutID: String, completion: @escaping (Bool) -> Void
    ) {
        let mutation = Storefront.buildMutation {
            $0
                .checkoutShippingAddressUpdateV2(shippingAddress: address, checkoutId: GraphQL.ID(rawValue: checkoutID))
            {
                $0
                    .checkout {
                        $0
                            .id()
                    }
                    .checkoutUserErrors {
                        $0
                            .field()
                            .message()
                    }
            }
        }
        let task = client.mutateGraphWith(mutation) { result, _ in
            completion(result?.checkoutShippingAddressUpdateV2?.checkoutUserErrors.isEmpty ?? false)
        }
        task.resume()
    }

    /// Polls the shipping rates for the checkout's current address.
    func fetchShippingRates(for address: PayPostalAddress, completion: @escaping ([PayShippingRate]?) -> Void) {
        guard let checkoutID = checkoutID else {
            completion(nil)
            return
        }
        let query = Storefront.buildQuery {
            $0
                .node(id: checkoutID) {
                    $0
                        .onCheckout {
                            $0
                                .availableShippingRates {
                                    $0
                                        .ready()
                                        .shippingRates { $0.handle().title().priceV2 { $0.amount() } }
                                }
                        }
                }
        }
        let retry = Graph.RetryHandler<Storefront.QueryRoot>(endurance: .finite(10), interval: pollInterval) {
            (response, _) -> Bool in
            (response?.node as? Storefront.Checkout)?.availableShippingRates?.ready ?? false == false
        }
        let task = client.queryGraphWith(query, retryHandler: retry) { response, _ in
            let rates = (response?.node as? Storefront.Checkout)?.availableShippingRates?.shippingRates
            completion(rates?.map { PayShippingRate(handle: $0.handle, title: $0.title, price: $0.priceV2.amount) })
        }
        task.resume()
    }

    /// Applies the rate the buyer (or the session) selected, then hands back the ready checkout.
    func updateCheckoutWithSelectedShippingRate(
        id: String, shippingRate: PayShippingRate, completion: @escaping (PayCheckout?) -> Void
    ) {
        let mutation = Storefront.buildMutation {
            $0
                .checkoutShippingLineUpdate(
                    checkoutId: GraphQL.ID(rawValue: id), shippingRateHandle: shippingRate.handle
                ) {
                    $0
                        .checkoutUserErrors {
                            $0
                                .field()
                                .message()
                        }
                }
        }
        let task = client.mutateGraphWith(mutation) { result, _ in
            guard result?.checkoutShippingLineUpdate?.checkoutUserErrors.isEmpty == true else {
                completion(nil)
                return
            }
            self.pollPayCheckout(id: id, completion: completion)
        }
        task.resume()
    }

    /// Sets the buyer's email from the authorised contact.
    func updateCheckoutEmail(id: String, email: String?, completion: @escaping (Bool) -> Void) {
        guard let email = email else {
            completion(false)
            return
        }
        let mutation = Storefront.buildMutation {
            $0
                .checkoutEmailUpdateV2(checkoutId: GraphQL.ID(rawValue: id), email: email) {
                    $0
                        .checkoutUserErrors {
                            $0
                                .field()
                                .message()
                        }
                }
        }
        let task = client.mutateGraphWith(mutation) { result, _ in
            completion(result?.checkoutEmailUpdateV2?.checkoutUserErrors.isEmpty ?? false)
        }
        task.resume()
    }

    /// Completes with the wallet's token (the document's "Apple Pay checkout"), then polls for the order. The
    /// session's identifier is the idempotency key, read here on the client's queue.
    func completeCheckout(id: String, billingAddress: PayAddress, token: String, completion: @escaping (Bool) -> Void) {
        // The amount due after the full address and email were sent.
        pollPayCheckout(id: id) { current in
            guard let payCheckout = current else {
                completion(false)
                return
            }
            let idempotencyKey = self.paySession.identifier
            self.recordKey(idempotencyKey)
            self.payWithToken(
                checkoutID: GraphQL.ID(rawValue: id), payCheckout: payCheckout, key: idempotencyKey,
                billingAddress: billingAddress, token: token, completion: completion)
        }
    }

    private func payWithToken(
        checkoutID: GraphQL.ID, payCheckout: PayCheckout, key: String, billingAddress: PayAddress, token: String,
        completion: @escaping (Bool) -> Void
    ) {
        let completer: any TokenizedPaymentSending = self
        completer.sendTokenizedPayment(
            checkoutID: checkoutID, payCheckout: payCheckout, key: key, billingAddress: billingAddress, token: token
        ) { accepted in
            guard accepted else {
                completion(false)
                return
            }
            self.pollOrderNumber(checkoutID: checkoutID) { number in
                self.recordOrder(number)
                completion(number != nil)
            }
        }
    }

    /// Polls until the completed checkout has an order.
    func pollOrderNumber(checkoutID: GraphQL.ID, completion: @escaping (Int32?) -> Void) {
        let retry = Graph.RetryHandler<Storefront.QueryRoot>(endurance: .finite(30), interval: pollInterval) {
            (response, error) -> Bool in
            return (response?.node as? Storefront.Checkout)?.order == nil
        }
        let query = Storefront.buildQuery {
            $0.node(id: checkoutID) { $0.onCheckout { $0.order { $0.orderNumber() } } }
        }
        let task = client.queryGraphWith(query, retryHandler: retry) { response, _ in
            completion((response?.node as? Storefront.Checkout)?.order?.orderNumber)
        }
        task.resume()
    }
}

/// The document's tokenized completion uses Storefront inputs deprecated in 2021-10; calling it through this
/// protocol keeps the deprecation to the one method that implements it.
protocol TokenizedPaymentSending {
    func sendTokenizedPayment(
        checkoutID: GraphQL.ID, payCheckout: PayCheckout, key: String, billingAddress: PayAddress, token: String,
        completion: @escaping (Bool) -> Void)
}

extension ShopCheckoutCoordinator: TokenizedPaymentSending {
    @available(
        *, deprecated,
        message: "TokenizedPaymentInput and its mutation are deprecated in 2021-10; the document uses them"
    )
    func sendTokenizedPayment(
        checkoutID: GraphQL.ID, payCheckout: PayCheckout, key: String, billingAddress: PayAddress, token: String,
        completion: @escaping (Bool) -> Void
    ) {
        let payment = Storefront.TokenizedPaymentInput.create(
            amount: payCheckout.paymentDue,
            idempotencyKey: key,
            billingAddress: self.mailingAddressInputFrom(billingAddress),  // the sheet's address, converted
            type: "apple_pay",
            paymentData: token
        )

        let mutation = Storefront.buildMutation {
            $0
                .checkoutCompleteWithTokenizedPayment(checkoutId: checkoutID, payment: payment) {
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
                        .userErrors {
                            $0
                                .field()
                                .message()
                        }
                }
        }

        let task = client.mutateGraphWith(mutation) { result, error in
            guard error == nil else {
                completion(false)
                return
            }
            guard let userErrors = result?.checkoutCompleteWithTokenizedPayment?.userErrors, userErrors.isEmpty else {
                completion(false)
                return
            }
            let checkoutReady = result?.checkoutCompleteWithTokenizedPayment?.checkout.ready ?? false
            let paymentReady = result?.checkoutCompleteWithTokenizedPayment?.payment?.ready ?? false
            // Usually neither is ready yet: the order is polled next.
            print("Payment accepted; checkout ready: \(checkoutReady), payment ready: \(paymentReady)")
            completion(true)
        }
        task.resume()
    }

    /// The document's "Credit card checkout" with an Apple Pay session around it: the vaulted card pays, the
    /// session's identifier is the idempotency key and the authorised billing address is converted.
    func completeCheckoutWithCard(
        payAuthorization: PayAuthorization, moneyInput: Storefront.MoneyInput, vaultToken token: String,
        completion: @escaping (Bool) -> Void
    ) {
        guard let checkoutID = checkoutID else {
            completion(false)
            return
        }
        let payment = Storefront.CreditCardPaymentInputV2.create(
            paymentAmount: moneyInput,
            idempotencyKey: paySession.identifier,
            billingAddress: self.mailingAddressInputFrom(payAuthorization.billingAddress),
            vaultId: token
        )
        let mutation = Storefront.buildMutation {
            $0
                .checkoutCompleteWithCreditCardV2(checkoutId: checkoutID, payment: payment) {
                    $0
                        .payment { $0.id().ready() }
                        .checkout { $0.id().ready() }
                        .checkoutUserErrors { $0.code().field().message() }
                }
        }
        let task = client.mutateGraphWith(mutation) { result, _ in
            self.recordKey(self.paySession.identifier)
            completion(result?.checkoutCompleteWithCreditCardV2?.checkoutUserErrors.isEmpty ?? false)
        }
        task.resume()
    }
}
