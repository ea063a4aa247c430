import CommerceCore
import Foundation
import Testing

@testable import CommerceSandbox

@Suite("Push send simulation (spec §4.8, §5.5)")
struct PaytronixPushSendTests {
    typealias H = PaytronixRouterHarness

    func send(_ sandbox: H, _ extra: JSONObject) async throws -> (status: Int, body: JSONValue) {
        var body: JSONObject = [
            "merchantId": 777777, "username": "sam", "appIdentifier": "com.example.pushapp",
            "environment": "development",
        ]
        for (key, value) in extra { body[key] = value }
        return try await sandbox.call(.post, "/sandbox/paytronix/push/send", json: .object(body))
    }

    @Test func oddLengthTokensAreRecordedAsBadDeviceTokens() async throws {
        let sandbox = try H()
        try await sandbox.upload("dev-aes.p12")
        let odd = "98d0f8677777dc227777770609f9131583d7777771e24d330068777777ef6cc5345"
        try await sandbox.guest(
            "sam", extra: ["externalAccounts": [H.device(odd), H.device(), H.device(app: "com.example.other")]])
        let (status, body) = try await send(sandbox, ["message": "Hi"])
        #expect(status == 200)
        let records = try #require(body["notifications"]?.arrayValue)
        #expect(records.count == 2)
        #expect(records.map { $0["status"] } == ["rejected", "accepted"])
        #expect(records.first?["reason"] == "BadDeviceToken")
        #expect(records.last?["packageSha256"] == .string(HexDigest.sha256(try H.fixture("dev-aes.p12"))))
    }

    @Test func backgroundPayloadsUseTheBackgroundPushType() async throws {
        let sandbox = try H()
        try await sandbox.upload("dev-aes.p12")
        try await sandbox.guest("sam", extra: ["externalAccounts": [H.device()]])
        let (_, body) = try await send(sandbox, ["payload": ["aps": ["content-available": 1], "orderId": "42"]])
        let headers = body["notifications"]?[0]?["apns"]?["headers"]
        #expect(headers?["apns-push-type"] == "background" && headers?["apns-priority"] == "5")
        #expect(body["notifications"]?[0]?["apns"]?["payload"]?["orderId"] == "42")
    }

    /// N1, N3 (card), N4, N5: status, code and message, in table order.
    @Test(
        arguments: [
            (["merchantId": 1] as JSONObject, 404, "guest.merchant_not_found", "Merchant 1 not found"),
            (
                ["merchantId": 1, "printedCardNumber": "9990000009999", "environment": "staging"], 404,
                "guest.merchant_not_found",
                "Merchant 1 not found"
            ),
            (
                ["username": .null, "printedCardNumber": "9990000009999"], 404, "guest.card_not_found",
                "Card 9990000009999 not found"
            ),
            // A card is checked before the environment and the app.
            (
                [
                    "username": .null, "printedCardNumber": "9990000009999", "environment": "staging",
                    "appIdentifier": "app",
                ], 404,
                "guest.card_not_found", "Card 9990000009999 not found"
            ),
            (
                ["environment": "staging"], 400, "push.invalid_environment",
                "environment must be development or production"
            ),
            (
                ["environment": "Development"], 400, "push.invalid_environment",
                "environment must be development or production"
            ),
            (["environment": .null], 400, "push.invalid_environment", "environment must be development or production"),
            (
                ["environment": "staging", "appIdentifier": "app"], 400, "push.invalid_environment",
                "environment must be development or production"
            ),
            (
                ["appIdentifier": "pushapp"], 400, "push.invalid_app_identifier",
                "appIdentifier must be a bundle identifier such as com.example.app"
            ),
            (
                ["appIdentifier": .null], 400, "push.invalid_app_identifier",
                "appIdentifier must be a bundle identifier such as com.example.app"
            ),
            (
                ["appIdentifier": "com..example"], 400, "push.invalid_app_identifier",
                "appIdentifier must be a bundle identifier such as com.example.app"
            ),
        ] as [(JSONObject, Int, String, String)])
    func sendRequestRules(change: JSONObject, status: Int, code: String, message: String) async throws {
        let sandbox = try H()
        try await sandbox.upload("dev-aes.p12")
        try await sandbox.guest("sam", extra: ["externalAccounts": [H.device()]])
        var body: JSONObject = [
            "merchantId": 777777, "username": "sam", "appIdentifier": "com.example.pushapp",
            "environment": "development", "message": "Hi",
        ]
        for (key, value) in change { body[key] = value == .null ? JSONValue?.none : value }
        let reply = try await sandbox.call(.post, "/sandbox/paytronix/push/send", json: .object(body))
        #expect(reply.status == status)
        #expect(reply.body["result"] == "failure")
        #expect(reply.body["errorCode"] == .string(code))
        #expect(reply.body["errorMessage"] == .string(message))
        // Nothing was recorded.
        #expect(try await sandbox.call(.get, "/sandbox/paytronix/push/notifications").body["notifications"] == [])
    }

