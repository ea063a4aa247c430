import CommerceCore
import Foundation

/// Checkout (totals, creating the order) and buy (paying for it).
///
/// `buy(bundle:)` takes the same bundle as `checkout(bundle:)`, so the manager remembers which order each
/// option's checkout created. If a bundle is bought without an earlier checkout in this session, `buy` checks
/// it out first.
public final class CheckoutManager: Sendable {
    private let core: SessionCore
    /// Option id → order id of its latest checkout.
    private let checkedOut = Locked<[String: String]>([:])

    init(core: SessionCore) { self.core = core }

    private struct CheckoutBody: Encodable {
        let shippingMethod: CheckoutShippingMethod?
        let paymentMethod: TypeOnly
        enum CodingKeys: String, CodingKey {
            case shippingMethod = "shipping_method"
            case paymentMethod = "payment_method"
        }
    }

    private struct TypeOnly: Encodable { let type: String }

    private struct BuyBody: Encodable {
        struct Method: Encodable {
            let type: String
            let payWith: String?
            let cvv: String?
            let phoneId: String?
            enum CodingKeys: String, CodingKey {
                case type
                case payWith = "pay_with"
                case cvv
                case phoneId = "phone_id"
            }
        }
        let paymentMethod: Method
        let location: RezolveLocation?
        enum CodingKeys: String, CodingKey {
            case paymentMethod = "payment_method"
            case location
        }
    }

    /// Computes totals and creates the order: `POST /api/v3/…/merchant/{mid}[/cart/{cartId}]/checkout/{optionId}`.
    public func checkout(bundle: CheckoutBundle) async throws(RezolveError) -> Price {
        let method = try requireMethod(bundle)
        let body = CheckoutBody(shippingMethod: bundle.shippingMethod, paymentMethod: TypeOnly(type: method.type))
        let merchant = "/merchant/\(segment(bundle.merchantId))"
        let path: String
        switch bundle.source {
        case .product: path = core.customerPath(3, "\(merchant)/checkout/\(segment(bundle.optionId))")
        case .cart(let cartId):
            path = core.customerPath(3, "\(merchant)/cart/\(segment(cartId))/checkout/\(segment(bundle.optionId))")
        }
        let price = try await core.write(.post, Price.self, path, json: body)
        guard let orderId = price.id, !orderId.isEmpty else { throw .decoding("checkout: the answer has no order id") }
        checkedOut.withLock { $0[bundle.optionId] = orderId }
        return price
    }

    /// Pays for the bundle's order: `POST /api/v3/…/merchant/{mid}/buy/{orderId}` with an `Idempotency-Key`.
    ///
    /// The key (yours, or a new UUID) is the same for every automatic retry and for the repeat after a token
    /// renewal, so a lost answer never charges twice. The CVV is encrypted for the customer's key here.
    public func buy(bundle: CheckoutBundle, idempotencyKey: String? = nil) async throws(RezolveError) -> CheckoutOrder {
        let body = try await makeBuyBody(bundle)
        let orderId: String
        if let known = checkedOut.get()[bundle.optionId] {
            orderId = known
        } else {
            _ = try await checkout(bundle: bundle)
            guard let created = checkedOut.get()[bundle.optionId] else { throw .decoding("checkout: no order id") }
            orderId = created
        }
        let path = core.customerPath(3, "/merchant/\(segment(bundle.merchantId))/buy/\(segment(orderId))")
        let key = idempotencyKey ?? UUID().uuidString.lowercased()
        return try await core.write(
            .post, CheckoutOrder.self, path, body: try WireCoding.encode(body), idempotencyKey: key)
    }

    /// Every local rule of §4.3 for `buy`, checked before anything is sent.
    private func makeBuyBody(_ bundle: CheckoutBundle) async throws(RezolveError) -> BuyBody {
        let method = try requireMethod(bundle)
        if method.requiresPaymentRequest != (bundle.paymentRequest != nil) {
            throw .invalidInput(
                field: "paymentRequest",
                reason: method.requiresPaymentRequest
                    ? "required by the payment method" : "not used by the payment method")
        }
        if method.requirements?.rezolvePhone == true, bundle.phoneId?.isEmpty ?? true {
            throw .invalidInput(field: "phoneId", reason: "required by the payment method")
        }
        var payWith: String?
        var cvv: String?
        if let request = bundle.paymentRequest {
            guard request.cvv.count >= 3, request.cvv.count <= 4, request.cvv.allSatisfy(\.isASCIIDigit) else {
                throw .invalidInput(field: "cvv", reason: "must be 3 or 4 digits")
            }
            guard let cardId = request.paymentCard.id, !cardId.isEmpty else {
                throw .invalidInput(field: "paymentCard", reason: "must be a saved wallet card")
            }
            guard let pem = core.publicKeyPEM else { throw .encryption("the session has no customer public key") }
            payWith = cardId
            cvv = try CardEncryptor(publicKeyPEM: pem).encrypt(request.cvv)
        }
        return BuyBody(
            paymentMethod: .init(type: method.type, payWith: payWith, cvv: cvv, phoneId: bundle.phoneId),
            location: bundle.location)
    }

    private func requireMethod(_ bundle: CheckoutBundle) throws(RezolveError) -> SupportedPaymentMethod {
        guard let method = bundle.paymentMethod, !method.type.isEmpty else {
            throw .invalidInput(field: "paymentMethod", reason: "must be chosen from the payment options")
        }
        return method
    }

    // MARK: Callback forms

    /// The seed's form; the error is always a ``RezolveError`` at run time.
    public func checkout(
        bundle: CheckoutBundle, completionHandler: @escaping @MainActor (Result<Price, any Error>) -> Void
    ) {
        Deliver.runUntyped(
            { () async throws(RezolveError) in try await self.checkout(bundle: bundle) }, completion: completionHandler)
    }

    /// Callback form of `buy(bundle:idempotencyKey:)`, without an idempotency key: the handler runs on the main actor
    /// with the placed order, or the error.
    public func buy(
        bundle: CheckoutBundle, completionHandler: @escaping @MainActor (Result<CheckoutOrder, RezolveError>) -> Void
    ) {
        Deliver.run(
            { () async throws(RezolveError) in try await self.buy(bundle: bundle) }, completion: completionHandler)
    }
}
