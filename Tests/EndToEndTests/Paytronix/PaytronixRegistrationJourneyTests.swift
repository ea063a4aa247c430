import CommerceCore
import CommerceSandbox
import Foundation
import PaytronixPush
import Testing

@Suite("Paytronix journeys J1, J2, J6: register and log in with push", .serialized)
struct PaytronixRegistrationJourneyTests {
    typealias J = PaytronixJourney

    @Test func j1RegistrationDeliversPushes() async throws {
        try await SandboxHarness.with { h in
            #expect(try await J.upload(h, "dev-aes.p12") == 200)
            let store = PersistentStore()
            let registrar = J.registrar(J.client(h), store: store)
            let result = try await registrar.registerGuest(J.janeRequest(), deviceToken: J.t1)
            #expect(result.result == "cardCreatedSuccess")
            #expect(await registrar.session.isLoggedIn)
            #expect(store.data(forKey: "paytronix.session.777777") != nil)
            let account = try await J.account(h, card: result.printedCardNumber)
            #expect(
                account["fields"]?["externalAccounts"] == [
                    [
                        "appIdentifier": "com.example.pushapp", "accountCode": .string(J.t1Hex),
                        "integrationDetail":
                            "os=iOS|osversion=17.5|device=iPhone|merchantId=777777|integrator=examplecompany|version=12.0",
                        "integration": "sandbox-ios",
                    ]
                ])

            let sent = try await J.send(h, card: result.printedCardNumber, message: "Double points today")
            #expect(sent.status == 200)
            let notifications = try #require(sent.body["notifications"]?.arrayValue)
            #expect(notifications.count == 1)
            let apns = try #require(notifications.first?["apns"])
            #expect(notifications.first?["status"] == "accepted")
            #expect(apns["host"] == "api.sandbox.push.apple.com")
            #expect(apns["path"] == .string("/3/device/\(J.t1Hex)"))
            #expect(apns["headers"]?["apns-topic"] == "com.example.pushapp")
            #expect(apns["headers"]?["apns-push-type"] == "alert" && apns["headers"]?["apns-priority"] == "10")
            #expect(apns["payload"] == ["aps": ["alert": "Double points today"]])

            let listed = try await h.call(.get, "/sandbox/paytronix/push/notifications?accountCode=\(J.t1Hex)").body
            #expect(listed["notifications"]?[0]?["notificationId"] == notifications.first?["notificationId"])
            let production = try await J.send(h, card: result.printedCardNumber, environment: "production")
            #expect(production.status == 409 && production.body["errorCode"] == "push.no_certificate")
        }
    }

    @Test func j2LoginFlowAddsTheDeviceOnce() async throws {
        try await SandboxHarness.with { h in
            let guest = try await h.call(
                .post, "/sandbox/paytronix/guests",
                json: ["merchantId": 777777, "username": "sam", "password": "secret-1"]
            ).body
            let card = try #require(guest["printedCardNumber"]?.stringValue)
            let store = PersistentStore()
            let client = J.client(h)
            #expect(
                try await J.registrar(client, store: store).loginAndRegisterDevice(
                    username: "sam", password: "secret-1", deviceToken: J.t1) == .added)
            let first = try await J.log(h)
            #expect(
                first.map(\.endpoint) == [
                    "oauth/requestGuestToken", "guest/accountInformation", "enrollment/editExternalAccounts",
                ])
            #expect(first.last?.body["operation"] == "add")

            // An app restart: new session and registrar over the same store.
            let restarted = J.registrar(client, store: store)
            #expect(
                try await restarted.loginAndRegisterDevice(username: "sam", password: "secret-1", deviceToken: J.t1)
                    == .alreadyRegistered)
            let second = try await J.log(h).dropFirst(first.count)
            #expect(second.map(\.endpoint) == ["oauth/requestGuestToken", "guest/accountInformation"])

            #expect(try await restarted.deviceTokenDidChange(J.t2) == .added)
            let information = try await client.accountInformation(
                printedCardNumber: card,
                authentication: .card(
                    printedCardNumber: card, registrationCode: guest["registrationCode"]?.stringValue ?? ""))
            #expect(
                information.fields.externalAccounts.map(\.accountCode) == [
                    J.t1Hex, try PushToken.hexString(from: J.t2),
                ])
        }
    }

    @Test func j6LostRegistrationResponseIsRecoveredByLoggingIn() async throws {
        try await SandboxHarness.with { h in
            try await h.call(
                .post, "/sandbox/paytronix/faults",
                json: [
                    "method": "POST", "path": "/rest/*/enrollment/createAndRegister.json", "count": 1, "mode": "after",
                    "delay_ms": 1500,
                ])
            let store = PersistentStore()
            let registrar = J.registrar(J.client(h, timeout: .milliseconds(400)), store: store)
            let t3 = Data(64...95)
            await #expect {
                try await registrar.registerGuest(J.janeRequest("jane2"), deviceToken: t3)
            } throws: { error in
                if case .transport = error as? PaytronixError { return true }
                return false
            }
            // The server finishes its delayed reply before the log shows it.
            try await h.recorded {
                $0.service == "paytronix" && $0.path.hasSuffix("/enrollment/createAndRegister.json")
            }
            let attempts = try await J.log(h).map(\.endpoint).filter { $0 == "enrollment/createAndRegister" }
            #expect(attempts.count == 1)
            let outcome = try await J.registrar(J.client(h), store: store).loginAndRegisterDevice(
                username: "jane2", password: "s3cret-pass", deviceToken: t3)
            #expect(outcome == .alreadyRegistered)

            // Exactly one account exists for jane2: the device leads to one card, that card's user is jane2, and
            // the next card the sandbox issues is the second of the merchant's sequence (nothing else was created).
            var server = PaytronixConfiguration(
                baseURL: h.baseURL, merchantId: 777777, clientId: "sandbox-server",
                clientSecret: "sandbox-server-secret")
            server.timeout = .seconds(10)
            let b2b = PaytronixB2BClient(
                client: PaytronixClient(configuration: server), username: "sandbox-b2b",
                password: "sandbox-b2b-password")
            let cards = try await b2b.cardsForExternalAccount(
                accountCode: t3.map { String(format: "%02x", $0) }.joined())
            #expect(cards.additionalCards.isEmpty)
            let card = try #require(cards.primaryCard?.printedCardNumber)
            let account = try await J.account(h, card: card)
            #expect(account["user"]?["username"] == "jane2")
            let probe = try await h.call(
                .post, "/sandbox/paytronix/cards", json: ["merchantId": 777777, "cardTemplateCode": 0]
            ).body
            #expect(probe["cards"]?[0]?["printedCardNumber"] == "9990000000002")
        }
    }
}
