import CommerceCore
import Foundation
import RezolvePartnerServer
import RezolveSDK

/// What the buyer chose on the checkout screens: where to ship, which phone, which card and its CVV.
struct RezolveBuyerChoices: Sendable {
    var addressId: String
    var phoneId: String?
    var paymentCard: PaymentCard?
    var cardCVV: String
    var userLocation: RezolveLocation?
}

/// "Product Scan, Instant Buy flow", "Product Scan, Cart flow", "External Payment" and "Click and Collect": payment
/// options, wallet cards, a checkout bundle, `checkout` for the totals and `buy`, each step started from the
/// previous step's completion handler.
final class RezolveCheckoutScreen {
    let log: RezolveSampleLog

    init(log: RezolveSampleLog) { self.log = log }

    /// Instant buy: options for the product, the wallet's cards, then checkout and buy with a card payment.
    func buyNow(product: Product, merchantId: String, choices: RezolveBuyerChoices, session: RezolveSession?) {
        guard let rezolveSession = session else { return }
        let log = self.log
        let sampleCheckoutProduct = createCheckoutProductWithVariant(product: product)
        rezolveSession.paymentOptionManager.getPaymentOptionFor(
            checkoutProduct: sampleCheckoutProduct, merchantId: merchantId
        ) { (result: Result<PaymentOption, RezolveError>) in
            switch result {
            case .success(let option):
                // The first card method and the first home delivery; an app lets the customer choose.
                guard let paymentMethod = option.supportedPaymentMethods.first(where: { $0.requiresPaymentRequest }),
                    let shippingMethod = option.supportedDeliveryMethods.first(where: { !$0.isClickAndCollect })
                else { return log.record("no card payment") }
                let deliveryMethod = CheckoutShippingMethod(
                    type: shippingMethod.methodCode, addressId: choices.addressId)
                rezolveSession.walletManager.getAll { (result: Result<[PaymentCard], RezolveError>) in
                    guard let paymentCard = choices.paymentCard ?? (try? result.get())?.first else {
                        return log.record("no card")
                    }
                    let sampleProductCheckoutBundle = CheckoutBundle(
                        checkoutProduct: sampleCheckoutProduct,
                        shippingMethod: deliveryMethod,
                        merchantId: merchantId,
                        optionId: option.id,
                        paymentMethod: paymentMethod,
                        paymentRequest: PaymentRequest(paymentCard: paymentCard, cvv: choices.cardCVV),
                        phoneId: choices.phoneId,
                        location: choices.userLocation
                    )
                    RezolveCheckoutScreen.checkoutThenBuy(
                        sampleProductCheckoutBundle, session: rezolveSession, log: log)
                }
            case .failure(let error):
                log.record("options failed \(error.message)")
            }
        }
    }

    /// Cart flow: a cart with the product, the cart's options, then checkout and buy with a card payment.
    func buyThroughCart(product: Product, merchantId: String, choices: RezolveBuyerChoices, session: RezolveSession?) {
        guard let rezolveSession = session else { return }
        let log = self.log
        let sampleCheckoutProduct = createCheckoutProductWithVariant(product: product)
        rezolveSession.cartManager.createCartWithProduct(sampleCheckoutProduct, merchantId: merchantId) {
            (result: Result<CartDetails, RezolveError>) in
            guard case .success(let cart) = result else { return log.record("cart failed") }
            log.record("cart \(cart.merchantId) \(cart.products.count)")
            rezolveSession.paymentOptionManager.getPaymentOptionsForCartWith(merchantId: merchantId, cartId: cart.id) {
                (result: Result<[PaymentOption], RezolveError>) in
                guard case .success(let options) = result, let option = options.first,
                    let paymentMethod = option.supportedPaymentMethods.first(where: { $0.requiresPaymentRequest }),
                    let shippingMethod = option.supportedDeliveryMethods.first(where: { !$0.isClickAndCollect }),
                    let paymentCard = choices.paymentCard
                else { return log.record("cart options failed") }
                let sampleCartCheckoutBundle = CheckoutBundle(
                    cartId: cart.id,
                    shippingMethod: CheckoutShippingMethod(
                        type: shippingMethod.methodCode, addressId: choices.addressId),
                    merchantId: merchantId,
                    optionId: option.id,
                    paymentMethod: paymentMethod,
                    paymentRequest: PaymentRequest(paymentCard: paymentCard, cvv: choices.cardCVV),
                    phoneId: choices.phoneId,
                    location: choices.userLocation
                )
                RezolveCheckoutScreen.checkoutThenBuy(sampleCartCheckoutBundle, session: rezolveSession, log: log)
                rezolveSession.cartManager.getCarts { result in
                    log.record("carts \((try? result.get().count) ?? -1)")
                }
            }
        }
    }

