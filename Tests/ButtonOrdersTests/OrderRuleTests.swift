import CommerceCore
import CommerceTestSupport
import Testing

@testable import ButtonOrders

@Suite("Validation: order fields O1–O16 and S5 (§4.2, §4.1)")
struct OrderRuleTests {
    @Test(
        "Each vector yields exactly its expected failures, in order (shared vectors)",
        arguments: ButtonOrderVectors.group("order"))
    func vector(_ vector: ButtonOrderVector) {
        #expect(vector.failures == vector.expected)
        #expect(vector.validator.firstFailure(in: vector.body)?.field == vector.expected.first?.field)
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
}
