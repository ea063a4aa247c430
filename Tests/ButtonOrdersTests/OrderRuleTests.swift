import CommerceCore
import Testing

@testable import ButtonOrders

@Suite("Validation: order fields O1–O16 (§4.2)")
struct OrderRuleTests {
    static let totalType = "total must be an integer greater than or equal to 0"
    static let currencyType = "currency must be a three-letter ISO 4217 code such as USD"
    static let orderIdType = "order_id must be 1 to 255 printable ASCII characters"
    static let purchaseDateType =
        "purchase_date must be an ISO-8601 date-time with a time zone, e.g. 2017-07-01T00:00:00Z"
    static let btnRefType = "btn_ref must be a URL-safe string of at most 255 characters"
    static let testToken = "test tokens must match ^fakesrctok-[a-f0-9]{16}$"

    static let rejected: [RuleCase] = [
        RuleCase(rule: "O1", patch: "{}", removing: ["total"], field: "total", message: "total is required"),
        RuleCase(rule: "O1 null", patch: #"{"total":null}"#, field: "total", message: "total is required"),
        RuleCase(rule: "O2 negative", patch: #"{"total":-1}"#, field: "total", message: totalType),
        RuleCase(rule: "O2 fraction", patch: #"{"total":12.5}"#, field: "total", message: totalType),
        RuleCase(rule: "O2 string", patch: #"{"total":"5000"}"#, field: "total", message: totalType),
        RuleCase(rule: "O2 boolean", patch: #"{"total":true}"#, field: "total", message: totalType),
        RuleCase(rule: "O2 above 2^53-1", patch: #"{"total":9007199254740992}"#, field: "total", message: totalType),
        RuleCase(
            rule: "O2 huge", patch: #"{"total":123456789012345678901234567890}"#, field: "total", message: totalType),
        RuleCase(rule: "O2 huge exponent", patch: #"{"total":1e300}"#, field: "total", message: totalType),
        RuleCase(rule: "O3", patch: "{}", removing: ["currency"], field: "currency", message: "currency is required"),
        RuleCase(rule: "O4 lower case", patch: #"{"currency":"usd"}"#, field: "currency", message: currencyType),
        RuleCase(rule: "O4 two letters", patch: #"{"currency":"US"}"#, field: "currency", message: currencyType),
        RuleCase(rule: "O4 not active", patch: #"{"currency":"ABC"}"#, field: "currency", message: currencyType),
        RuleCase(rule: "O4 non-ASCII", patch: #"{"currency":"ÜSD"}"#, field: "currency", message: currencyType),
        RuleCase(rule: "O4 number", patch: #"{"currency":840}"#, field: "currency", message: currencyType),
        RuleCase(rule: "O5", patch: "{}", removing: ["order_id"], field: "order_id", message: "order_id is required"),
        RuleCase(rule: "O6 empty", patch: #"{"order_id":""}"#, field: "order_id", message: orderIdType),
        RuleCase(
            rule: "O6 too long", patch: #"{"order_id":"\#(longString(256))"}"#, field: "order_id", message: orderIdType),
        RuleCase(rule: "O6 non-ASCII", patch: #"{"order_id":"café"}"#, field: "order_id", message: orderIdType),
        RuleCase(
            rule: "O6 control character", patch: #"{"order_id":"a\u0007"}"#, field: "order_id", message: orderIdType),
        RuleCase(rule: "O6 number", patch: #"{"order_id":1989}"#, field: "order_id", message: orderIdType),
        RuleCase(
            rule: "O7", patch: "{}", removing: ["purchase_date"], field: "purchase_date",
            message: "purchase_date is required"),
        RuleCase(
            rule: "O8 date only", patch: #"{"purchase_date":"2017-07-01"}"#, field: "purchase_date",
            message: purchaseDateType),
        RuleCase(
            rule: "O8 no zone", patch: #"{"purchase_date":"2017-07-01T00:00:00"}"#, field: "purchase_date",
            message: purchaseDateType),
        RuleCase(
            rule: "O8 space", patch: #"{"purchase_date":"2017-07-01 00:00:00Z"}"#, field: "purchase_date",
            message: purchaseDateType),
        RuleCase(
            rule: "O8 lower-case t/z", patch: #"{"purchase_date":"2017-07-01t00:00:00z"}"#, field: "purchase_date",
            message: purchaseDateType),
        RuleCase(
            rule: "O8 30 February", patch: #"{"purchase_date":"2017-02-30T00:00:00Z"}"#, field: "purchase_date",
            message: purchaseDateType),
        RuleCase(
            rule: "O8 ten fraction digits", patch: #"{"purchase_date":"2017-07-01T00:00:00.1234567890Z"}"#,
            field: "purchase_date", message: purchaseDateType),
        RuleCase(
            rule: "O8 Arabic-Indic digits", patch: #"{"purchase_date":"٢٠١٧-07-01T00:00:00Z"}"#, field: "purchase_date",
            message: purchaseDateType),
        RuleCase(
            rule: "O8 number", patch: #"{"purchase_date":1498867200}"#, field: "purchase_date",
            message: purchaseDateType),
        RuleCase(
            rule: "O9", patch: #"{"finalization_date":"next month"}"#, field: "finalization_date",
            message: "finalization_date must be an ISO-8601 date-time with a time zone"),
        RuleCase(rule: "O12 empty", patch: #"{"btn_ref":""}"#, field: "btn_ref", message: btnRefType),
        RuleCase(rule: "O12 space", patch: #"{"btn_ref":"srctok-a b"}"#, field: "btn_ref", message: btnRefType),
        RuleCase(
            rule: "O12 too long", patch: #"{"btn_ref":"\#(longString(256))"}"#, field: "btn_ref", message: btnRefType),
        RuleCase(rule: "O12 number", patch: #"{"btn_ref":42}"#, field: "btn_ref", message: btnRefType),
        RuleCase(rule: "O13 XYZ", patch: #"{"btn_ref":"fakesrctok-XYZ"}"#, field: "btn_ref", message: testToken),
        RuleCase(
            rule: "O13 upper-case hex", patch: #"{"btn_ref":"fakesrctok-ABCDEF0123456789"}"#, field: "btn_ref",
            message: testToken),
        RuleCase(rule: "O13 short", patch: #"{"btn_ref":"fakesrctok-abc"}"#, field: "btn_ref", message: testToken),
        RuleCase(
            rule: "O14 number", patch: #"{"advertising_id":5}"#, field: "advertising_id",
            message: "advertising_id must be a string"),
        RuleCase(
            rule: "O14 too long", patch: #"{"advertising_id":"\#(longString(256))"}"#, field: "advertising_id",
            message: "advertising_id must be a string"),
        RuleCase(
            rule: "O15 empty", patch: #"{"customer_order_id":""}"#, field: "customer_order_id",
            message: "customer_order_id must be a string of at most 255 characters"),
        RuleCase(
            rule: "O15 256 scalars", patch: #"{"customer_order_id":"\#(longString(256, "é"))"}"#,
            field: "customer_order_id",
            message: "customer_order_id must be a string of at most 255 characters"),
        RuleCase(
            rule: "O16 string", patch: #"{"line_items":"x"}"#, field: "line_items",
            message: "line_items must be an array of at most 1000 objects"),
        RuleCase(
            rule: "O16 object", patch: #"{"line_items":{}}"#, field: "line_items",
            message: "line_items must be an array of at most 1000 objects"),
    ]

    @Test("Each broken rule yields its field and message, and only that failure", arguments: rejected)
    func rejects(_ rule: RuleCase) throws {
        let failures = ButtonOrderValidator().failures(in: try rule.body())
        #expect(failures.count == 1)
        #expect(failures.first?.field == rule.field)
        #expect(failures.first?.message == rule.message)
    }

    static let accepted: [String] = [
        "{}",
        #"{"total":0}"#,
        #"{"total":5e3}"#,
        #"{"total":5000.0}"#,
        #"{"total":9007199254740991}"#,
        #"{"currency":"JPY"}"#,
        #"{"order_id":"\#(longString(255))"}"#,
        #"{"order_id":" ~!"}"#,
        #"{"purchase_date":"2017-07-01T00:00:00.5+02:00"}"#,
        #"{"purchase_date":"2016-02-29T23:59:59.123456789-0500"}"#,
        #"{"finalization_date":null,"btn_ref":null,"customer":null,"line_items":null,"customer_order_id":null}"#,
        #"{"btn_ref":"fakesrctok-abcdef0123456789"}"#,
        #"{"btn_ref":"srctok-XXX_~."}"#,
        #"{"advertising_id":""}"#,
        #"{"customer_order_id":"\#(longString(255, "é"))"}"#,
        #"{"line_items":[]}"#,
        #"{"button_order_id":"btnorder-1","status":"open","session_id":null,"ifa":null,"unknown":[1,{"x":2}]}"#,
    ]

    @Test("Valid variations pass", arguments: accepted)
    func accepts(_ patch: String) throws {
        let failures = ButtonOrderValidator().failures(in: try patchedBody(patch))
        #expect(failures.isEmpty, "\(failures)")
    }

    @Test("O16 caps line items at 1000")
    func lineItemCap() throws {
        func items(_ count: Int) -> String {
            #"{"line_items":["# + (0..<count).map { #"{"identifier":"i\#($0)","total":1}"# }.joined(separator: ",")
                + "]}"
        }
        #expect(ButtonOrderValidator().failures(in: try patchedBody(items(1000))).isEmpty)
        let failures = ButtonOrderValidator().failures(in: try patchedBody(items(1001)))
        #expect(failures.map(\.field) == ["line_items"])
    }

    @Test("Update: order_id is optional, but must match the path id (S5)")
    func updateRules() throws {
        let matching = ButtonOrderValidator(operation: .update(pathOrderId: "1989"))
        #expect(matching.failures(in: try patchedBody("{}", removing: ["order_id"])).isEmpty)
        #expect(matching.failures(in: try patchedBody("{}")).isEmpty)
        let other = ButtonOrderValidator(operation: .update(pathOrderId: "1990"))
        let failures = other.failures(in: try patchedBody("{}"))
        #expect(failures.count == 1)
        #expect(failures.first?.field == "order_id")
        #expect(failures.first?.message == "order_id in the body must match the order id in the path")
        #expect(other.failures(in: try patchedBody("{}", removing: ["order_id", "total"])).map(\.field) == ["total"])
    }

    @Test("S5 is a §4.1 rule: reported before a field failure, which is still listed")
    func pathMismatchComesBeforeFieldRules() throws {
        let other = ButtonOrderValidator(operation: .update(pathOrderId: "1990"))
        let failures = other.failures(in: try patchedBody(#"{"total":-1}"#))
        #expect(failures.map(\.field) == ["order_id", "total"])
        #expect(failures.first?.message == "order_id in the body must match the order id in the path")
        // A malformed body order_id is an O6 failure, not a mismatch.
        #expect(
            other.failures(in: try patchedBody(#"{"order_id":"","total":-1}"#)).map(\.message) == [
                Self.totalType, Self.orderIdType,
            ])
    }

    @Test("Before API version 2018-02-13 purchase_date may be omitted")
    func optionalPurchaseDate() throws {
        let body = try patchedBody("{}", removing: ["purchase_date"])
        #expect(ButtonOrderValidator(requiresPurchaseDate: false).failures(in: body).isEmpty)
        #expect(ButtonOrderValidator().failures(in: body).map(\.field) == ["purchase_date"])
    }
}
