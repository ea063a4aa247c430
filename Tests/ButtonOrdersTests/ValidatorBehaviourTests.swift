import CommerceCore
import CommerceTestSupport
import Testing

@testable import ButtonOrders

@Suite("Validation: ordering, arbitrary JSON and L3 arithmetic")
struct ValidatorBehaviourTests {
    @Test("The shared vector file loads and has a vector for every field rule and S5")
    func vectorFileCoversTheRules() throws {
        _ = try ButtonOrderVectors.file.get()
        let names = ButtonOrderVectors.orders.map(\.name)
        #expect(names.count == 164)
        let rules =
            ["S5"] + (1...16).filter { $0 != 10 && $0 != 11 }.map { "O\($0)" } + (0...4).map { "C\($0)" }
            + (0...10).filter { $0 != 2 }.map { "L\($0)" }
        for rule in rules {
            #expect(names.contains { $0.hasPrefix(rule + " ") }, "no vector for \(rule)")
        }
        #expect(ButtonOrderVectors.arithmetic.count == 12)
    }

    @Test("The seed body (comma fixed) passes every rule")
    func seedBodyPasses() {
        #expect(ButtonOrderValidator().failures(in: .object(ButtonOrderVectors.baseBody)).isEmpty)
        #expect(ButtonOrderValidator().firstFailure(in: .object(ButtonOrderVectors.baseBody)) == nil)
    }

    @Test(
        "Table order, wrong types, extreme numbers and non-object bodies (shared vectors)",
        arguments: ButtonOrderVectors.group("ordering") + ButtonOrderVectors.group("body"))
    func vector(_ vector: ButtonOrderVector) {
        #expect(vector.failures == vector.expected)
        #expect(vector.validator.firstFailure(in: vector.body)?.message == vector.expected.first?.message)
    }

    @Test("§6.4 arithmetic of a JSON line item (shared vectors)", arguments: ButtonOrderVectors.arithmetic)
    func arithmeticVector(_ vector: ButtonArithmeticVector) {
        let totals = ButtonOrderValidator.lineItemTotals(of: vector.item)
        #expect(totals?.total == vector.expected?.total)
        #expect(totals?.amount == vector.expected?.amount)
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
}
