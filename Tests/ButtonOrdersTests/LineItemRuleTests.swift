import CommerceCore
import CommerceTestSupport
import Testing

@testable import ButtonOrders

@Suite("Validation: line items L0–L10 (§4.4)")
struct LineItemRuleTests {
    @Test(
        "Each vector yields exactly its expected failures, in order (shared vectors)",
        arguments: ButtonOrderVectors.group("line_items"))
    func vector(_ vector: ButtonOrderVector) {
        #expect(vector.failures == vector.expected)
    }
}
