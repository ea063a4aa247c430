import CommerceCore

/// One refused field: the `details.field` path and the message of the rule it broke.
typealias ButtonFieldFailure = (field: String, message: String)

/// The sandbox's judgement of an Order API body by Documentation/Rules/Button.md §4.1 (S5) and §4.2–§4.4.
///
/// This is the emulator's own reading of the rule tables, deliberately not shared with the ButtonOrders
/// client: an emulator that judged bodies with the client's code would agree with every client bug. Both are
/// held to Tests/Fixtures/Button/order-validation-vectors.json instead.
///
/// Failures come in table order, each field at most once (its first broken rule): S5, the §4.2 rows, the
/// customer (§4.3), then each line item in turn (§4.4). `null` counts as absent everywhere. O10/O11 need the
/// clock, S2/S6 the store; the routes add those.
struct ButtonOrderRules: Sendable {
    /// The merchant order id an update addresses (the stored one, §4.1 S5), or `nil` for a create.
    let updating: String?
    /// O7 applies from API version 2018-02-13.
    let requiresPurchaseDate: Bool

    func failures(in body: JSONObject) -> [ButtonFieldFailure] {
        var failures: [ButtonFieldFailure] = []
        if let stored = updating, let sent = Self.present(body["order_id"])?.stringValue,
            ButtonFormats.isMerchantOrderId(sent), !sent.utf8.elementsEqual(stored.utf8)
        {
            // S5 judges only a well-formed id; a malformed one is O6's to report.
            failures.append((field: "order_id", message: Self.pathMismatch))
        }
        failures += ButtonFieldRow.judge(body, rows: orderRows, under: "")
        if let customer = Self.present(body["customer"]) {
            if let object = customer.objectValue {
                failures += ButtonFieldRow.judge(object, rows: Self.customerRows, under: "customer.")
            } else {
                failures.append((field: "customer", message: "customer must be an object"))  // C0
            }
        }
        // L0–L10 judge the items only once O16 has accepted the list.
        if !failures.contains(where: { $0.field == "line_items" }),
            let items = Self.present(body["line_items"])?.arrayValue
        {
            failures += ButtonLineItemRules.failures(in: items)
        }
        return failures
    }

    /// S5's message.
    static let pathMismatch = "order_id in the body must match the order id in the path"

    /// §4.2 in table order (O10/O11 are the routes').
    private var orderRows: [ButtonFieldRow] {
        [
            ButtonFieldRow("total", required: "total is required") {
                Self.integer($0, atLeast: 0) == nil ? "total must be an integer greater than or equal to 0" : nil
            },
            ButtonFieldRow("currency", required: "currency is required") {
                $0.stringValue.map(ButtonFormats.isCurrencyCode) == true
                    ? nil : "currency must be a three-letter ISO 4217 code such as USD"
            },
            ButtonFieldRow("order_id", required: updating == nil ? "order_id is required" : nil) {
                $0.stringValue.map(ButtonFormats.isMerchantOrderId) == true
                    ? nil : "order_id must be 1 to 255 printable ASCII characters"
            },
            ButtonFieldRow("purchase_date", required: requiresPurchaseDate ? "purchase_date is required" : nil) {
                $0.stringValue.map(ButtonFormats.isZonedDateTime) == true
                    ? nil
                    : "purchase_date must be an ISO-8601 date-time with a time zone, e.g. 2017-07-01T00:00:00Z"
            },
            ButtonFieldRow("finalization_date") {
                $0.stringValue.map(ButtonFormats.isZonedDateTime) == true
                    ? nil : "finalization_date must be an ISO-8601 date-time with a time zone"
            },
            ButtonFieldRow("btn_ref") { value in
                guard let token = value.stringValue, ButtonFormats.isURLSafe(token) else {
                    return "btn_ref must be a URL-safe string of at most 255 characters"  // O12
                }
                let looksLikeTest = token.utf8.starts(with: "fakesrctok-".utf8)
                return looksLikeTest && !ButtonFormats.isTestToken(token)
                    ? "test tokens must match ^fakesrctok-[a-f0-9]{16}$" : nil  // O13
            },
            ButtonFieldRow("advertising_id") {
                Self.isText($0, scalars: 0...255) ? nil : "advertising_id must be a string"
            },
            ButtonFieldRow("customer_order_id") {
                Self.isText($0, scalars: 1...255) ? nil : "customer_order_id must be a string of at most 255 characters"
            },
            ButtonFieldRow("line_items") {
                ($0.arrayValue?.count ?? .max) <= 1000 ? nil : "line_items must be an array of at most 1000 objects"
            },
        ]
    }

    /// §4.3 C1–C4, for a `customer` that C0 found to be an object.
    private static let customerRows: [ButtonFieldRow] = [
        ButtonFieldRow("id", required: "customer.id is required and must be a string of at most 255 characters") {
            isText($0, scalars: 1...255)
                ? nil : "customer.id is required and must be a string of at most 255 characters"
        },
        ButtonFieldRow("email_sha256") {
            $0.stringValue.map(ButtonFormats.isSHA256Hex) == true
                ? nil : "customer.email_sha256 must be a 64-character hex SHA-256 of the lower-cased email"
        },
        ButtonFieldRow("advertising_id") {
            $0.stringValue.map(ButtonFormats.isUUID) == true
                ? nil : "customer.advertising_id must be an IDFA/AAID (UUID format)"
        },
        ButtonFieldRow("is_new") { $0.boolValue == nil ? "customer.is_new must be a boolean" : nil },
        ButtonFieldRow("device_id") {
            isText($0, scalars: 0...255) ? nil : "customer.device_id must be a string of at most 255 characters"
        },
    ]

    // MARK: - Value shapes the tables share

    /// 2^53 − 1, the largest integer a JavaScript client holds exactly (O2, L3, L4).
    static let largestSafeInteger: Int64 = 9_007_199_254_740_991

    /// `nil` for a missing member and for JSON `null`.
    static func present(_ value: JSONValue?) -> JSONValue? {
        guard let value, value != .null else { return nil }
        return value
    }

    /// An integral JSON number (`5e3` counts, `12.5`, `"5"` and `true` do not) from `lowest` up to `highest`.
    static func integer(_ value: JSONValue, atLeast lowest: Int64, atMost highest: Int64 = largestSafeInteger)
        -> Int64?
    {
        guard let number = value.integerValue, number >= lowest, number <= highest else { return nil }
        return number
    }

    /// A string whose length in Unicode scalars (what the tables call characters) lies in `scalars`.
    static func isText(_ value: JSONValue, scalars: ClosedRange<Int>) -> Bool {
        value.stringValue.map { scalars.contains($0.unicodeScalars.count) } ?? false
    }
}

/// One row of a validation table: the member it reads, the message when a required member is absent, and a
/// check that returns the message for a present value it refuses.
struct ButtonFieldRow: Sendable {
    let key: String
    let required: String?
    let refusal: @Sendable (JSONValue) -> String?

    init(_ key: String, required: String? = nil, refusal: @escaping @Sendable (JSONValue) -> String?) {
        self.key = key
        self.required = required
        self.refusal = refusal
    }

    /// The rows' failures for `object`, in row order, with field paths prefixed by `prefix`.
    static func judge(_ object: JSONObject, rows: [ButtonFieldRow], under prefix: String) -> [ButtonFieldFailure] {
        rows.compactMap { row in
            let message: String?
            if let value = ButtonOrderRules.present(object[row.key]) {
                message = row.refusal(value)
            } else {
                message = row.required
            }
            return message.map { (field: prefix + row.key, message: $0) }
        }
    }
}
