import Foundation

/// The wallet sheet ``PaySession`` drives. `PassKitAuthorizationController` wraps Apple Pay where PassKit
/// exists; ``SimulatedAuthorizationController`` lets tests and Linux builds play the buyer's part.
@MainActor
public protocol PayAuthorizationController: AnyObject {
    /// Where the sheet reports what the buyer does. ``PaySession`` sets itself here; implementations
    /// should hold it weakly, since the session owns its controller.
    var events: (any PayAuthorizationEvents)? { get set }
    /// Shows the sheet for `request`.
    func present(_ request: PayPaymentRequest)
    /// Hides the sheet.
    func dismiss()
}

/// What a payment sheet reports, answered through the `reply` closures. Implemented by ``PaySession``.
@MainActor
public protocol PayAuthorizationEvents: AnyObject {
    /// The buyer chose a shipping contact (partial before authorisation). Reply with a status, the
    /// shipping methods to offer and the new summary.
    func sheetDidSelectShippingContact(
        _ contact: PayContact?,
        reply: @escaping (PaySheetStatus, [PayShippingMethod], [PaySummaryItem]) -> Void)
    /// The buyer chose the shipping method with `identifier` (a rate handle). Reply with a status and
    /// the new summary.
    func sheetDidSelectShippingMethod(identifier: String, reply: @escaping (PaySheetStatus, [PaySummaryItem]) -> Void)
    /// The buyer authorised the payment. Reply with the outcome of the transaction.
    func sheetDidAuthorizePayment(_ payment: PayPayment, reply: @escaping (PaySheetStatus) -> Void)
    /// The sheet was dismissed.
    func sheetDidFinish()
}
