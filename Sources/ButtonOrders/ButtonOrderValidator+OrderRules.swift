import CommerceCore

extension ButtonOrderValidator {
    /// Rules O1–O16 except O10/O11. Returns the line items when O16 accepts them, so L0–L10 run only on a
    /// real array.
    func checkOrderFields(_ body: JSONObject, into list: inout FailureList) -> [JSONValue]? {
        // O1, O2
        if let total = JSONRules.present(body["total"]) {
            if JSONRules.integer(total, in: 0...JSONRules.maxSafeInteger) == nil {
                list.add("total", "total must be an integer greater than or equal to 0")
            }
        } else {
            list.add("total", "total is required")
        }
        // O3, O4
        if let currency = JSONRules.present(body["currency"]) {
            if !(currency.stringValue.map(JSONRules.isCurrencyCode) ?? false) {
                list.add("currency", "currency must be a three-letter ISO 4217 code such as USD")
            }
        } else {
            list.add("currency", "currency is required")
        }
        // O5, O6
        if let orderId = JSONRules.present(body["order_id"]) {
            if !(orderId.stringValue.map(JSONRules.isOrderId) ?? false) {
                list.add("order_id", "order_id must be 1 to 255 printable ASCII characters")
            }
        } else if operation == .create {
            list.add("order_id", "order_id is required")
        }
        // O7, O8
        if let purchaseDate = JSONRules.present(body["purchase_date"]) {
            if !(purchaseDate.stringValue.map(JSONRules.isDateTime) ?? false) {
                list.add(
                    "purchase_date",
                    "purchase_date must be an ISO-8601 date-time with a time zone, e.g. 2017-07-01T00:00:00Z")
            }
        } else if requiresPurchaseDate {
            list.add("purchase_date", "purchase_date is required")
        }
        // O9 (O10 and O11 need the server's clock)
        if let finalizationDate = JSONRules.present(body["finalization_date"]),
            !(finalizationDate.stringValue.map(JSONRules.isDateTime) ?? false)
        {
            list.add("finalization_date", "finalization_date must be an ISO-8601 date-time with a time zone")
        }
        // O12, O13
        if let btnRef = JSONRules.present(body["btn_ref"]) {
            if let text = btnRef.stringValue, JSONRules.isURLSafeToken(text) {
                if text.utf8.starts(with: "fakesrctok-".utf8), !JSONRules.isTestToken(text) {
                    list.add("btn_ref", "test tokens must match ^fakesrctok-[a-f0-9]{16}$")
                }
            } else {
                list.add("btn_ref", "btn_ref must be a URL-safe string of at most 255 characters")
            }
        }
        // O14
        if let advertisingId = JSONRules.present(body["advertising_id"]),
            !JSONRules.isString(advertisingId, length: 0...255)
        {
            list.add("advertising_id", "advertising_id must be a string")
        }
        // O15
        if let customerOrderId = JSONRules.present(body["customer_order_id"]),
            !JSONRules.isString(customerOrderId, length: 1...255)
        {
            list.add("customer_order_id", "customer_order_id must be a string of at most 255 characters")
        }
        // O16
        guard let lineItems = JSONRules.present(body["line_items"]) else { return nil }
        guard let items = lineItems.arrayValue, items.count <= 1000 else {
            list.add("line_items", "line_items must be an array of at most 1000 objects")
            return nil
        }
        return items
    }
}
