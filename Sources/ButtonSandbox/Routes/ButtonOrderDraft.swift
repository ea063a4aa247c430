import CommerceCore
import Foundation

/// A create-order body judged before the writer is taken.
///
/// Everything here depends only on the body, the clock and the caller (its organisation's finalization window
/// and the effective API version), none of it on stored orders. So it is worked out on the request's own task,
/// in parallel with the batch the single writer is committing, and the writer is left with what needs the
/// database: authentication, the sweep, S2, the attribution lookup and the two inserts.
///
/// The request cannot know its caller before the writer authenticates it, so the draft is built for the caller
/// the same credentials were last time (``ButtonCallerHints``). The writer compares that with the caller it
/// authenticated and builds the draft again when they differ, so a stale hint costs time, never an answer.
struct ButtonOrderDraft: Sendable {
    /// The caller the body was judged for.
    let caller: ButtonCaller
    /// The rule failures in table order (field rules, S5, O10); S2 is the writer's, as it needs the database.
    let failures: [(field: String, message: String)]
    /// The merchant's `order_id`, when the body has one as a string.
    let orderId: String?
    let btnRef: String?
    let finalizationDate: Date
    /// The stored state without its first member, `button_order_id`, as JSON text: the id is the writer's
    /// to give (``ButtonOrderIdCipher``), and ``stateText(buttonOrderId:)`` puts it in front.
    private let stateWithoutId: String
    let ignoredFields: String

    /// Judges `body` for `caller` at `now`.
    init(body: JSONObject, caller: ButtonCaller, now: Date) {
        var failures = ButtonOrderRules(updating: nil, requiresPurchaseDate: caller.requiresPurchaseDate)
            .failures(in: body)
        let finalization = ButtonService.finalizationDate(body, now: now, failures: &failures)
        self.caller = caller
        self.failures = failures
        self.orderId = body["order_id"]?.stringValue
        self.btnRef = ButtonRequest.present(body["btn_ref"])?.stringValue
        self.finalizationDate =
            finalization ?? now.addingTimeInterval(Double(caller.organization.windowDays) * 86_400)
        guard failures.isEmpty else {
            // Refused: nothing will be stored, so nothing more is worth building.
            (stateWithoutId, ignoredFields) = ("", "")
            return
        }
        var state = ButtonService.orderState(
            body, previous: nil, buttonOrderId: "", orderId: orderId ?? "", btnRef: btnRef,
            finalizationDate: finalizationDate, now: now)
        state["button_order_id"] = nil
        self.stateWithoutId = JSONValue.object(state).serialized()
        self.ignoredFields = ButtonOrderFields.serialized(ButtonOrderFields.ignored(in: body))
    }

    /// Whether this draft judged the body exactly as it would be judged for `caller`.
    func fits(_ other: ButtonCaller) -> Bool {
        caller.apiVersion == other.apiVersion && caller.organization.id == other.organization.id
            && caller.organization.windowDays == other.organization.windowDays
    }

    /// The merchant's order id when the rules found nothing wrong with it, so S2 may look it up.
    var usableOrderId: String? {
        failures.contains(where: { $0.field == "order_id" }) ? nil : orderId
    }

    /// The stored state, which is also the public object of the new (open) order, as JSON text: the same text as
    /// serializing the whole state, whose first member is the id (an id needs no escaping).
    func stateText(buttonOrderId: String) -> String {
        #"{"button_order_id":""# + buttonOrderId + #"","# + stateWithoutId.dropFirst()
    }
}
