import CommerceCore
import Foundation
import Testing

@testable import ATHMovilCheckout

/// §4.1 "first failing rule wins, in this order": a request that breaks two rules is reported with the
/// earlier rule's message, whichever field or item the later problem sits in.
@Suite("Validation rule order")
struct ValidationOrderTests {
    /// Builds a payment with total 20 and lets `change` break it.
    private static func payment(_ change: @escaping @Sendable (ATHMPayment) -> Void) -> @Sendable () -> ATHMPayment {
        {
            let p = ATHMPayment(total: 20)
            change(p)
            return p
        }
    }

    private static let long = String(repeating: "x", count: 41)

    static let pairs: [ValidationCase] = [
        ValidationCase("1 token before 2 scheme", token: " ", scheme: " ", message: "The business's token is required"),
        ValidationCase("2 scheme before 3 total", scheme: "", message: "The url scheme is required") {
            ATHMPayment(total: 0.5)
        },
        ValidationCase("3 total before 4 subtotal", message: "Total data type value is invalid") {
            let p = ATHMPayment(total: 0.5)
            p.subtotal = -1
            return p
        },
        ValidationCase(
            "4 subtotal before 5 tax", message: "Subtotal data type value is invalid",
            build: payment {
                $0.subtotal = -1
                $0.tax = -1
            }),
        ValidationCase(
            "5 tax before 6 metadata1", message: "Tax data type value is invalid",
            build: payment {
                $0.tax = -1
                $0.metadata1 = long
            }),
        ValidationCase(
            "6 metadata1 before 7 metadata2", message: "Metadata1 can not be greater than 40 characters",
            build: payment {
                $0.metadata1 = long
                $0.metadata2 = long
            }),
        ValidationCase(
            "7 metadata2 before 8 item price", message: "Metadata2 can not be greater than 40 characters",
            build: payment {
                $0.metadata2 = long
                $0.items = [ATHMPaymentItem(name: "A", price: 0.5, quantity: 1)]
            }),
        ValidationCase(
            "8 item price before 9 quantity, same item", message: "Item's price data type value is invalid",
            build: payment { $0.items = [ATHMPaymentItem(name: "A", price: 0.5, quantity: 0)] }),
        // The rules run over all items in turn, so a later item's price beats an earlier item's quantity.
        ValidationCase(
            "8 item price of the second item before 9 quantity of the first",
            message: "Item's price data type value is invalid",
            build: payment {
                $0.items = [
                    ATHMPaymentItem(name: "A", price: 2, quantity: 0),
                    ATHMPaymentItem(name: "B", price: 0.5, quantity: 1),
                ]
            }),
        ValidationCase(
            "9 quantity before 10 item name", message: "Item's quantity data type value is invalid",
            build: payment { $0.items = [ATHMPaymentItem(name: " ", price: 2, quantity: 0)] }),
        ValidationCase(
            "9 quantity of the second item before 10 name of the first",
            message: "Item's quantity data type value is invalid",
            build: payment {
                $0.items = [
                    ATHMPaymentItem(name: "", price: 2, quantity: 1),
                    ATHMPaymentItem(name: "B", price: 2, quantity: -3),
                ]
            }),
        ValidationCase(
            "10 item name before 11 timeout", timeout: 59, message: "Item's name value is required",
            build: payment { $0.items = [ATHMPaymentItem(name: "\t", price: 2, quantity: 1)] }),
        ValidationCase("3 total before 11 timeout", timeout: 601, message: "Total data type value is invalid") {
            ATHMPayment(total: 0)
        },
        ValidationCase(
            "11 timeout before 12 unencodable subtotal", timeout: 30, message: "Timeout data type value is invalid",
            build: payment { $0.subtotal = NSNumber(value: Double.infinity) }),
        ValidationCase(
            "every rule broken: 1 wins", token: "", scheme: "", timeout: .nan,
            message: "The business's token is required"
        ) {
            let p = ATHMPayment(total: NSNumber(value: Double.nan))
            p.subtotal = NSNumber(value: Double.nan)
            p.tax = -1
            p.metadata1 = long
            p.metadata2 = long
            p.items = [ATHMPaymentItem(name: "", price: 0, quantity: 0)]
            return p
        },
    ]

    @Test("the earlier rule's message is reported and nothing is sent", arguments: pairs)
    func earlierRuleWins(_ pair: ValidationCase) async throws {
        let rig = TestRig { _ in Fixtures.registered() }
        let request = rig.secure(pair.build(), token: pair.token, scheme: pair.scheme)
        request.timeout = pair.timeout
        let probe = HandlerProbe()
        request.pay(handler: probe.handler)
        let error = try #require(await probe.next()?.error)
        #expect(error.failureReason == pair.message)
        #expect(error.isRequestError)
        #expect(rig.transport.requests.isEmpty)
        #expect(rig.opener.openedURLs.isEmpty)
    }

    @Test("the legacy request reports the same earlier rule", arguments: pairs)
    func legacyEarlierRuleWins(_ pair: ValidationCase) async throws {
        let rig = TestRig()
        let request = rig.legacy(pair.build(), token: pair.token, scheme: pair.scheme)
        request.timeout = pair.timeout
        do {
            _ = try await request.pay()
            Issue.record("expected an exception")
        } catch {
            #expect(error.failureReason == pair.message)
        }
        #expect(rig.opener.openedURLs.isEmpty)
    }
}
