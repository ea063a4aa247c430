import CommerceCore
import CommerceTesting
import Foundation
import Testing

@testable import ATHMovilCheckout

/// §4.1: every local rule, its exact message, and that nothing is sent when it fails.
@Suite("Validation before any network call")
struct ValidationTests {
    static let cases: [ValidationCase] = [
        ValidationCase("blank token", token: "  \n", message: "The business's token is required"),
        ValidationCase("blank scheme", scheme: " ", message: "The url scheme is required"),
        ValidationCase("total below 1", message: "Total data type value is invalid") { ATHMPayment(total: 0.99) },
        ValidationCase("total NaN", message: "Total data type value is invalid") {
            ATHMPayment(total: NSNumber(value: Double.nan))
        },
        ValidationCase("total infinite", message: "Total data type value is invalid") {
            ATHMPayment(total: NSNumber(value: Double.infinity))
        },
        ValidationCase("negative subtotal", message: "Subtotal data type value is invalid") {
            let p = ATHMPayment(total: 20)
            p.subtotal = -1
            return p
        },
        ValidationCase("subtotal NaN", message: "Subtotal data type value is invalid") {
            let p = ATHMPayment(total: 20)
            p.subtotal = NSNumber(value: Double.nan)
            return p
        },
        ValidationCase("negative tax", message: "Tax data type value is invalid") {
            let p = ATHMPayment(total: 20)
            p.tax = -0.01
            return p
        },
        ValidationCase("tax NaN", message: "Tax data type value is invalid") {
            let p = ATHMPayment(total: 20)
            p.tax = NSNumber(value: Double.nan)
            return p
        },
        ValidationCase("metadata1 of 41", message: "Metadata1 can not be greater than 40 characters") {
            let p = ATHMPayment(total: 20)
            p.metadata1 = String(repeating: "a", count: 41)
            return p
        },
        ValidationCase("metadata2 of 41", message: "Metadata2 can not be greater than 40 characters") {
            let p = ATHMPayment(total: 20)
            p.metadata2 = String(repeating: "é", count: 41)
            return p
        },
        ValidationCase("item price below 1", message: "Item's price data type value is invalid") {
            let p = ATHMPayment(total: 20)
            p.items = [ATHMPaymentItem(name: "A", price: 0.5, quantity: 1)]
            return p
        },
        ValidationCase("item price NaN", message: "Item's price data type value is invalid") {
            let p = ATHMPayment(total: 20)
            p.items = [ATHMPaymentItem(name: "A", price: NSNumber(value: Double.nan), quantity: 1)]
            return p
        },
        ValidationCase("item price infinite", message: "Item's price data type value is invalid") {
            let p = ATHMPayment(total: 20)
            p.items = [ATHMPaymentItem(name: "A", price: NSNumber(value: Double.infinity), quantity: 1)]
            return p
        },
        ValidationCase("item quantity 0", message: "Item's quantity data type value is invalid") {
            let p = ATHMPayment(total: 20)
            p.items = [ATHMPaymentItem(name: "A", price: 2, quantity: 0)]
            return p
        },
        ValidationCase("blank item name", message: "Item's name value is required") {
            let p = ATHMPayment(total: 20)
            p.items = [ATHMPaymentItem(name: "  ", price: 2, quantity: 1)]
            return p
        },
        ValidationCase("timeout 59.9", timeout: 59.9, message: "Timeout data type value is invalid"),
        ValidationCase("timeout 600.5", timeout: 600.5, message: "Timeout data type value is invalid"),
        ValidationCase("timeout NaN", timeout: .nan, message: "Timeout data type value is invalid"),
        ValidationCase(
            "infinite subtotal cannot be written as JSON", message: "The request containts invalid characters"
        ) {
            let p = ATHMPayment(total: 20)
            p.subtotal = NSNumber(value: Double.infinity)
            return p
        },
    ]

    @Test("the handler's onException gets the exact message and no request is sent", arguments: cases)
    func handlerReceivesMessage(_ testCase: ValidationCase) async throws {
        let rig = TestRig { _ in Fixtures.registered() }
        let request = rig.secure(testCase.build(), token: testCase.token, scheme: testCase.scheme)
        request.timeout = testCase.timeout
        let probe = HandlerProbe()
        request.pay(handler: probe.handler)
        let event = try #require(await probe.next())
        let error = try #require(event.error)
        #expect(error.failureReason == testCase.message)
        #expect(error.isRequestError)
        #expect(error.errorDescription == "Error in request")
        #expect(rig.transport.requests.isEmpty)
        #expect(rig.opener.openedURLs.isEmpty)
        #expect(probe.mainThreadChecks.current == [true])
    }

    @Test("the first broken rule wins: token before total")
    func firstRuleWins() async {
        let rig = TestRig()
        await #expect(throws: ATHMPaymentError.self) { try await rig.secure(0.5, token: "").pay() }
        do {
            _ = try await rig.secure(0.5, token: "").pay()
        } catch {
            #expect(error.code == .missingToken)
        }
    }

    @Test("timeouts 60 and 600 are accepted", arguments: [60.0, 600.0])
    func timeoutBounds(_ timeout: Double) async throws {
        let rig = TestRig { _ in Fixtures.registered() }
        let request = rig.secure(20)
        request.timeout = timeout
        let task = Task { try await request.pay() }
        _ = await rig.opener.openedURL()
        #expect(rig.paths == ["/api/business-transaction/ecommerce/payment"])
        task.cancel()
        await #expect(throws: ATHMPaymentError.self) { try await task.value }
    }

    @Test("the legacy request applies the same rules")
    func legacyValidates() async {
        let rig = TestRig()
        let payment = ATHMPayment(total: 20)
        payment.items = [ATHMPaymentItem(name: "Shirt", price: 10, quantity: -1)]
        do {
            _ = try await rig.legacy(payment).pay()
            Issue.record("expected an exception")
        } catch {
            #expect(error.failureReason == "Item's quantity data type value is invalid")
        }
        #expect(rig.opener.openedURLs.isEmpty)
    }

    @Test("an opener that fails gives URL is invalid, not a request error")
    func openerFailure() async {
        let rig = TestRig(openerResult: false) { _ in Fixtures.registered() }
        do {
            _ = try await rig.secure(20).pay()
            Issue.record("expected an exception")
        } catch {
            #expect(error.failureReason == "URL is invalid")
            #expect(!error.isRequestError)
            #expect(error.errorDescription == "Error in response")
        }
        #expect(!rig.session.hasPendingPayment)
    }

    @Test("a server error on /payment gives the generic message with the server's code")
    func serverError() async {
        let rig = TestRig { _ in
            .json(400, #"{"status":"error","message":"Business is not active","errorcode":"BTRA_0009","data":null}"#)
        }
        do {
            _ = try await rig.secure(20).pay()
            Issue.record("expected an exception")
        } catch {
            #expect(error.failureReason == "Sorry for the inconvenience. Please try again later.")
            #expect(error.code == .server(errorcode: "BTRA_0009"))
            #expect(!error.isRequestError)
        }
        #expect(rig.opener.openedURLs.isEmpty)
        #expect(rig.tokens.read() == nil)
    }

    @Test("/payment is never retried, even after a 500")
    func paymentNotRetried() async {
        let rig = TestRig { _ in
            .json(500, #"{"status":"error","message":"Internal Error","errorcode":"BTRA_9999","data":null}"#)
        }
        await #expect(throws: ATHMPaymentError.self) { try await rig.secure(20).pay() }
        #expect(rig.transport.requests.count == 1)
    }
}
