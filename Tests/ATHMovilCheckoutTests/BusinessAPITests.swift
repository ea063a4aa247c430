import CommerceCore
import CommerceTesting
import Foundation
import Testing

@testable import ATHMovilCheckout

/// §2.9: the merchant-server client.
@Suite("Business API")
struct BusinessAPITests {
    static let sandbox = ATHMEnvironment.sandbox(baseURL: URL(string: "http://sandbox.test")!)
    static let found = HTTPResponse.json(
        200,
        #"{"status":"success","data":{"ecommerceStatus":"COMPLETED","ecommerceId":"e1","referenceNumber":"r1","transactionDate":"2023-05-23 14:06:54","dailyTransactionId":"0013","businessName":"Shop","subTotal":0,"tax":0,"total":1.01,"fee":0.06,"netAmount":0.95,"totalRefundedAmount":0,"metadata1":"m","metadata2":"","items":[{"name":"A","description":"d","quantity":1,"price":1.01,"tax":0,"metadata":"","formattedPrice":"","sku":""}],"isNonProfit":false}}"#
    )

    @Test("findPayment reads the transaction, amounts exactly")
    func find() async throws {
        let transport = InMemoryTransport(responses: [Self.found])
        let api = ATHMBusinessAPI(environment: Self.sandbox, transport: transport)
        let transaction = try await api.findPayment(ecommerceId: "e1", publicToken: "pub")
        #expect(transaction.ecommerceStatus == .completed)
        #expect(transaction.fee == Decimal(string: "0.06"))
        #expect(transaction.netAmount == Decimal(string: "0.95"))
        #expect(transaction.dailyTransactionId == "0013")
        #expect(transaction.items.first?.description == "d")
        let request = try #require(transport.requests.first)
        #expect(
            request.url.absoluteString == "http://sandbox.test/api/business-transaction/ecommerce/business/findPayment")
        #expect(try JSONValue.parse(request.body ?? Data()) == ["ecommerceId": "e1", "publicToken": "pub"])
    }

    @Test("findPayment retries twice on 5xx with the documented waits, then gives up")
    func findRetries() async throws {
        let clock = TestClock()
        let transport = InMemoryTransport(responses: [HTTPResponse(statusCode: 503)])
        let api = ATHMBusinessAPI(
            environment: Self.sandbox, transport: transport, sleep: clock.sleep, random: { 1 })
        do {
            _ = try await api.findPayment(ecommerceId: "e1", publicToken: "pub")
            Issue.record("expected an error")
        } catch {
            #expect(error.code == .server(errorcode: nil))
            #expect(error.httpStatus == 503)
        }
        #expect(transport.requests.count == 3)
        #expect(clock.sleeps == [.milliseconds(750), .milliseconds(1250)])
    }

    @Test("unknown statuses are kept")
    func unknownStatus() async throws {
        let transport = InMemoryTransport(responses: [
            .json(200, #"{"status":"success","data":{"ecommerceStatus":"PENDING"}}"#)
        ])
        let transaction = try await ATHMBusinessAPI(environment: Self.sandbox, transport: transport)
            .findPayment(ecommerceId: "e", publicToken: "p")
        #expect(transaction.ecommerceStatus == .unknown("PENDING"))
    }

    @Test("cancelPayment sends the id and token and returns the service's confirmation")
    func cancelConfirmed() async throws {
        let transport = InMemoryTransport(responses: [.json(200, #"{"status":"success","data":"Payment Cancelled."}"#)])
        let api = ATHMBusinessAPI(environment: Self.sandbox, transport: transport)
        let confirmation = try await api.cancelPayment(ecommerceId: "e1", publicToken: "pub")
        #expect(confirmation == "Payment Cancelled.")
        let request = try #require(transport.requests.first)
        #expect(request.url.absoluteString == "http://sandbox.test/api/business-transaction/ecommerce/business/cancel")
        #expect(try JSONValue.parse(request.body ?? Data()) == ["ecommerceId": "e1", "publicToken": "pub"])
    }

    @Test(
        "cancelPayment: the service's refusal is thrown with its code, and a success without text is a decoding error")
    func cancelRefusedOrUnreadable() async throws {
        let refused = InMemoryTransport(responses: [
            .json(
                400,
                #"{"status":"error","message":"The e-commerce transaction has not the expected status","errorcode":"BTRA_0035","data":null}"#
            )
        ])
        do {
            try await ATHMBusinessAPI(environment: Self.sandbox, transport: refused).cancelPayment(
                ecommerceId: "e", publicToken: "p")
            Issue.record("expected BTRA_0035")
        } catch {
            #expect(error.code == .server(errorcode: "BTRA_0035"))
            #expect(error.serverMessage == "The e-commerce transaction has not the expected status")
            #expect(error.httpStatus == 400)
        }
        let odd = InMemoryTransport(responses: [.json(200, #"{"status":"success","data":{"cancelled":true}}"#)])
        do {
            try await ATHMBusinessAPI(environment: Self.sandbox, transport: odd).cancelPayment(
                ecommerceId: "e", publicToken: "p")
            Issue.record("expected a decoding error")
        } catch {
            #expect(error.code == .decoding)
        }
    }

    @Test("cancel and refund are sent once, even after a 500")
    func notRetried() async throws {
        let transport = InMemoryTransport(responses: [HTTPResponse(statusCode: 500)])
        let api = ATHMBusinessAPI(environment: Self.sandbox, transport: transport, sleep: { _ in })
        await #expect(throws: ATHMPaymentError.self) { try await api.cancelPayment(ecommerceId: "e", publicToken: "p") }
        await #expect(throws: ATHMPaymentError.self) {
            try await api.refund(publicToken: "p", privateToken: "s", referenceNumber: "r", amount: 5, message: nil)
        }
        #expect(transport.requests.count == 2)
    }

    @Test("refund sends the amount as two-decimal text and reads both transactions")
    func refund() async throws {
        let transport = InMemoryTransport(responses: [
            .json(
                200,
                #"{"status":"success","data":{"refund":{"transactionType":"REFUND","status":"COMPLETED","refundedAmount":5,"dailyTransactionID":"0002","referenceNumber":"r2","date":"1706724307000"},"originalTransaction":{"transactionType":"PAYMENT","total":20,"totalRefundedAmount":5,"fee":0.5,"netAmount":19.5}}}"#
            )
        ])
        let result = try await ATHMBusinessAPI(environment: Self.sandbox, transport: transport)
            .refund(publicToken: "p", privateToken: "s", referenceNumber: "r1", amount: 5, message: "size")
        #expect(result.refund.status == "COMPLETED")
        #expect(result.refund.refundedAmount == 5)
        #expect(result.originalTransaction.totalRefundedAmount == 5)
        let body = try JSONValue.parse(transport.requests.first?.body ?? Data())
        #expect(body["amount"] == "5.00")
        #expect(body["message"] == "size")
    }

    @Test("server errors carry the errorcode and message")
    func serverError() async {
        let transport = InMemoryTransport(responses: [
            .json(
                401, #"{"status":"error","message":"Invalid authorization token","errorcode":"BTRA_0017","data":null}"#)
        ])
        do {
            _ = try await ATHMBusinessAPI(environment: Self.sandbox, transport: transport)
                .refund(publicToken: "p", privateToken: "bad", referenceNumber: "r", amount: 1, message: nil)
        } catch {
            #expect(error.code == .server(errorcode: "BTRA_0017"))
            #expect(error.serverMessage == "Invalid authorization token")
            #expect(error.httpStatus == 401)
        }
    }
}
