import CommerceCore

/// Which body fields the Order API reads, and the stored form of the customer and line items (§3.1.3).
enum ButtonOrderFields {
    /// Top-level keys the Order API reads; anything else in a body is ignored and listed by the inspection route.
    static let known: Set<String> = [
        "total", "currency", "order_id", "purchase_date", "finalization_date", "btn_ref",
        "customer", "customer_order_id", "line_items", "advertising_id",
    ]
    static let customer: Set<String> = ["id", "email_sha256", "advertising_id", "is_new", "device_id"]
    static let lineItem: Set<String> = [
        "identifier", "total", "amount", "quantity", "sku", "upc", "category",
        "description", "attributes",
    ]

    /// Field paths in `body` that the Order API does not use (unknown or read-only keys).
    static func ignored(in body: JSONObject) -> [String] {
        var ignored: [String] = []
        for (key, _) in body where !known.contains(key) { ignored.append(key) }
        if let customerObject = body["customer"]?.objectValue {
            for (key, _) in customerObject where !customer.contains(key) { ignored.append("customer.\(key)") }
        }
        if let items = body["line_items"]?.arrayValue {
            for (index, item) in items.enumerated() {
                guard let item = item.objectValue else { continue }
                for (key, _) in item where !lineItem.contains(key) { ignored.append("line_items[\(index)].\(key)") }
                if ButtonRequest.present(item["total"]) != nil, item["amount"] != nil {
                    ignored.append("line_items[\(index)].amount")
                }
            }
        }
        return ignored
    }

    /// A line item in stored form, with `amount` computed by rule L3. Assumes the item passed validation.
    static func normalizeLineItem(_ value: JSONValue) -> JSONValue {
        let item = value.objectValue ?? JSONObject()
        let totals = ButtonLineItemMoney.stored(value)
        let quantity = ButtonRequest.present(item["quantity"])?.integerValue ?? 1
        func optional(_ key: String) -> JSONValue { ButtonRequest.present(item[key]) ?? .null }
        return [
            "identifier": item["identifier"] ?? .null,
            "total": .from(totals?.total), "amount": .from(totals?.amount), "quantity": .integer(quantity),
            "description": optional("description"), "sku": optional("sku"), "upc": optional("upc"),
            "category": optional("category"), "attributes": optional("attributes"),
        ]
    }

    /// The customer in stored form (`email_sha256` lowercased), or `null`.
    static func normalizeCustomer(_ value: JSONValue?) -> JSONValue {
        guard let customer = ButtonRequest.present(value)?.objectValue else { return .null }
        let email =
            ButtonRequest.present(customer["email_sha256"])?.stringValue.map { JSONValue.string($0.lowercased()) }
            ?? .null
        return [
            "id": customer["id"] ?? .null, "email_sha256": email,
            "advertising_id": ButtonRequest.present(customer["advertising_id"]) ?? .null,
        ]
    }

    /// A list of field paths as the JSON text the order tables store.
    static func serialized(_ paths: [String]) -> String {
        JSONValue.array(paths.map(JSONValue.string)).serialized()
    }
}
