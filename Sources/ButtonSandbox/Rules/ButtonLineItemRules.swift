import CommerceCore

/// §4.4 L0–L10 for the items of a `line_items` list that O16 accepted, item after item.
enum ButtonLineItemRules {
    static func failures(in items: [JSONValue]) -> [ButtonFieldFailure] {
        var failures: [ButtonFieldFailure] = []
        // Identifiers are told apart by their UTF-8 bytes, as the database would: "é" and "e\u{301}" differ.
        var seen: [[UInt8]: Int] = [:]
        for (index, value) in items.enumerated() {
            let path = "line_items[\(index)]"
            guard let item = value.objectValue else {
                failures.append((field: path, message: "\(path) must be an object"))  // L0
                continue
            }
            if let identifier = ButtonOrderRules.present(item["identifier"]),
                ButtonOrderRules.isText(identifier, scalars: 1...255), let text = identifier.stringValue
            {
                if let first = seen[Array(text.utf8)] {
                    failures.append(
                        (
                            field: "\(path).identifier",
                            message: "\(path).identifier duplicates line_items[\(first)].identifier"
                        ))  // L2
                } else {
                    seen[Array(text.utf8)] = index
                }
            } else {
                failures.append((field: "\(path).identifier", message: "\(path).identifier is required"))  // L1
            }
            failures += moneyFailures(item, path: path)
            failures += ButtonFieldRow.judge(item, rows: descriptiveRows(path), under: "\(path).")
            failures += attributeFailures(item["attributes"], path: path)
        }
        return failures
    }

    /// L3, L4 and then L5: the members the stored total and amount are worked out from.
    private static func moneyFailures(_ item: JSONObject, path: String) -> [ButtonFieldFailure] {
        var failures: [ButtonFieldFailure] = []
        let notPositive = (field: "\(path).total", message: "\(path).total must be an integer greater than 0")
        let quantity = ButtonLineItemMoney.quantity(item)
        if let total = ButtonOrderRules.present(item["total"]) {
            // With a total, `amount` is read-only and never judged.
            if ButtonOrderRules.integer(total, atLeast: 1) == nil { failures.append(notPositive) }
        } else if let amount = ButtonOrderRules.present(item["amount"]) {
            if let unit = ButtonOrderRules.integer(amount, atLeast: 0) {
                // The total this amount implies must itself be a valid total (> 0, at most 2^53 − 1); with a
                // broken quantity there is no total to judge, and L5 speaks instead.
                let impliedTotal = quantity.flatMap { ButtonLineItemMoney.product(unit, $0) }
                if unit == 0 || (quantity != nil && impliedTotal == nil) { failures.append(notPositive) }
            } else {
                failures.append(
                    (field: "\(path).amount", message: "\(path).amount must be an integer greater than or equal to 0"))
            }
        } else {
            failures.append((field: "\(path).total", message: "\(path) needs total or amount"))
        }
        if quantity == nil {
            failures.append((field: "\(path).quantity", message: "\(path).quantity must be an integer of at least 1"))
        }
        return failures
    }

    /// L6–L9, whose members each get one message.
    private static func descriptiveRows(_ path: String) -> [ButtonFieldRow] {
        [
            ButtonFieldRow("sku") {
                ButtonOrderRules.isText($0, scalars: 0...255)
                    ? nil : "\(path).sku must be a string of at most 255 characters"
            },
            ButtonFieldRow("upc") {
                $0.stringValue.map(ButtonFormats.isUPC) == true
                    ? nil : "\(path).upc must be 12 digits (UPC-A / GTIN-12)"
            },
            ButtonFieldRow("category") { value in
                // Eight or more levels are refused rather than cut (a sandbox decision: silent loss hides bugs).
                guard let levels = value.arrayValue, (1...7).contains(levels.count),
                    levels.allSatisfy({ ButtonOrderRules.isText($0, scalars: 1...255) })
                else { return "\(path).category must be a list of at most 7 non-empty strings" }
                return nil
            },
            ButtonFieldRow("description") {
                ButtonOrderRules.isText($0, scalars: 0...4096)
                    ? nil : "\(path).description must be a string of at most 4096 characters"
            },
        ]
    }

    /// L10: each refused attribute is named by its key; a non-object is named as a whole.
    private static func attributeFailures(_ value: JSONValue?, path: String) -> [ButtonFieldFailure] {
        guard let attributes = ButtonOrderRules.present(value) else { return [] }
        let message = "\(path).attributes values must be strings"
        guard let object = attributes.objectValue else { return [(field: "\(path).attributes", message: message)] }
        return object.compactMap { key, value in
            let fits = (1...255).contains(key.unicodeScalars.count) && ButtonOrderRules.isText(value, scalars: 0...1000)
            return fits ? nil : (field: "\(path).attributes.\(key)", message: message)
        }
    }
}

/// The stored `total` and `amount` of a line item (§4.4 L3, vectors §6.4).
enum ButtonLineItemMoney {
    /// The stored pair, or `nil` for an item the rules would refuse. A `total` wins and the unit `amount` is
    /// `total / quantity` rounded half up (1001 over 2 is 501); otherwise `total` is `amount × quantity`.
    static func stored(_ value: JSONValue) -> (total: Int64, amount: Int64)? {
        guard let item = value.objectValue, let quantity = quantity(item) else { return nil }
        if let given = ButtonOrderRules.present(item["total"]) {
            guard let total = ButtonOrderRules.integer(given, atLeast: 0) else { return nil }
            // total ≤ 2^53 − 1 and quantity < 2^31, so doubling the numerator cannot overflow.
            return (total, (2 * total + quantity) / (2 * quantity))
        }
        guard let given = ButtonOrderRules.present(item["amount"]),
            let amount = ButtonOrderRules.integer(given, atLeast: 0), let total = product(amount, quantity)
        else { return nil }
        return (total, amount)
    }

    /// L5: an absent quantity is 1; a present one must be an integer from 1 to 2^31 − 1 (decision S9).
    static func quantity(_ item: JSONObject) -> Int64? {
        guard let given = ButtonOrderRules.present(item["quantity"]) else { return 1 }
        return ButtonOrderRules.integer(given, atLeast: 1, atMost: 2_147_483_647)
    }

    /// `amount × quantity` when it is a safe integer (at most 2^53 − 1).
    static func product(_ amount: Int64, _ quantity: Int64) -> Int64? {
        let (total, overflow) = amount.multipliedReportingOverflow(by: quantity)
        return overflow || total > ButtonOrderRules.largestSafeInteger ? nil : total
    }
}
