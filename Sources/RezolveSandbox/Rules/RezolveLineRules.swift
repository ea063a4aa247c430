import CommerceCore
import Foundation

/// Reading and checking a checkout product `{id, qty, configurable_options, custom_options}` (spec §4.1
/// cart and options rows). `base` is the JSON pointer of the product object (`#` or `#/product`).
enum RezolveLineRules {
    /// The line's shape; product existence and selections are checked by ``check(_:product:cartQuantity:)``.
    static func parse(_ object: JSONObject, at base: String) throws(RezolveFailure) -> RZLine {
        let missing = object.missing(["id", "qty"])
        guard missing.isEmpty else { throw RezolveFailure.validation(3, [RezolveMessage.required(missing, at: base)]) }
        var nulls: [String] = []
        if object["id"]?.isNull == true {
            nulls.append(RezolveMessage.typeMismatch(expected: "Number", got: .null, at: base + "/id"))
        }
        if object["qty"]?.isNull == true {
            nulls.append(RezolveMessage.typeMismatch(expected: "Integer", got: .null, at: base + "/qty"))
        }
        guard nulls.isEmpty else { throw RezolveFailure.validation(3, nulls) }
        guard let id = object["id"]?.integerValue else {
            throw RezolveFailure.validation(
                5, [RezolveMessage.typeMismatch(expected: "Number", got: object["id"] ?? .null, at: base + "/id")])
        }
        guard let qty = object["qty"]?.integerValue else {
            throw RezolveFailure.validation(
                5, [RezolveMessage.typeMismatch(expected: "Integer", got: object["qty"] ?? .null, at: base + "/qty")])
        }
        guard qty >= 1 else { throw RezolveFailure.validation(5, ["Expected value to be at least 1. - \(base)/qty"]) }
        guard qty <= 1_000_000 else {
            throw RezolveFailure.validation(5, ["Expected value to be at most 1000000. - \(base)/qty"])
        }
        return RZLine(
            productId: id, qty: Int(qty), configurable: try configurable(object["configurable_options"], at: base),
            custom: try custom(object["custom_options"], at: base))
    }

    private static func configurable(_ value: JSONValue?, at base: String) throws(RezolveFailure) -> [RZLine.Choice] {
        guard let value, !value.isNull else { return [] }
        let pointer = base + "/configurable_options"
        guard case .array(let items) = value else {
            throw RezolveFailure.validation(
                5, [RezolveMessage.typeMismatch(expected: "Array", got: value, at: pointer)])
        }
        var choices: [RZLine.Choice] = []
        for (index, item) in items.enumerated() {
            guard let code = item["code"]?.stringValue, let raw = item["value"], let text = scalarText(raw) else {
                throw RezolveFailure.validation(
                    5, [RezolveMessage.required(["code", "value"], at: "\(pointer)/\(index)")])
            }
            choices.append(.init(code: code, value: text))
        }
        return choices
    }

    private static func custom(_ value: JSONValue?, at base: String) throws(RezolveFailure) -> [RZLine.CustomChoice] {
        guard let value, !value.isNull else { return [] }
        let pointer = base + "/custom_options"
        guard case .array(let items) = value else {
            throw RezolveFailure.validation(
                5, [RezolveMessage.typeMismatch(expected: "Array", got: value, at: pointer)])
        }
        var choices: [RZLine.CustomChoice] = []
        for (index, item) in items.enumerated() {
            guard let id = item["option_id"]?.integerValue, let id32 = Int(exactly: id) else {
                throw RezolveFailure.validation(5, [RezolveMessage.required(["option_id"], at: "\(pointer)/\(index)")])
            }
            let values: [String]
            switch item["value"] {
            case .array(let list)?: values = list.compactMap(scalarText)
            case let single?: values = scalarText(single).map { [$0] } ?? []
            case nil: values = []
            }
            choices.append(.init(optionId: id32, value: values))
        }
        return choices
    }

    private static func scalarText(_ value: JSONValue) -> String? {
        switch value {
        case .string(let text): text
        case .integer(let number): String(number)
        default: nil
        }
    }

    /// Checks a parsed line against its product: acts (for carts), full and available selection, required
    /// custom options, and the maximum quantity (`totalQuantity` counts what the cart already holds).
    static func check(_ line: RZLine, product: RZProduct, totalQuantity: Int, forCart: Bool) throws(RezolveFailure) {
        if forCart, product.isAct { throw RezolveFailure.badRequest(6, "Acts cannot be added to a cart.") }
        let chosen = Dictionary(line.configurable.map { ($0.code, $0.value) }, uniquingKeysWith: { _, last in last })
        for option in product.options where chosen[option.code] == nil {
            throw RezolveFailure.validation(
                6, ["Required option \(option.code) was not selected. - #/configurable_options"])
        }
        if !product.options.isEmpty, variant(of: product, for: line) == nil {
            throw RezolveFailure.validation(6, ["Option combination is not available. - #/configurable_options"])
        }
        for option in product.customOptions where option.isRequire {
            let given = line.custom.first { $0.optionId == option.optionId }?.value ?? []
            if !given.contains(where: { !$0.trimmingCharacters(in: .whitespaces).isEmpty }) {
                throw RezolveFailure.validation(
                    6, ["Required custom option \(option.optionId) was not provided. - #/custom_options"])
            }
        }
        if totalQuantity > product.maximumQty {
            throw RezolveFailure.badRequest(6, "The most you may purchase is \(product.maximumQty).")
        }
    }

    /// The variant whose combination equals the line's selection of the product's options.
    static func variant(of product: RZProduct, for line: RZLine) -> RZProduct.Variant? {
        let codes = Set(product.options.map(\.code))
        let chosen = Dictionary(
            line.configurable.filter { codes.contains($0.code) }.map { ($0.code, $0.value) },
            uniquingKeysWith: { _, last in last })
        return product.variants.first { $0.combination == chosen }
    }
}
