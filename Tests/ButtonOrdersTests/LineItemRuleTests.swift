import CommerceCore
import Testing

@testable import ButtonOrders

@Suite("Validation: line items L0–L10 (§4.4)")
struct LineItemRuleTests {
    static func item(_ rule: String, _ item: String, _ field: String, _ message: String) -> RuleCase {
        RuleCase(rule: rule, patch: lineItemPatch(item), field: field, message: message)
    }

    static let totalMessage = "line_items[0].total must be an integer greater than 0"
    static let quantityMessage = "line_items[0].quantity must be an integer of at least 1"
    static let categoryMessage = "line_items[0].category must be a list of at most 7 non-empty strings"
    static let eightLevels = (1...8).map { #""c\#($0)""# }.joined(separator: ",")

    static let rejected: [RuleCase] = [
        item("L0 number", "5", "line_items[0]", "line_items[0] must be an object"),
        item("L0 null", "null", "line_items[0]", "line_items[0] must be an object"),
        item("L1 missing", #"{"total":1}"#, "line_items[0].identifier", "line_items[0].identifier is required"),
        item(
            "L1 empty", #"{"identifier":"","total":1}"#, "line_items[0].identifier",
            "line_items[0].identifier is required"),
        item(
            "L1 number", #"{"identifier":7,"total":1}"#, "line_items[0].identifier",
            "line_items[0].identifier is required"),
        item(
            "L1 too long", #"{"identifier":"\#(longString(256))","total":1}"#, "line_items[0].identifier",
            "line_items[0].identifier is required"),
        item(
            "L3 neither", #"{"identifier":"a","quantity":2}"#, "line_items[0].total",
            "line_items[0] needs total or amount"),
        item(
            "L3 both null", #"{"identifier":"a","total":null,"amount":null}"#, "line_items[0].total",
            "line_items[0] needs total or amount"),
        item("L3 zero total", #"{"identifier":"a","total":0}"#, "line_items[0].total", totalMessage),
        item("L3 negative total", #"{"identifier":"a","total":-5}"#, "line_items[0].total", totalMessage),
        item("L3 fractional total", #"{"identifier":"a","total":1.5}"#, "line_items[0].total", totalMessage),
        item("L3 string total", #"{"identifier":"a","total":"10"}"#, "line_items[0].total", totalMessage),
        item("L3 huge total", #"{"identifier":"a","total":1e40}"#, "line_items[0].total", totalMessage),
        item(
            "L3 zero amount only", #"{"identifier":"a","amount":0,"quantity":3}"#, "line_items[0].total", totalMessage),
        item(
            "L3 amount times quantity too large", #"{"identifier":"a","amount":9007199254740991,"quantity":2}"#,
            "line_items[0].total", totalMessage),
        item(
            "L4 negative amount", #"{"identifier":"a","amount":-1}"#, "line_items[0].amount",
            "line_items[0].amount must be an integer greater than or equal to 0"),
        item(
            "L4 fractional amount", #"{"identifier":"a","amount":2.5}"#, "line_items[0].amount",
            "line_items[0].amount must be an integer greater than or equal to 0"),
        item("L5 zero (J3)", #"{"identifier":"a","total":1,"quantity":0}"#, "line_items[0].quantity", quantityMessage),
        item("L5 fraction", #"{"identifier":"a","total":1,"quantity":1.5}"#, "line_items[0].quantity", quantityMessage),
        item(
            "L5 above Int32", #"{"identifier":"a","total":1,"quantity":2147483648}"#, "line_items[0].quantity",
            quantityMessage),
        item("L5 string", #"{"identifier":"a","total":1,"quantity":"2"}"#, "line_items[0].quantity", quantityMessage),
        item(
            "L6 too long", #"{"identifier":"a","total":1,"sku":"\#(longString(256))"}"#, "line_items[0].sku",
            "line_items[0].sku must be a string of at most 255 characters"),
        item(
            "L6 number", #"{"identifier":"a","total":1,"sku":5}"#, "line_items[0].sku",
            "line_items[0].sku must be a string of at most 255 characters"),
        item(
            "L7 eleven digits", #"{"identifier":"a","total":1,"upc":"40000000001"}"#, "line_items[0].upc",
            "line_items[0].upc must be 12 digits (UPC-A / GTIN-12)"),
        item(
            "L7 letter", #"{"identifier":"a","total":1,"upc":"40000000000a"}"#, "line_items[0].upc",
            "line_items[0].upc must be 12 digits (UPC-A / GTIN-12)"),
        item(
            "L7 number", #"{"identifier":"a","total":1,"upc":400000000001}"#, "line_items[0].upc",
            "line_items[0].upc must be 12 digits (UPC-A / GTIN-12)"),
        item(
            "L7 full-width digits", #"{"identifier":"a","total":1,"upc":"４００００００００００１"}"#, "line_items[0].upc",
            "line_items[0].upc must be 12 digits (UPC-A / GTIN-12)"),
        item(
            "L8 eight levels (J3)", #"{"identifier":"a","total":1,"category":[\#(eightLevels)]}"#,
            "line_items[0].category", categoryMessage),
        item(
            "L8 empty list", #"{"identifier":"a","total":1,"category":[]}"#, "line_items[0].category", categoryMessage),
        item(
            "L8 empty string", #"{"identifier":"a","total":1,"category":[""]}"#, "line_items[0].category",
            categoryMessage),
        item(
            "L8 not a list", #"{"identifier":"a","total":1,"category":"Electronics"}"#, "line_items[0].category",
            categoryMessage),
        item(
            "L8 number entry", #"{"identifier":"a","total":1,"category":[1]}"#, "line_items[0].category",
            categoryMessage),
        item(
            "L9 too long", #"{"identifier":"a","total":1,"description":"\#(longString(4097))"}"#,
            "line_items[0].description",
            "line_items[0].description must be a string of at most 4096 characters"),
        item(
            "L10 number value", #"{"identifier":"a","total":1,"attributes":{"brand":5}}"#,
            "line_items[0].attributes.brand",
            "line_items[0].attributes values must be strings"),
        item(
            "L10 long value", #"{"identifier":"a","total":1,"attributes":{"brand":"\#(longString(1001))"}}"#,
            "line_items[0].attributes.brand", "line_items[0].attributes values must be strings"),
        item(
            "L10 not an object", #"{"identifier":"a","total":1,"attributes":"x"}"#, "line_items[0].attributes",
            "line_items[0].attributes values must be strings"),
        item(
            "L10 empty key", #"{"identifier":"a","total":1,"attributes":{"":"v"}}"#, "line_items[0].attributes.",
            "line_items[0].attributes values must be strings"),
        item(
            "L10 256-character key", #"{"identifier":"a","total":1,"attributes":{"\#(longString(256))":"v"}}"#,
            "line_items[0].attributes.\(longString(256))", "line_items[0].attributes values must be strings"),
    ]

    @Test("Each broken rule yields its field and message, and only that failure", arguments: rejected)
    func rejects(_ rule: RuleCase) throws {
        let failures = ButtonOrderValidator().failures(in: try rule.body())
        #expect(failures.count == 1)
        #expect(failures.first?.field == rule.field)
        #expect(failures.first?.message == rule.message)
    }

    static let accepted: [String] = [
        #"{"identifier":"a","total":1}"#,
        #"{"identifier":"a","amount":250,"quantity":4}"#,
        #"{"identifier":"a","total":2000,"amount":-1}"#,  // amount is read-only once total is present
        #"{"identifier":"a","total":1,"quantity":2147483647,"upc":"400000000001"}"#,  // check digit not verified
        #"{"identifier":"a","total":1,"category":["1","2","3","4","5","6","7"]}"#,
        #"{"identifier":"a","total":1,"sku":"","description":"\#(longString(4096, "ü"))","attributes":{"brand":"b","k":"","\#(longString(255))":"v"}}"#,
        #"{"identifier":"a","total":1,"sku":null,"upc":null,"category":null,"description":null,"attributes":null,"quantity":null}"#,
        #"{"identifier":"\#(longString(255, "日"))","total":1}"#,
    ]

    @Test("Valid line items pass", arguments: accepted)
    func accepts(_ item: String) throws {
        let failures = ButtonOrderValidator().failures(in: try patchedBody(lineItemPatch(item)))
        #expect(failures.isEmpty, "\(failures)")
    }

    @Test("J3/§6.4: a duplicate identifier at 0 and 2 is reported at index 2, naming index 0")
    func duplicateIdentifier() throws {
        let body = try patchedBody(
            #"{"line_items":[{"identifier":"sku-1","total":1},{"identifier":"sku-2","total":1},"#
                + #"{"identifier":"sku-1","total":1}]}"#)
        let failures = ButtonOrderValidator().failures(in: body)
        #expect(failures.count == 1)
        #expect(failures.first?.field == "line_items[2].identifier")
        #expect(failures.first?.message == "line_items[2].identifier duplicates line_items[0].identifier")
    }

    @Test("Identifiers compare case-sensitively and by exact code points")
    func identifierComparison() throws {
        let body = try patchedBody(
            #"{"line_items":[{"identifier":"SKU","total":1},{"identifier":"sku","total":1},"#
                + #"{"identifier":"\u00e9","total":1},{"identifier":"e\u0301","total":1}]}"#)
        #expect(ButtonOrderValidator().failures(in: body).isEmpty)
    }

    @Test("Items are checked one after another, each field once, with its own index")
    func itemOrder() throws {
        let body = try patchedBody(
            #"{"line_items":[{"quantity":0,"upc":"1"},7,{"identifier":"x","total":1,"attributes":{"a":1,"b":"ok","c":null}}]}"#
        )
        let failures = ButtonOrderValidator().failures(in: body)
        #expect(
            failures.map(\.field) == [
                "line_items[0].identifier", "line_items[0].total", "line_items[0].quantity", "line_items[0].upc",
                "line_items[1]", "line_items[2].attributes.a", "line_items[2].attributes.c",
            ])
        #expect(failures[1].message == "line_items[0] needs total or amount")
        #expect(failures[4].message == "line_items[1] must be an object")
    }
}
