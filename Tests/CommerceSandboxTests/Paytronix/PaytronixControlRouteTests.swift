import CommerceCore
import Foundation
import Testing
@testable import CommerceSandbox

@Suite("Paytronix control routes (spec §5.6)")
struct PaytronixControlRouteTests {
    typealias H = PaytronixRouterHarness

    @Test func merchantIdOutOfRangeIsAFieldErrorNotACrash() async throws {
        let sandbox = try H()
        for bad: JSONValue in [.integer(Int64.max), .integer(Int64(Int32.max) + 1), 0, -5, "12"] {
            let (status, body) = try await sandbox.call(.post, "/sandbox/paytronix/merchants",
                                                        json: ["merchantId": bad, "name": "Huge"], credentials: nil)
            #expect(status == 400)
            #expect(body["errorCode"] == "request.invalid_field")
            #expect(body["errorsByField"]?["merchantId"] != nil)
        }
        // The largest accepted id, then one without an id: generation must not overflow either.
        let top = try await sandbox.call(.post, "/sandbox/paytronix/merchants",
                                         json: ["merchantId": .integer(Int64(Int32.max)), "name": "Top"], credentials: nil)
        #expect(top.status == 200)
        let next = try await sandbox.call(.post, "/sandbox/paytronix/merchants", json: ["name": "Next"], credentials: nil)
        #expect(next.status == 409)
        #expect(next.body["errorsByField"]?["merchantId"] != nil)
    }

    @Test func generatedMerchantIdFollowsTheHighest() async throws {
        let sandbox = try H()
        let first = try await sandbox.call(.post, "/sandbox/paytronix/merchants", json: ["name": "Generated"], credentials: nil)
        #expect(first.status == 200)
        #expect(first.body["merchant"]?["merchantId"] == 777778)
    }

    @Test func unregisteredAndCardRoutesTakeOnlyASCII() async throws {
        let sandbox = try H()
        let unregistered = try await sandbox.call(.post, "/sandbox/paytronix/push/unregistered", json: [
            "appIdentifier": "com.example.pushapp", "accountCode": "\u{FF10}\u{FF11}\u{FF41}\u{FF42}"], credentials: nil)
        #expect(unregistered.status == 400)
        #expect(unregistered.body["errorsByField"]?["accountCode"] != nil)
        let cards = try await sandbox.call(.post, "/sandbox/paytronix/cards", json: [
            "merchantId": 777777, "cardTemplateCode": 0, "printedCardNumber": "\u{FF19}\u{FF19}\u{FF19}1"], credentials: nil)
        #expect(cards.status == 400)
        #expect(cards.body["errorsByField"]?["printedCardNumber"] != nil)
        let plain = try await sandbox.call(.post, "/sandbox/paytronix/push/unregistered", json: [
            "appIdentifier": "com.example.pushapp", "accountCode": "00AbCd"], credentials: nil)
        #expect(plain.status == 200)
    }
}
