import CommerceCore

extension ButtonOrderValidator {
    /// Rules L0–L10, item by item.
    func checkLineItems(_ items: [JSONValue], into list: inout FailureList) {
        // Keyed by the UTF-8 bytes so that canonically equivalent but differently encoded identifiers stay
        // distinct, as they would be in storage.
        var firstIndexOfIdentifier: [[UInt8]: Int] = [:]
        for (index, value) in items.enumerated() {
            let path = "line_items[\(index)]"
            // L0
            guard let item = value.objectValue else {
                list.add(path, "\(path) must be an object")
                continue
            }
            // L1, L2
            if let identifier = JSONRules.present(item["identifier"])?.stringValue,
                JSONRules.isString(.string(identifier), length: 1...255)
            {
                let key = Array(identifier.utf8)
                if let earlier = firstIndexOfIdentifier[key] {
                    list.add("\(path).identifier", "\(path).identifier duplicates line_items[\(earlier)].identifier")
                } else {
                    firstIndexOfIdentifier[key] = index
                }
            } else {
                list.add("\(path).identifier", "\(path).identifier is required")
            }
            checkMoney(item, path: path, into: &list)
            checkDescriptiveFields(item, path: path, into: &list)
        }
    }

    /// L3, L4 and L5: the fields that feed the line's arithmetic.
    private func checkMoney(_ item: JSONObject, path: String, into list: inout FailureList) {
        let totalMessage = "\(path).total must be an integer greater than 0"
        let quantity = JSONRules.present(item["quantity"])
        let validQuantity = quantity.map { JSONRules.integer($0, in: 1...JSONRules.maxQuantity) } ?? 1
        if let total = JSONRules.present(item["total"]) {
            // L3 with a total; `amount` is then read-only and ignored, so L4 does not apply.
            if JSONRules.integer(total, in: 1...JSONRules.maxSafeInteger) == nil {
                list.add("\(path).total", totalMessage)
            }
        } else if let amount = JSONRules.present(item["amount"]) {
            if let unit = JSONRules.integer(amount, in: 0...JSONRules.maxSafeInteger) {
                // L3 with only an amount: the derived total must be positive and representable.
                if unit == 0 {
                    list.add("\(path).total", totalMessage)
                } else if let validQuantity,
                    ButtonOrderValidator.lineItemTotals(total: nil, amount: unit, quantity: validQuantity) == nil
                {
                    list.add("\(path).total", totalMessage)
                }
            } else {
                // L4
                list.add("\(path).amount", "\(path).amount must be an integer greater than or equal to 0")
            }
        } else {
            list.add("\(path).total", "\(path) needs total or amount")
        }
        // L5
        if quantity != nil, validQuantity == nil {
            list.add("\(path).quantity", "\(path).quantity must be an integer of at least 1")
        }
    }

    /// L6–L10: text and classification fields.
    private func checkDescriptiveFields(_ item: JSONObject, path: String, into list: inout FailureList) {
        // L6
        if let sku = JSONRules.present(item["sku"]), !JSONRules.isString(sku, length: 0...255) {
            list.add("\(path).sku", "\(path).sku must be a string of at most 255 characters")
        }
        // L7
        if let upc = JSONRules.present(item["upc"]), !(upc.stringValue.map(JSONRules.isUPC) ?? false) {
            list.add("\(path).upc", "\(path).upc must be 12 digits (UPC-A / GTIN-12)")
        }
        // L8
        if let category = JSONRules.present(item["category"]) {
            let levels = category.arrayValue ?? []
            if !(1...7).contains(levels.count) || !levels.allSatisfy({ JSONRules.isString($0, length: 1...255) }) {
                list.add("\(path).category", "\(path).category must be a list of at most 7 non-empty strings")
            }
        }
        // L9
        if let description = JSONRules.present(item["description"]), !JSONRules.isString(description, length: 0...4096)
        {
            list.add("\(path).description", "\(path).description must be a string of at most 4096 characters")
        }
        // L10
        if let attributes = JSONRules.present(item["attributes"]) {
            let message = "\(path).attributes values must be strings"
            guard let object = attributes.objectValue else {
                list.add("\(path).attributes", message)
                return
            }
            for (key, value) in object
            where !(1...255).contains(key.unicodeScalars.count) || !JSONRules.isString(value, length: 0...1000) {
                list.add("\(path).attributes.\(key)", message)
            }
        }
    }
}
