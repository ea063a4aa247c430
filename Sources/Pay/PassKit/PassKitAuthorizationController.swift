#if canImport(PassKit)
import Contacts
import Foundation
import PassKit

/// Apple Pay as a ``PayAuthorizationController``: presents a `PKPaymentAuthorizationController` and
/// forwards its delegate callbacks to the session. The default controller where PassKit exists.
@MainActor
public final class PassKitAuthorizationController: NSObject, PayAuthorizationController {
    /// The session's side; held weakly because the session owns this controller.
    public weak var events: (any PayAuthorizationEvents)?
    private var controller: PKPaymentAuthorizationController?

    /// Creates an Apple Pay sheet that is not shown yet.
    override public init() {
        super.init()
    }

    /// Presents Apple Pay for `request`.
    public func present(_ request: PayPaymentRequest) {
        let sheet = PKPaymentAuthorizationController(paymentRequest: request.passKitRequest)
        sheet.delegate = self
        controller = sheet
        sheet.present(completion: nil)
    }

    /// Dismisses the Apple Pay sheet.
    public func dismiss() {
        controller?.dismiss(completion: nil)
        controller = nil
    }
}

extension PassKitAuthorizationController: PKPaymentAuthorizationControllerDelegate {
    /// Hands the shopper's new shipping contact to the session and returns its updated methods and totals to the sheet.
    public nonisolated func paymentAuthorizationController(
        _ controller: PKPaymentAuthorizationController, didSelectShippingContact contact: PKContact,
        handler completion: @escaping (PKPaymentRequestShippingContactUpdate) -> Void
    ) {
        let payContact = PayContact(contact)
        let reply = UncheckedBox(completion)
        MainActor.assumeIsolated {
            guard let events else {
                return reply.value(
                    PKPaymentRequestShippingContactUpdate(errors: nil, paymentSummaryItems: [], shippingMethods: []))
            }
            events.sheetDidSelectShippingContact(payContact) { status, methods, items in
                let update = PKPaymentRequestShippingContactUpdate(
                    errors: status.passKitErrors, paymentSummaryItems: items.map(\.passKitItem),
                    shippingMethods: methods.map(\.passKitMethod))
                update.status = status.passKitStatus
                reply.value(update)
            }
        }
    }

    /// Hands the chosen shipping method to the session and returns its updated totals to the sheet.
    public nonisolated func paymentAuthorizationController(
        _ controller: PKPaymentAuthorizationController, didSelectShippingMethod shippingMethod: PKShippingMethod,
        handler completion: @escaping (PKPaymentRequestShippingMethodUpdate) -> Void
    ) {
        let identifier = shippingMethod.identifier ?? ""
        let reply = UncheckedBox(completion)
        MainActor.assumeIsolated {
            guard let events else { return reply.value(PKPaymentRequestShippingMethodUpdate(paymentSummaryItems: [])) }
            events.sheetDidSelectShippingMethod(identifier: identifier) { status, items in
                let update = PKPaymentRequestShippingMethodUpdate(paymentSummaryItems: items.map(\.passKitItem))
                update.status = status.passKitStatus
                reply.value(update)
            }
        }
    }

    /// Hands the authorized payment token to the session; the sheet shows the status the session settles on.
    public nonisolated func paymentAuthorizationController(
        _ controller: PKPaymentAuthorizationController, didAuthorizePayment payment: PKPayment,
        handler completion: @escaping (PKPaymentAuthorizationResult) -> Void
    ) {
        let payPayment = PayPayment(
            paymentData: payment.token.paymentData,
            billingContact: payment.billingContact.map(PayContact.init),
            shippingContact: payment.shippingContact.map(PayContact.init),
            shippingMethodIdentifier: payment.shippingMethod?.identifier)
        let reply = UncheckedBox(completion)
        MainActor.assumeIsolated {
            guard let events else { return reply.value(PKPaymentAuthorizationResult(status: .failure, errors: nil)) }
            events.sheetDidAuthorizePayment(payPayment) { status in
                reply.value(PKPaymentAuthorizationResult(status: status.passKitStatus, errors: nil))
            }
        }
    }

    /// Tells the session the sheet has closed, whether or not a payment was authorized.
    public nonisolated func paymentAuthorizationControllerDidFinish(_ controller: PKPaymentAuthorizationController) {
        MainActor.assumeIsolated { events?.sheetDidFinish() }
    }
}

/// PassKit calls its delegate on the main thread; this box carries its completion handlers into the
/// main-actor closures without a Sendable conformance PassKit does not declare.
// @unchecked: the boxed handler is created and called on the main thread only.
private struct UncheckedBox<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
#endif
