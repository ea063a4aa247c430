import CommerceCore
import Foundation
import Testing

/// Tests/Fixtures/Button/order-validation-vectors.json, the conformance vectors ButtonOrders' tests run too:
/// the sandbox's rules are held to the same file as the client's, never to the client's code.
enum ButtonOrderVectors {
    /// Found from this file's path, as the Paytronix fixtures are.
    static let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/Button/order-validation-vectors.json")

    /// The parsed file; a test reports the error, so a missing file fails rather than running no vectors.
    static let file: Result<JSONValue, any Error> = Result { try JSONValue.parse(try Data(contentsOf: url)) }

    static var baseBody: JSONObject { (try? file.get())?["base_body"]?.objectValue ?? JSONObject() }

    static var orders: [ButtonOrderVector] {
        ((try? file.get())?["order_vectors"]?.arrayValue ?? []).compactMap(ButtonOrderVector.init)
    }

    static var arithmetic: [ButtonArithmeticVector] {
        ((try? file.get())?["line_item_arithmetic"]?.arrayValue ?? []).compactMap(ButtonArithmeticVector.init)
    }

    /// The order vectors with these names, in this order; a name the file lacks is a test failure.
    static func named(_ names: [String]) -> [ButtonOrderVector] {
        let all = orders
        return names.compactMap { name in
            let vector = all.first { $0.name == name }
            if vector == nil { Issue.record("no vector named \(name)") }
            return vector
        }
    }
}

/// One failure as the vectors spell it.
struct ButtonVectorFailure: Equatable, Sendable, CustomStringConvertible {
    let field: String
    let message: String
    var description: String { "\(field): \(message)" }

    init(field: String, message: String) {
        self.field = field
        self.message = message
    }

    init?(_ value: JSONValue) {
        guard let field = value["field"]?.stringValue, let message = value["message"]?.stringValue else { return nil }
        self.init(field: field, message: message)
    }
}

/// An order body, how it is sent (create, or update of `updating`; the API version's O7), and every failure.
struct ButtonOrderVector: Sendable, CustomTestStringConvertible {
    let name: String
    let updating: String?
    let requiresPurchaseDate: Bool
    let body: JSONValue
    let expected: [ButtonVectorFailure]

    var testDescription: String { name }

    init?(_ value: JSONValue) {
        guard let name = value["name"]?.stringValue, let expected = value["expected"]?.arrayValue else { return nil }
        self.name = name
        switch value["operation"]?.stringValue {
        case "create": updating = nil
        case "update":
            guard let path = value["path_order_id"]?.stringValue else { return nil }
            updating = path
        default: return nil
        }
        requiresPurchaseDate = value["requires_purchase_date"]?.boolValue ?? true
        // By key, so that `"body": null` is a null body.
        if value.objectValue?.keys.contains("body") == true {
            body = value["body"] ?? .null
        } else {
            var object = ButtonOrderVectors.baseBody
            for (key, member) in value["set"]?.objectValue ?? JSONObject() { object[key] = member }
            for key in value["remove"]?.arrayValue ?? [] { key.stringValue.map { object[$0] = nil } }
            body = .object(object)
        }
        self.expected = expected.compactMap(ButtonVectorFailure.init)
    }
}

/// A line item and the stored total and amount it gives (§6.4), or `nil` when it has none.
struct ButtonArithmeticVector: Sendable, CustomTestStringConvertible {
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
