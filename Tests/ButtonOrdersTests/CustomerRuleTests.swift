import CommerceCore
import Testing

@testable import ButtonOrders

@Suite("Validation: customer C0–C4 (§4.3)")
struct CustomerRuleTests {
    @Test(
        "Each vector yields exactly its expected failures, in order (shared vectors)",
        arguments: OrderVectors.group("customer"))
    func vector(_ vector: OrderVector) {
        #expect(vector.failures == vector.expected)
    }
}
