import CommerceCore
import CommerceTestSupport
import Testing

@testable import ButtonOrders

@Suite("Validation: customer C0–C4 (§4.3)")
struct CustomerRuleTests {
    @Test(
        "Each vector yields exactly its expected failures, in order (shared vectors)",
        arguments: ButtonOrderVectors.group("customer"))
    func vector(_ vector: ButtonOrderVector) {
        #expect(vector.failures == vector.expected)
    }
}
