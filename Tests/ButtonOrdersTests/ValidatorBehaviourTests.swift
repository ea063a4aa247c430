import CommerceCore
import Testing

@testable import ButtonOrders

@Suite("Validation: ordering, arbitrary JSON and L3 arithmetic")
struct ValidatorBehaviourTests {
    @Test("The seed body (comma fixed) passes every rule")
    func seedBodyPasses() throws {
        #expect(ButtonOrderValidator().failures(in: try JSONValue.parse(validBodyText)).isEmpty)
        #expect(ButtonOrderValidator().firstFailure(in: try JSONValue.parse(validBodyText)) == nil)
    }

    @Test("Failures come in table order: order fields, then customer, then line items")
    func tableOrder() throws {
        let body = try patchedBody(
            #"{"line_items":[{"identifier":"a","total":1,"quantity":0}],"customer":{"id":""},"#
                + #""customer_order_id":"","total":-1,"btn_ref":"fakesrctok-XYZ"}"#, removing: ["currency"])
        let validator = ButtonOrderValidator()
        #expect(
            validator.failures(in: body).map(\.field) == [
                "total", "currency", "btn_ref", "customer_order_id", "customer.id", "line_items[0].quantity",
            ])
        #expect(validator.firstFailure(in: body)?.message == "total must be an integer greater than or equal to 0")
    }

    @Test("A body that is not an object is reported as such", arguments: ["[]", "null", "5", "\"x\"", "true"])
    func nonObjectBody(_ text: String) throws {
        let failures = ButtonOrderValidator().failures(in: try JSONValue.parse(text))
        #expect(failures.count == 1)
        #expect(failures.first?.field == "body")
        #expect(failures.first?.message == "Request body must be a JSON object")
    }

    @Test("Every field of the wrong type yields exactly one failure per field, without trapping")
    func everythingWrong() throws {
        let body = try JSONValue.parse(
            #"{"total":[],"currency":{},"order_id":false,"purchase_date":null,"#
                + #""finalization_date":1.5,"btn_ref":[],"advertising_id":{},"customer_order_id":7,"customer":{"id":[]},"#
                + #""line_items":[[],{"identifier":{},"total":{},"quantity":-9223372036854775808,"sku":[],"upc":true,"#
                + #""category":{},"description":5,"attributes":[]}]}"#)
        let fields = ButtonOrderValidator().failures(in: body).map(\.field)
        #expect(
            fields == [
                "total", "currency", "order_id", "purchase_date", "finalization_date", "btn_ref", "advertising_id",
                "customer_order_id", "customer.id", "line_items[0]", "line_items[1].identifier", "line_items[1].total",
                "line_items[1].quantity", "line_items[1].sku", "line_items[1].upc", "line_items[1].category",
                "line_items[1].description", "line_items[1].attributes",
            ])
    }

    @Test(
        "Extreme numbers are rejected rather than trapping",
        arguments: [
            "-9223372036854775808", "9223372036854775807", "1.7976931348623157e308", "-1e308", "-0.5", "5e-324",
        ])
    func extremeNumbers(_ number: String) throws {
        let body = try patchedBody(
            #"{"total":\#(number),"line_items":[{"identifier":"a","amount":\#(number),"quantity":\#(number)}]}"#)
        let fields = ButtonOrderValidator().failures(in: body).map(\.field)
        #expect(fields.first == "total")
        #expect(fields.contains("line_items[0].quantity"))
    }

    @Test("§6.4 arithmetic: amount is total / quantity rounded half up; total is amount × quantity")
    func lineItemArithmetic() {
        #expect(ButtonOrderValidator.lineItemTotals(total: 1000, amount: nil, quantity: 3)! == (1000, 333))
        #expect(ButtonOrderValidator.lineItemTotals(total: 1001, amount: nil, quantity: 2)! == (1001, 501))
        #expect(ButtonOrderValidator.lineItemTotals(total: 1000, amount: nil, quantity: 6)! == (1000, 167))
        #expect(ButtonOrderValidator.lineItemTotals(total: nil, amount: 250, quantity: 4)! == (1000, 250))
        #expect(ButtonOrderValidator.lineItemTotals(total: 2000, amount: 1, quantity: 1)! == (2000, 2000))
        #expect(ButtonOrderValidator.lineItemTotals(total: 7, amount: nil, quantity: nil)! == (7, 7))
        #expect(
            ButtonOrderValidator.lineItemTotals(total: Int64.max, amount: nil, quantity: 2)! == (
                Int64.max, Int64.max / 2 + 1
            ))
    }

    @Test("The arithmetic helper refuses what it cannot compute")
    func lineItemArithmeticRefusals() {
        #expect(ButtonOrderValidator.lineItemTotals(total: nil, amount: nil, quantity: 1) == nil)
        #expect(ButtonOrderValidator.lineItemTotals(total: 10, amount: nil, quantity: 0) == nil)
        #expect(ButtonOrderValidator.lineItemTotals(total: -1, amount: nil, quantity: 1) == nil)
        #expect(ButtonOrderValidator.lineItemTotals(total: nil, amount: Int64.max, quantity: 2) == nil)
        #expect(ButtonOrderValidator.lineItemTotals(total: nil, amount: 9_007_199_254_740_991, quantity: 2) == nil)
    }

    @Test("The JSON form of the helper reads items the way the validator does")
    func lineItemArithmeticFromJSON() throws {
        func totals(_ text: String) throws -> (total: Int64, amount: Int64)? {
            ButtonOrderValidator.lineItemTotals(of: try JSONValue.parse(text))
        }
        #expect(try totals(#"{"identifier":"a","total":1000,"quantity":3}"#)! == (1000, 333))
        #expect(try totals(#"{"identifier":"b","total":1001,"quantity":2}"#)! == (1001, 501))
        #expect(try totals(#"{"identifier":"c","amount":250,"quantity":4}"#)! == (1000, 250))
        #expect(try totals(#"{"identifier":"d","total":2000,"amount":1,"quantity":1}"#)! == (2000, 2000))
        #expect(try totals(#"{"identifier":"e","total":2000,"amount":"junk","quantity":null}"#)! == (2000, 2000))
        #expect(try totals(#"{"identifier":"f","amount":5e1}"#)! == (50, 50))
        #expect(try totals(#"{"identifier":"g","total":10,"quantity":0}"#) == nil)
        #expect(try totals(#"{"identifier":"h","total":1.5}"#) == nil)
        #expect(try totals(#"{"identifier":"i"}"#) == nil)
        #expect(try totals("[1]") == nil)
    }
}
