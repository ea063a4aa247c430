import CommerceCore

/// The Order API's field rules (spec §4.2–§4.4), applied to the JSON form of an order body.
///
/// It works on CommerceCore's `JSONValue` rather than on ``OrderPayload`` so that the same rule table can judge any body
/// a client might send, including wrong types, `null`, fractions, huge numbers and non-ASCII text.
/// ``ButtonClient`` uses it; the CommerceKit sandbox judges bodies with its own, independent rules, and both are
/// tested against one set of conformance vectors, so their field paths and messages match.
///
/// Order of checks (the first entry of ``failures(in:)`` is the error to report), following the spec's
/// tables (§4.1 before §4.2–§4.4):
/// 1. for an update, that a usable body `order_id` matches the path id (S5);
/// 2. top-level fields in table order, O1 to O16 (O10 and O11 depend on the server's clock and are left to
///    the server);
/// 3. the customer, C0 to C4;
/// 4. the line items one after another, each through L0 to L10.
///
/// Each field is reported at most once, by the first rule it breaks. Throughout, `null` counts as absent.
/// Lengths are counted in Unicode scalar values, and identifiers are compared scalar by scalar (so two
/// spellings of "é" are different identifiers, as they are to a database).
public struct ButtonOrderValidator: Sendable {
    /// One broken rule: the field path (e.g. `line_items[2].quantity`) and the message the server returns.
    public typealias Failure = (field: String, message: String)

    /// Whether the body creates an order or replaces an existing one.
    public enum Operation: Sendable, Equatable {
        /// `POST /v1/order`: `order_id` is required.
        case create
        /// `POST /v1/order/{id}`: `order_id` is optional but, when present, must equal `pathOrderId`.
        case update(pathOrderId: String)
    }

    /// Which request the body belongs to.
    public var operation: Operation
    /// `false` for API versions before 2018-02-13, under which `purchase_date` may be omitted (rule O7).
    public var requiresPurchaseDate: Bool

    /// A validator for one kind of request; the defaults suit a create under the current API version.
    public init(operation: Operation = .create, requiresPurchaseDate: Bool = true) {
        self.operation = operation
        self.requiresPurchaseDate = requiresPurchaseDate
    }

    /// Every rule the body breaks, in the order described above; empty when the body is acceptable.
    /// A body that is not a JSON object yields the single failure `body` / `Request body must be a JSON object`.
    public func failures(in body: JSONValue) -> [Failure] {
        guard let object = body.objectValue else {
            return [(field: "body", message: "Request body must be a JSON object")]
        }
        var list = FailureList()
        checkPathMatch(object, into: &list)
        let lineItems = checkOrderFields(object, into: &list)
        checkCustomer(object["customer"], into: &list)
        if let lineItems { checkLineItems(lineItems, into: &list) }
        return list.failures
    }

    /// The failure the server would report (the first one), or `nil` when the body passes.
    public func firstFailure(in body: JSONValue) -> Failure? {
        failures(in: body).first
    }

    /// S5, a §4.1 rule and so checked before the field rules. Only a well-formed `order_id` is compared;
    /// a malformed one is left to O6, so the field is still reported once.
    private func checkPathMatch(_ object: JSONObject, into list: inout FailureList) {
        guard case .update(let pathOrderId) = operation,
            let bodyId = JSONRules.present(object["order_id"])?.stringValue,
            JSONRules.isOrderId(bodyId), !JSONRules.sameScalars(bodyId, pathOrderId)
        else { return }
        list.add("order_id", "order_id in the body must match the order id in the path")
    }
}

/// Collects failures in the order they are found.
struct FailureList {
    private(set) var failures: [ButtonOrderValidator.Failure] = []

    mutating func add(_ field: String, _ message: String) {
        failures.append((field: field, message: message))
    }
}
