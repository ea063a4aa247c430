import CommerceCore
import Testing

@testable import ButtonOrders

/// The seed's create body with its missing comma fixed: valid under every rule.
let validBodyText = """
    {"total":5000,"currency":"USD","order_id":"1989","purchase_date":"2017-07-01T00:00:00Z",\
    "finalization_date":"2017-08-02T19:26:08Z","btn_ref":"srctok-XXX",\
    "line_items":[{"identifier":"sku-123","total":2000,"amount":2000,"quantity":1,"description":"pillow"},\
    {"identifier":"sku-456","total":3000,"amount":3000,"quantity":1,"description":"sheet"}],\
    "customer":{"id":"mycustomer-1234","email_sha256":"\(userEmailHash)"},"customer_order_id":"abcdef-123456"}
    """

/// One row of a rule table: a change to the valid body and the failure it must produce.
struct RuleCase: Sendable, CustomTestStringConvertible {
    let rule: String
    /// Top-level keys to set (JSON object text), applied over the valid body.
    let patch: String
    var removing: [String] = []
    let field: String
    let message: String

    var testDescription: String { "\(rule): \(patch)\(removing.isEmpty ? "" : " minus \(removing)")" }

    func body() throws -> JSONValue { try patchedBody(patch, removing: removing) }
}

/// The valid body with `patch`'s keys replaced (or added) and `removing` deleted.
func patchedBody(_ patch: String, removing: [String] = []) throws -> JSONValue {
    guard case .object(var object) = try JSONValue.parse(validBodyText),
        case .object(let changes) = try JSONValue.parse(patch)
    else {
        throw ValidationFixtureError.notAnObject
    }
    for (key, value) in changes { object[key] = value }
    for key in removing { object[key] = nil }
    return .object(object)
}

/// A body whose only line item is `item` (JSON object text or any JSON value).
func lineItemPatch(_ item: String) -> String { #"{"line_items":["# + item + "]}" }

enum ValidationFixtureError: Error { case notAnObject }

func longString(_ count: Int, _ character: String = "a") -> String { String(repeating: character, count: count) }
