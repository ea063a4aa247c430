import CommerceCore
import CommerceTesting
import Foundation
import Testing

@testable import RezolveSDK

@Suite("Error envelopes (§3.4, §6.9)")
struct ErrorDecodingTests {
    @Test func maskedForbidden() {
        let error = RezolveError.fromResponse(
            status: 403,
            body: Data(#"{"errors":[{"type":"Authentication","code":"1","message":"Access is denied."}]}"#.utf8))
        #expect(
            error == .authentication(RezolveAPIError(type: "Authentication", code: "1", message: "Access is denied.")))
        #expect(error.statusCode == 403)
    }

    @Test func flatExpiredTokenBody() {
        let error = RezolveError.fromResponse(
            status: 401,
            body: Data(
                #"{"type":"Expired Token","code":"8","message":"Your token has expired, refresh your token and try again."}"#
                    .utf8))
        guard case .expiredToken(let entry) = error else {
            Issue.record("got \(error)")
            return
        }
        #expect(entry.message == "Your token has expired, refresh your token and try again.")
        #expect(
            ErrorEnvelope.isExpiredToken(
                status: 401, body: Data(#"{"type":"Expired Token","code":"8","message":""}"#.utf8)))
    }

    @Test func numericCode() {
        let error = RezolveError.fromResponse(
            status: 404, body: Data(#"{"errors":[{"type":"Not Found","code":4,"message":"Order not found"}]}"#.utf8))
        guard case .notFound(let entry) = error else {
            Issue.record("got \(error)")
            return
        }
        #expect(entry.message == "Order not found")
    }

    @Test func reasonIsKept() {
        let body =
            #"{"errors":[{"type":"Not Found","reason":{"message":"Product with the given ID not found","code":"rce_product_not_found"},"message":"Requested entity doesn't exist","code":"4"}]}"#
        guard case .notFound(let entry) = RezolveError.fromResponse(status: 404, body: Data(body.utf8)) else {
            Issue.record("not .notFound")
            return
        }
        #expect(entry.reason?.code == "rce_product_not_found")
    }

    @Test func emptyServiceUnavailable() {
        guard case .serviceUnavailable = RezolveError.fromResponse(status: 503, body: Data()) else {
            Issue.record("not .serviceUnavailable")
            return
        }
    }

    @Test func htmlBadGatewayIsPlainHTTP() {
        #expect(
            RezolveError.fromResponse(status: 502, body: Data("<html>bad gateway</html>".utf8))
                == .http(status: 502, errors: []))
    }

    @Test(arguments: [("1", 403), ("2", 400), ("3", 400), ("4", 404), ("5", 400), ("6", 400), ("7", 503), ("8", 401)])
    func everyCodeHasItsCase(code: String, status: Int) {
        let error = RezolveError.fromResponse(
            status: 418, body: Data(#"{"errors":[{"type":"T","code":"\#(code)","message":"m"}]}"#.utf8))
        #expect(error.statusCode == status)
        #expect(error.apiError?.code == code)
    }

    @Test func aServerErrorReachesTheCallerWithItsMessage() async throws {
        let transport = Fixture.transport { _ in
            .json(
                400,
                #"{"errors":[{"type":"Bad Request","code":"3","message":"Validation error: [Expected value to have a minimum length of 1 but was 0. - #/name, Expected value to have a minimum length of 4 but was 0. - #/phone]"}]}"#
            )
        }
        let session = try await Fixture.session(transport)
        do {
            _ = try await session.phonebookManager.create(Phone(name: "", phone: ""))
            Issue.record("expected an error")
        } catch {
            guard case .missingParameters(let entry) = error else {
                Issue.record("got \(error)")
                return
            }
            #expect(entry.message.hasPrefix("Validation error: [Expected value to have a minimum length of 1"))
        }
        #expect(transport.requests.last?.bodyText == #"{"name":"","phone":""}"#)
    }

    @Test func malformedSuccessBodiesAreTypedDecodingErrors() async throws {
        let transport = Fixture.transport { _ in .json(200, #"[{"id":"c1","merchant_id":"12","products":[{"qty":1}]}]"#)
        }
        let session = try await Fixture.session(transport)
        do {
            _ = try await session.cartManager.getCarts()
            Issue.record("expected .decoding")
        } catch {
            guard case .decoding = error else {
                Issue.record("got \(error)")
                return
            }
        }
    }
}
