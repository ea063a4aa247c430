import CommerceCore
import Foundation
import PaytronixPush
import Testing

@Suite("Paytronix journey J5: deliveries reach exactly the registered devices", .serialized)
struct PaytronixPushDeliveryJourneyTests {
    typealias J = PaytronixJourney

    @Test func j5HandOverEnvironmentsAndUndeliverableTokens() async throws {
        try await SandboxHarness.with { h in
            #expect(try await J.upload(h, "dev-aes.p12") == 200)
            let client = J.client(h)
            let anna = try await J.registrar(client, store: PersistentStore()).registerGuest(
                J.janeRequest("anna"), deviceToken: J.t1)
            try await h.call(
                .post, "/sandbox/paytronix/guests",
                json: ["merchantId": 777777, "username": "bert", "password": "secret-2"])
            let bertRegistrar = J.registrar(client, store: PersistentStore())
            #expect(
                try await bertRegistrar.loginAndRegisterDevice(
                    username: "bert", password: "secret-2", deviceToken: J.t1) == .added)
            let annaAccount = try await J.account(h, card: anna.printedCardNumber)
            #expect(annaAccount["externalAccountHistory"]?[0]?["state"] == "moved")

            let toAnna = try await J.send(h, card: anna.printedCardNumber)
            #expect(toAnna.status == 200 && toAnna.body["notifications"] == [])
            let toBert = try await J.send(h, username: "bert")
            #expect(toBert.body["notifications"]?.arrayValue?.map { $0["status"] } == ["accepted"])
            #expect(toBert.body["notifications"]?[0]?["accountCode"] == .string(J.t1Hex))

            // A second device on Bert's account gets its own record; Anna's old device nothing.
            #expect(try await bertRegistrar.deviceTokenDidChange(J.t2) == .added)
            let both = try await J.send(h, username: "bert")
            #expect(
                Set(both.body["notifications"]?.arrayValue?.compactMap { $0["accountCode"]?.stringValue } ?? [])
                    == [J.t1Hex, try PushToken.hexString(from: J.t2)])

            let production = try await J.send(h, username: "bert", environment: "production")
            #expect(production.status == 409 && production.body["errorCode"] == "push.no_certificate")
            #expect(try await J.upload(h, "prod-aes.p12", environment: "production") == 200)
            let delivered = try await J.send(h, username: "bert", environment: "production")
            #expect(delivered.body["notifications"]?[0]?["apns"]?["host"] == "api.push.apple.com")

            try await h.call(
                .post, "/sandbox/paytronix/push/unregistered",
                json: ["appIdentifier": .string(J.appIdentifier), "accountCode": .string(J.t1Hex)])
            let rejected = try await J.send(h, username: "bert")
            let record = rejected.body["notifications"]?.arrayValue?.first { $0["accountCode"] == .string(J.t1Hex) }
            #expect(record?["status"] == "rejected" && record?["reason"] == "Unregistered")

            try await h.call(.post, "/sandbox/paytronix/clock/advance", json: ["days": 3700])
            let expired = try await J.send(h, username: "bert")
            #expect(expired.status == 409 && expired.body["errorCode"] == "push.certificate_expired")
        }
    }
}
