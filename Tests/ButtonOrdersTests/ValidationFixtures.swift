import CommerceCore
import Foundation
import Testing

@testable import ButtonOrders

/// The shared conformance vectors, Tests/Fixtures/Button/order-validation-vectors.json. The sandbox's tests run
/// the same file against the sandbox's own rules, so the two implementations are held to one truth.
enum OrderVectors {
    /// The file, found from this file's path (test targets cannot hold resources outside their folder).
    static let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/Button/order-validation-vectors.json")

    /// The parsed file; a test reports the error when it cannot be read, so a missing file fails, never skips.
    static let file: Result<JSONValue, any Error> = Result { try JSONValue.parse(try Data(contentsOf: url)) }

    /// The seed's create body with its missing comma fixed: valid under every rule.
    static var baseBody: JSONObject { (try? file.get())?["base_body"]?.objectValue ?? JSONObject() }

    static var all: [OrderVector] {
        ((try? file.get())?["order_vectors"]?.arrayValue ?? []).compactMap(OrderVector.init)
    }

    /// The vectors of one group (`order`, `customer`, `line_items`, `ordering`, `body`).
    static func group(_ name: String) -> [OrderVector] { all.filter { $0.group == name } }

    static var arithmetic: [ArithmeticVector] {
        ((try? file.get())?["line_item_arithmetic"]?.arrayValue ?? []).compactMap(ArithmeticVector.init)
    }
}

/// One failure as the vectors spell it.
struct ExpectedFailure: Equatable, Sendable, CustomStringConvertible {
    let field: String
    let message: String
    var description: String { "\(field): \(message)" }
}

/// One order-body vector: a body, how it is sent, and every failure it must produce, in order.
struct OrderVector: Sendable, CustomTestStringConvertible {
    let name: String
    let group: String
    let validator: ButtonOrderValidator
    let body: JSONValue
    let expected: [ExpectedFailure]

    var testDescription: String { name }

    init?(_ value: JSONValue) {
        guard let name = value["name"]?.stringValue, let group = value["group"]?.stringValue,
            let expected = value["expected"]?.arrayValue
        else { return nil }
        self.name = name
        self.group = group
        let operation: ButtonOrderValidator.Operation
        switch (value["operation"]?.stringValue, value["path_order_id"]?.stringValue) {
        case ("create", _): operation = .create
        case ("update", let path?): operation = .update(pathOrderId: path)
        default: return nil
        }
        validator = ButtonOrderValidator(
            operation: operation, requiresPurchaseDate: value["requires_purchase_date"]?.boolValue ?? true)
        // Checked by key: a `"body": null` vector is a null body, not a missing one.
        if value.objectValue?.keys.contains("body") == true {
            body = value["body"] ?? .null
        } else {
            var object = OrderVectors.baseBody
            for (key, member) in value["set"]?.objectValue ?? JSONObject() { object[key] = member }
            for key in value["remove"]?.arrayValue ?? [] { key.stringValue.map { object[$0] = nil } }
            body = .object(object)
        }
        self.expected = expected.compactMap { failure in
            guard let field = failure["field"]?.stringValue, let message = failure["message"]?.stringValue else {
                return nil
            }
            return ExpectedFailure(field: field, message: message)
        }
    }

    /// What the client's validator reports for the body.
    var failures: [ExpectedFailure] {
        validator.failures(in: body).map { ExpectedFailure(field: $0.field, message: $0.message) }
    }
}

/// A §6.4 line item and the stored total and amount it gives, or `nil` expected when it has none.
struct ArithmeticVector: Sendable, CustomTestStringConvertible {
    let name: String
    let item: JSONValue
    let expected: (total: Int64, amount: Int64)?

    var testDescription: String { name }

    init?(_ value: JSONValue) {
        guard let name = value["name"]?.stringValue, let item = value["item"], let expected = value["expected"]
        else { return nil }
        self.name = name
        self.item = item
        if expected == .null {
            self.expected = nil
        } else if let total = expected["total"]?.integerValue, let amount = expected["amount"]?.integerValue {
            self.expected = (total, amount)
        } else {
            return nil
        }
    }
}

/// The base body with `patch`'s keys replaced (or added) and `removing` deleted.
func patchedBody(_ patch: String, removing: [String] = []) throws -> JSONValue {
    guard case .object(let changes) = try JSONValue.parse(patch) else { throw ValidationFixtureError.notAnObject }
    var object = OrderVectors.baseBody
    for (key, value) in changes { object[key] = value }
    for key in removing { object[key] = nil }
    return .object(object)
}

enum ValidationFixtureError: Error { case notAnObject }
