import CommerceCore
import Foundation
import PaytronixPush
import Testing

@Suite("Paytronix journeys J3, J4: bad input and token expiry", .serialized)
struct PaytronixFailureJourneyTests {
    typealias J = PaytronixJourney

    /// J3 step 1: each broken upload is refused with the spec's error (§6.5) and leaves no package behind.
    @Test func j3BadPushPackagesAreRefusedAndNothingIsStored() async throws {
        try await SandboxHarness.with { h in
            let cases: [(file: String, password: String, code: String, message: String)] = [
                ("dev-aes.p12", "", "push.password_required", "The package password must not be empty"),
                (
                    "dev-chain.p12", "sandbox-pass", "push.certificate_count",
                    "Expected exactly one certificate (no chain), found 2"
                ),
                ("dev-nokey.p12", "sandbox-pass", "push.key_count", "Expected exactly one private key, found 0"),
                (
                    "dev-aes.p12", "wrong", "push.wrong_password",
                    "The password does not open this PKCS#12 file (MAC check failed)"
                ),
            ]
            for upload in cases {
                let reply = try await J.uploadReply(h, upload.file, password: upload.password)
                #expect(reply.status == 400, "\(upload.file) / \(upload.password)")
                #expect(reply.body["result"] == "failure")
                #expect(reply.body["errorCode"] == .string(upload.code), "\(upload.file) / \(upload.password)")
                #expect(reply.body["errorMessage"] == .string(upload.message), "\(upload.file) / \(upload.password)")
            }
            let listed = try await h.call(
                .get,
                "/sandbox/paytronix/push-packages?merchantId=777777&appIdentifier=\(J.appIdentifier)&includeHistory=true"
            )
            #expect(listed.status == 200)
            #expect(listed.body["packages"] == [])
            // And so a push has no certificate to go out with.
            let guest = try await h.call(
                .post, "/sandbox/paytronix/guests",
                json: ["merchantId": 777777, "username": "sam", "password": "secret-1"])
            let send = try await J.send(h, card: guest.body["printedCardNumber"]?.stringValue)
            #expect(send.status == 409 && send.body["errorCode"] == "push.no_certificate")
        }
    }

    @Test func j3BadInputIsNamedPrecisely() async throws {
        try await SandboxHarness.with { h in
            let client = J.client(h)
            let wrongMerchant = PushRegistrar(
                client: client, session: GuestSession(client: client, store: PersistentStore()),
                appIdentifier: J.appIdentifier,
                integrator: "examplecompany", store: PersistentStore(),
                integrationDetail: IntegrationDetail(
                    os: "iOS", osVersion: "17.5", device: "iPhone", merchantId: 123, integrator: "examplecompany"))
            do throws(PaytronixError) {
                _ = try await wrongMerchant.registerGuest(J.janeRequest(), deviceToken: J.t1)
                Issue.record("registration with a foreign merchantId succeeded")
            } catch {
                #expect(error.errorCode == "enrollment.field_validation")
                if case .failure(_, _, let fields, let status) = error {
                    #expect(status == 400)
                    #expect(
                        fields["setAccountFields.externalAccounts[0].integrationDetail"] == [
                            "integrationDetail merchantId must equal 777777"
                        ])
                }
            }
            // No account was created: the same username registers fine now.
            let registrar = J.registrar(client, store: PersistentStore())
            let created = try await registrar.registerGuest(J.janeRequest(), deviceToken: J.t1)
            #expect(created.result == "cardCreatedSuccess")

            await #expect(
                throws: PaytronixError.failure(
                    code: "enrollment.not_unique", message: "username is already in use",
                    fieldErrors: ["setUserFields.username": ["username is already in use"]], httpStatus: 400)
            ) {
                var again = J.janeRequest()
                again.userFields.mobilePhone = "6175550111"
                _ = try await registrar.registerGuest(again, deviceToken: nil)
            }
            do throws(PaytronixError) {
                _ = try await registrar.registerGuest(J.janeRequest("other.user"), deviceToken: nil)
                Issue.record("a reused mobilePhone was accepted")
            } catch {
                #expect(error.errorCode == "enrollment.not_unique")
                if case .failure(_, _, let fields, _) = error {
                    #expect(fields.keys.sorted() == ["setUserFields.mobilePhone"])
                }
            }

            let badCode = ExternalAccount(
                accountCode: "zz01", integration: "sandbox-ios", integrationDetail: J.detail.description,
                appIdentifier: J.appIdentifier)
            do throws(PaytronixError) {
                try await client.editExternalAccounts(
                    .add, [badCode], printedCardNumber: created.printedCardNumber,
                    authentication: .oauth(accessToken: created.oauthTokens?.accessToken ?? ""))
                Issue.record("a non-hex accountCode was accepted")
            } catch {
                if case .failure(_, _, let fields, let status) = error {
                    #expect(status == 400 && fields["externalAccounts[0].accountCode"] != nil)
                } else {
                    Issue.record("unexpected \(error)")
                }
            }

