import CommerceCore
import Foundation

/// Tests/Fixtures/Button/order-validation-vectors.json: the Order API's conformance vectors, which ButtonOrders'
/// validator and the sandbox's own rules are both held to (two implementations, one truth).
public enum ButtonOrderVectors {
    /// Found from this file's path (test targets cannot hold resources outside their folder).
    public static let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/Button/order-validation-vectors.json")

    /// The parsed file; a test reports the error, so a missing file fails rather than running no vectors.
    public static let file: Result<JSONValue, any Error> = Result { try JSONValue.parse(try Data(contentsOf: url)) }

    /// The seed's create body with its missing comma fixed: valid under every rule.
    public static var baseBody: JSONObject { (try? file.get())?["base_body"]?.objectValue ?? JSONObject() }

    public static var orders: [ButtonOrderVector] {
        ((try? file.get())?["order_vectors"]?.arrayValue ?? []).compactMap(ButtonOrderVector.init)
    }

    /// The vectors of one group (`order`, `customer`, `line_items`, `ordering`, `body`).
    public static func group(_ name: String) -> [ButtonOrderVector] { orders.filter { $0.group == name } }

    public static var arithmetic: [ButtonArithmeticVector] {
        ((try? file.get())?["line_item_arithmetic"]?.arrayValue ?? []).compactMap(ButtonArithmeticVector.init)
    }
}

/// One failure as the vectors spell it.
public struct ButtonVectorFailure: Equatable, Sendable, CustomStringConvertible {
    public let field: String
    public let message: String
    public var description: String { "\(field): \(message)" }

    public init(field: String, message: String) {
        self.field = field
        self.message = message
    }

    /// A failure as a `details.errors` entry or a vector spells it: `{"field": …, "message": …}`.
    public init?(_ value: JSONValue) {
        guard let field = value["field"]?.stringValue, let message = value["message"]?.stringValue else { return nil }
        self.init(field: field, message: message)
    }
}

/// An order body, how it is sent (create, or update of `updating`; the API version's O7), and every failure it
/// must produce, in order.
public struct ButtonOrderVector: Sendable, CustomStringConvertible {
    public let name: String
    public let group: String
    /// The path's order id for an update; `nil` for a create.
    public let updating: String?
    public let requiresPurchaseDate: Bool
    public let body: JSONValue
    public let expected: [ButtonVectorFailure]
    /// How a parameterized test names it.
    public var description: String { name }

    init?(_ value: JSONValue) {
        guard let name = value["name"]?.stringValue, let expected = value["expected"]?.arrayValue else { return nil }
        self.name = name
        group = value["group"]?.stringValue ?? ""
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
public struct ButtonArithmeticVector: Sendable, CustomStringConvertible {
    public let name: String
    public let item: JSONValue
    public let expected: (total: Int64, amount: Int64)?
    public var description: String { name }

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
