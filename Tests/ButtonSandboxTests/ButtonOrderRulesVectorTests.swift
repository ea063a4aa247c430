import CommerceCore
import CommerceTestSupport
import Foundation
import Testing

@testable import ButtonSandbox
@testable import CommerceSandbox
@testable import SandboxCore

@Suite("Button order rules against the shared vectors (§4.2–§4.4, S5, §6.4, §6.5)")
struct ButtonOrderRulesVectorTests {
    @Test("The vector file loads and has a vector for every field rule and S5")
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

    @Test("Each vector yields exactly its expected failures, in order", arguments: ButtonOrderVectors.orders)
    func vector(_ vector: ButtonOrderVector) throws {
        guard let object = vector.body.objectValue else {
            // A body that is not an object never reaches the field rules: B3 answers it.
            let request = SandboxRequest(
                method: .post, rawPath: "/v1/order", body: Data(vector.body.serialized().utf8))
            do {
                _ = try ButtonRequest.requireObjectBody(request)
                Issue.record("\(vector.body) was taken as an object body")
            } catch {
                let failures = error.fieldErrors.map { ButtonVectorFailure(field: $0.field, message: $0.message) }
                #expect(failures == vector.expected)
            }
            return
        }
        let rules = ButtonOrderRules(updating: vector.updating, requiresPurchaseDate: vector.requiresPurchaseDate)
        let failures = rules.failures(in: object).map { ButtonVectorFailure(field: $0.field, message: $0.message) }
        #expect(failures == vector.expected)
    }

    @Test("§6.4: the stored total and amount of a line item", arguments: ButtonOrderVectors.arithmetic)
    func arithmetic(_ vector: ButtonArithmeticVector) {
        let stored = ButtonLineItemMoney.stored(vector.item)
        #expect(stored?.total == vector.expected?.total)
        #expect(stored?.amount == vector.expected?.amount)
        if let expected = vector.expected {
            // The stored form (§3.1.3) carries the same pair.
            let normalized = ButtonOrderFields.normalizeLineItem(vector.item)
            #expect(normalized["total"] == .integer(expected.total))
            #expect(normalized["amount"] == .integer(expected.amount))
        }
    }

    @Test("O16 caps line items at 1000")
    func lineItemCap() {
        func body(_ count: Int) -> JSONObject {
            var object = ButtonOrderVectors.baseBody
            object["line_items"] = .array((0..<count).map { ["identifier": .string("i\($0)"), "total": 1] })
            return object
        }
        let rules = ButtonOrderRules(updating: nil, requiresPurchaseDate: true)
        #expect(rules.failures(in: body(1000)).isEmpty)
        #expect(rules.failures(in: body(1001)).map(\.field) == ["line_items"])
    }
}