    @Test func badSendRequests() async throws {
        let sandbox = try H()
        try await sandbox.guest("sam")
        let both = try await send(sandbox, ["message": "Hi", "payload": ["aps": [:]]])
        #expect(both.status == 400 && both.body["errorCode"] == "push.invalid_payload")
        let noAps = try await send(sandbox, ["payload": ["alert": "Hi"]])
        #expect(noAps.status == 400 && noAps.body["errorCode"] == "push.invalid_payload")
        let nobody = try await sandbox.call(
            .post, "/sandbox/paytronix/push/send", json: ["merchantId": 777777, "message": "Hi"])
        #expect(nobody.status == 400 && nobody.body["errorMessage"] == "printedCardNumber or username is required")
        let stranger = try await send(sandbox, ["username": "nobody", "message": "Hi"])
        #expect(stranger.status == 404 && stranger.body["errorCode"] == "guest.user_not_found")
        let noPackage = try await send(sandbox, ["message": "Hi"])
        #expect(
            noPackage.status == 409
                && noPackage.body["errorMessage"] == "No push package uploaded for com.example.pushapp (development)")
    }

    static let n6 = "Provide message or a payload object with an aps dictionary"

    /// N6: exactly one of a string `message` and a `payload` object with an `aps` dictionary.
    @Test(arguments: [
        [:] as JSONObject, ["message": 5], ["message": .null], ["message": ["Hi"]], ["message": ["alert": "Hi"]],
        ["payload": "{\"aps\":{}}"], ["payload": ["aps": "Hi"]], ["payload": ["alert": "Hi"]],
        ["payload": [["aps": [:]]]],
        ["message": "Hi", "payload": ["aps": [:]]],
    ])
    func n6InvalidPayload(content: JSONObject) async throws {
        let sandbox = try H()
        try await sandbox.upload("dev-aes.p12")
        try await sandbox.guest("sam", extra: ["externalAccounts": [H.device()]])
        let reply = try await send(sandbox, content)
        #expect(reply.status == 400)
        #expect(
            reply.body == [
                "result": "failure", "errorCode": "push.invalid_payload", "errorMessage": .string(Self.n6),
                "errorsByField": ["payload": [.string(Self.n6)]],
            ])
        #expect(try await sandbox.call(.get, "/sandbox/paytronix/push/notifications").body["notifications"] == [])
    }

    /// N7: the compact UTF-8 JSON of the payload may be 4096 bytes, not 4097.
    @Test func n7PayloadSizeLimitIsInclusive() async throws {
        let sandbox = try H()
        try await sandbox.upload("dev-aes.p12")
        try await sandbox.guest("sam", extra: ["externalAccounts": [H.device()]])
        // {"aps":{"alert":"…"}} is 20 bytes around the text; "é" is two bytes in UTF-8.
        let wrapper = JSONValue.object(["aps": ["alert": ""]]).serializedData().count
        #expect(wrapper == 20)
        let fits = String(repeating: "é", count: 1000) + String(repeating: "x", count: 4096 - wrapper - 2000)
        let accepted = try await send(sandbox, ["message": .string(fits)])
        #expect(accepted.status == 200 && accepted.body["notifications"]?.arrayValue?.count == 1)
        let tooBig = try await send(sandbox, ["message": .string(fits + "x")])
        #expect(tooBig.status == 400)
        #expect(tooBig.body["errorCode"] == "push.payload_too_large")
        #expect(tooBig.body["errorMessage"] == "The payload is 4097 bytes; APNs accepts at most 4096")
        // A payload object is measured the same way.
        let object = try await send(
            sandbox, ["payload": ["aps": ["badge": 1], "note": .string(String(repeating: "n", count: 4096))]])
        #expect(
            object.status == 400
                && object.body["errorMessage"] == "The payload is 4125 bytes; APNs accepts at most 4096")
        #expect(
            try await sandbox.call(.get, "/sandbox/paytronix/push/notifications").body["notifications"]?.arrayValue?
                .count == 1)
    }

    /// N9: the active package's certificate expired on the sandbox clock; valid up to and including notAfter.
    @Test func n9ExpiredCertificateAtSendTime() async throws {
        let sandbox = try H()
        let uploaded = try await sandbox.upload("dev-aes.p12")
        let notAfter = try #require(uploaded.body["package"]?["certificate"]?["notAfter"]?.stringValue)
        let end = try #require(ISO8601.parse(notAfter))
        try await sandbox.guest("sam", extra: ["externalAccounts": [H.device()]])
        try await sandbox.call(.post, "/sandbox/paytronix/clock", json: ["now": .string(notAfter), "frozen": true])
        #expect(try await send(sandbox, ["message": "Hi"]).status == 200)
        try await sandbox.call(
            .post, "/sandbox/paytronix/clock",
            json: ["now": .string(ISO8601.format(end.addingTimeInterval(1))), "frozen": true])
        let expired = try await send(sandbox, ["message": "Hi"])
        #expect(expired.status == 409)
        #expect(
            expired.body == [
                "result": "failure", "errorCode": "push.certificate_expired",
                "errorMessage": .string(
                    "The push certificate for com.example.pushapp (development) expired on \(notAfter)"),
            ])
        #expect(
            try await sandbox.call(.get, "/sandbox/paytronix/push/notifications").body["notifications"]?.arrayValue?
                .count == 1)
    }
}