            let wrongSecret = J.client(h, secret: "not-the-secret")
            do throws(PaytronixError) {
                _ = try await wrongSecret.requestGuestToken(.password(username: "jane.doe", password: "s3cret-pass"))
                Issue.record("a wrong client secret was accepted")
            } catch {
                #expect(
                    error
                        == .failure(
                            code: "auth.invalid_client", message: "Integration credentials are not valid",
                            fieldErrors: [:], httpStatus: 401))
            }
            await #expect(
                throws: PaytronixError.failure(
                    code: "oauth.invalid_grant", message: "Username or password is not valid",
                    fieldErrors: [:], httpStatus: 400)
            ) {
                try await registrar.loginAndRegisterDevice(
                    username: "jane.doe", password: "wrong-password", deviceToken: J.t1)
            }

            let big = try await J.send(h, card: created.printedCardNumber, message: String(repeating: "x", count: 5000))
            #expect(big.status == 400 && big.body["errorCode"] == "push.payload_too_large")
        }
    }

    @Test func j4TokenExpiryRefreshAndRetry() async throws {
        try await SandboxHarness.with { h in
            try await h.call(
                .post, "/sandbox/paytronix/clock", json: ["now": .string(ISO8601.format(Date())), "frozen": true])
            try await h.call(
                .post, "/sandbox/paytronix/guests",
                json: ["merchantId": 777777, "username": "sam", "password": "secret-1"])
            let store = PersistentStore()
            let client = J.client(h)
            let registrar = J.registrar(client, store: store)
            try await registrar.session.login(username: "sam", password: "secret-1")
            let firstToken = try await registrar.session.accessToken()

            // Reactive: the server's clock moved, ours did not.
            try await h.call(.post, "/sandbox/paytronix/clock/advance", json: ["seconds": 1801])
            var seen = try await J.log(h).count
            #expect(try await registrar.ensureDeviceRegistered(deviceToken: J.t1) == .added)
            let reactive = try await J.log(h).dropFirst(seen)
            #expect(
                reactive.prefix(3).map { "\($0.endpoint) \($0.status)" } == [
                    "guest/accountInformation 401", "oauth/requestGuestToken 200", "guest/accountInformation 200",
                ])
            #expect(reactive.dropFirst().first?.body["grant_type"] == "refresh_token")
            let refreshed = try await registrar.session.accessToken()
            #expect(refreshed != firstToken)
            #expect(
                try JSONValue.parse(try #require(store.data(forKey: "paytronix.session.777777")))["accessToken"]
                    == .string(refreshed))

            // Proactive: a session whose clock says fewer than 60 s remain refreshes first.
            let later = J.registrar(client, store: store, now: { Date().addingTimeInterval(1750) })
            seen = try await J.log(h).count
            #expect(try await later.ensureDeviceRegistered(deviceToken: J.t1) == .alreadyRegistered)
            let proactive = try await J.log(h).dropFirst(seen)
            #expect(
                proactive.map { "\($0.endpoint) \($0.status)" } == [
                    "oauth/requestGuestToken 200", "guest/accountInformation 200",
                ])

            // A revoked token goes through the reactive path again.
            let stale = J.registrar(client, store: store)
            try await h.call(
                .post, "/sandbox/paytronix/tokens/revoke",
                json: ["accessToken": .string(try await stale.session.accessToken())])
            seen = try await J.log(h).count
            #expect(try await stale.ensureDeviceRegistered(deviceToken: J.t1) == .alreadyRegistered)
            #expect(try await J.log(h).dropFirst(seen).map(\.status) == [401, 200, 200])

            // Injected 503s: two are absorbed by retries, three are reported.
            try await h.call(
                .post, "/sandbox/paytronix/faults",
                json: [
                    "method": "POST", "path": "/rest/*/guest/accountInformation.json", "count": 2, "mode": "before",
                    "status": 503,
                ])
            seen = try await J.log(h).count
            #expect(try await stale.ensureDeviceRegistered(deviceToken: J.t1) == .alreadyRegistered)
            #expect(try await J.log(h).dropFirst(seen).map(\.status) == [503, 503, 200])
            try await h.call(
                .post, "/sandbox/paytronix/faults",
                json: [
                    "method": "POST", "path": "/rest/*/guest/accountInformation.json", "count": 3, "mode": "before",
                    "status": 503,
                ])
            seen = try await J.log(h).count
            await #expect(
                throws: PaytronixError.failure(
                    code: "sandbox.fault", message: "Injected fault", fieldErrors: [:], httpStatus: 503)
            ) {
                try await stale.ensureDeviceRegistered(deviceToken: J.t1)
            }
            #expect(try await J.log(h).dropFirst(seen).count == 3)

            // After 91 days the refresh token is gone too.
            try await h.call(.post, "/sandbox/paytronix/clock/advance", json: ["days": 91])
            seen = try await J.log(h).count
            await #expect(throws: PaytronixError.sessionExpired) {
                try await stale.ensureDeviceRegistered(deviceToken: J.t1)
            }
            let expired = try await J.log(h).dropFirst(seen)
            #expect(
                expired.map { "\($0.endpoint) \($0.status) \($0.errorCode ?? "-")" } == [
                    "guest/accountInformation 401 oauth.invalid_token",
                    "oauth/requestGuestToken 400 oauth.invalid_grant",
                ])
            #expect(expired.last?.body["grant_type"] == "refresh_token")
            #expect(store.data(forKey: "paytronix.session.777777") == nil)
        }
    }
}
