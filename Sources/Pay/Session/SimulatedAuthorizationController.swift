import Foundation

/// A payment sheet without a screen: tests (and Linux builds) play the buyer by calling its `async`
/// methods, each of which returns what the session replied.
///
/// ```swift
/// let sheet = SimulatedAuthorizationController()
/// let session = PaySession(shopName: "Shop", checkout: checkout, currency: currency,
///                          merchantID: "merchant.id", controller: sheet)
/// session.authorize()
/// let (status, methods, summary) = await sheet.selectShippingContact(contact)
/// ```
@MainActor
public final class SimulatedAuthorizationController: PayAuthorizationController {
    /// The session's side; held weakly because the session owns this controller.
    public weak var events: (any PayAuthorizationEvents)?
    /// The request of the last `present`, or `nil` before.
    public private(set) var presentedRequest: PayPaymentRequest?
    /// Whether the sheet is currently shown.
    public private(set) var isPresented = false
    /// How many times `dismiss()` was called.
    public private(set) var dismissCount = 0

    /// Creates a sheet that is not shown yet.
    public init() {}

    /// Records the request and shows the sheet.
    public func present(_ request: PayPaymentRequest) {
        presentedRequest = request
        isPresented = true
    }

    /// Hides the sheet.
    public func dismiss() {
        isPresented = false
        dismissCount += 1
    }

    /// The buyer picks a shipping contact; returns the session's reply. Without a session: a failure.
    public func selectShippingContact(_ contact: PayContact?) async -> (
        PaySheetStatus, [PayShippingMethod], [PaySummaryItem]
    ) {
        guard let events else { return (.failure, [], []) }
        let reply = await withCheckedContinuation { continuation in
            events.sheetDidSelectShippingContact(contact) { status, methods, items in
                continuation.resume(returning: ContactReply(status: status, methods: methods, items: items))
            }
        }
        return (reply.status, reply.methods, reply.items)
    }

    /// The buyer picks the shipping method with `identifier`; returns the session's reply.
    public func selectShippingMethod(identifier: String) async -> (PaySheetStatus, [PaySummaryItem]) {
        guard let events else { return (.failure, []) }
        let reply = await withCheckedContinuation { continuation in
            events.sheetDidSelectShippingMethod(identifier: identifier) { status, items in
                continuation.resume(returning: ContactReply(status: status, methods: [], items: items))
            }
        }
        return (reply.status, reply.items)
    }

    /// The buyer authorises `payment`; returns the session's reply once the delegate completed the
    /// transaction.
    public func authorize(_ payment: PayPayment) async -> PaySheetStatus {
        guard let events else { return .failure }
        return await withCheckedContinuation { continuation in
            events.sheetDidAuthorizePayment(payment) { status in continuation.resume(returning: status) }
        }
    }

    /// The buyer closes the sheet. `async` like the other buyer actions (spec §3.9.3), although the
    /// session handles it at once.
    public func finish() async {
        events?.sheetDidFinish()
    }
}

/// A sheet reply carried out of a continuation.
private struct ContactReply: Sendable {
    let status: PaySheetStatus
    let methods: [PayShippingMethod]
    let items: [PaySummaryItem]
}