    /// Click and collect with an external payment: the store pickup method, `type: "external"` without a payment
    /// request, the payment id from the buy response, and the partner server's callback approving the payment.
    func collectInStore(
        product: Product, merchantId: String, choices: RezolveBuyerChoices, session: RezolveSession?,
        paymentCallback: RezolveExternalPaymentCallback
    ) {
        guard let rezolveSession = session else { return }
        let log = self.log
        let checkoutProduct = createCheckoutProductWithVariant(product: product)
        rezolveSession.paymentOptionManager.getPaymentOptionFor(
            checkoutProduct: checkoutProduct, merchantId: merchantId
        ) { result in
            guard case .success(let option) = result,
                let store = option.supportedDeliveryMethods.first(where: { $0.isClickAndCollect }),
                let pickupStore = store.pickupStore
            else { return log.record("no pickup") }
            log.record("pickup \(pickupStore) \(store.storeDetails?.name ?? "")")
            let deliveryMethod = CheckoutShippingMethod(type: "storepickup", pickupStore: pickupStore)
            let paymentMethod = SupportedPaymentMethod(type: "external")
            let sampleProductCheckoutBundle = CheckoutBundle(
                checkoutProduct: checkoutProduct,
                shippingMethod: deliveryMethod,
                merchantId: merchantId,
                optionId: option.id,
                paymentMethod: paymentMethod,
                paymentRequest: nil,
                phoneId: choices.phoneId,
                location: choices.userLocation
            )
            rezolveSession.checkoutManager.checkout(bundle: sampleProductCheckoutBundle) {
                (result: Result<Price, Error>) in
                guard case .success(let order) = result else { return log.record("checkout failed") }
                log.record("checked out \(order.finalPrice)")
                rezolveSession.checkoutManager.buy(bundle: sampleProductCheckoutBundle) { (result) in
                    switch result {
                    case .success(let order):
                        if let data = order.data["callback"]?.value as? [AnyHashable: Any],
                            let paymentId = data["payment_id"] as? String
                        {
                            log.record("external order \(order.id) \(order.paymentMethod ?? "")")
                            Task {
                                let outcome = try? await paymentCallback.report(.approve, paymentId: paymentId)
                                log.record("payment \(outcome.map { "\($0)" } ?? "failed")")
                            }
                        }
                    case .failure(let error):
                        log.record("buy failed \(error.message)")
                    }
                }
            }
        }
    }

    /// Checkout for the totals, then buy, as both flows end.
    private static func checkoutThenBuy(_ bundle: CheckoutBundle, session: RezolveSession, log: RezolveSampleLog) {
        session.checkoutManager.checkout(bundle: bundle) { (result: Result<Price, Error>) in
            switch result {
            case .success(let order):
                log.record("checked out \(order.id ?? "") \(order.finalPrice) \(order.priceBreakdowns.count)")
                session.checkoutManager.buy(bundle: bundle) { (result: Result<CheckoutOrder, RezolveError>) in
                    switch result {
                    case .success(let order):
                        log.record("bought \(order.id) \(order.partnerId ?? "") \(order.partnerName ?? "")")
                    case .failure(let error):
                        log.record("buy failed \(error.message)")
                    }
                }
            case .failure(let error):
                log.record("checkout failed \(error)")
            }
        }
    }
}

/// The partner server's part of "JWT Authentication": registering a user and minting their login JWT.
struct RezolvePartnerBackend: Sendable {
    let credentials: RezolvePartnerCredentials
    let environment: RezolveEnv

    func registerAndMintLogin(partnerEntityId: String, deviceId: String) async throws -> (String, String) {
        let registration = try await RezolveRegistrationClient(
            environment: environment, credentials: credentials, transport: URLSessionTransport()
        ).register(partnerEntityId: partnerEntityId, email: "\(partnerEntityId)@example.com")
        let jwt = RezolveJWTMinter(credentials: credentials).loginToken(
            entityId: registration.entityId, partnerEntityId: partnerEntityId, deviceId: deviceId,
            expiresAt: Date().addingTimeInterval(1800))
        return (registration.entityId, jwt)
    }

    func externalPaymentCallback() -> RezolveExternalPaymentCallback {
        RezolveExternalPaymentCallback(environment: environment, transport: URLSessionTransport())
    }
}
