import CommerceCore
import CommerceSandbox
import Foundation
import PaytronixPush
import PaytronixSandbox
import Testing

extension ReadmeQuickStartTests {
    /// The README's Paytronix quick start, exactly as printed there. Checked against README.md below so the
    /// copy run here cannot drift from the text readers paste.
    static let paytronixSnippet = """
        import CommerceCore
        import PaytronixPush

        let client = PaytronixClient(configuration: PaytronixConfiguration(
            baseURL: URL(string: "http://127.0.0.1:8080")!, merchantId: 777777,
            clientId: "sandbox-ios", clientSecret: "sandbox-ios-secret"))
        let store = PersistentStore.standard(namespace: "paytronix-push")
        let registrar = PushRegistrar(client: client, session: GuestSession(client: client, store: store),
                                      appIdentifier: "com.example.pushapp", integrator: "examplecompany", store: store)
        // apnsToken: the Data from application(_:didRegisterForRemoteNotificationsWithDeviceToken:).
        // Sign-up: creates the guest, the card and the device's external account in one call, and logs in.
        let signUp = try await registrar.registerGuest(
            CreateAndRegisterRequest(cardTemplateCode: 0, userFields: UserFields(username: "jane.doe", password: "s3cret-pass")),
            deviceToken: apnsToken)
        print(signUp.result, signUp.printedCardNumber)        // cardCreatedSuccess 9990000000001
        // Login (e.g. on a reinstall): adds the device only when the account lacks it, so it is safe to run twice.
        let outcome = try await registrar.loginAndRegisterDevice(username: "jane.doe", password: "s3cret-pass",
                                                                 deviceToken: apnsToken)
        print(outcome)                                        // alreadyRegistered
        """

    /// The README's CLI lines for a push package and a push.
    static let paytronixCLISnippet = """
        swift run commercekit paytronix push-package upload Tests/Fixtures/Paytronix/dev-aes.p12 \\
          --app-identifier com.example.pushapp --password sandbox-pass
        swift run commercekit paytronix push send --app-identifier com.example.pushapp --username jane.doe --message "Hi"
        """

    @Test func paytronixQuickStartIsPrintedInTheReadme() throws {
        let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("README.md")
        let text = try String(contentsOf: readme, encoding: .utf8)
        #expect(text.contains("```swift\n" + Self.paytronixSnippet + "\n```"))
        #expect(text.contains("```sh\n" + Self.paytronixCLISnippet + "\n```"))
    }

    /// Runs the snippet on a fresh sandbox, then what the two CLI lines send.
    @Test func paytronixQuickStart() async throws {
        try await SandboxHarness.with { sandbox async throws in
            // Not part of the snippet: the token the app would get from APNs.
            let apnsToken = Data((0..<32).map { UInt8($0) })

            // The snippet, with the in-process sandbox's URL for http://127.0.0.1:8080 and an in-memory store
            // for the standard one (which would write the session to the user's disk).
            let client = PaytronixClient(
                configuration: PaytronixConfiguration(
                    baseURL: sandbox.baseURL, merchantId: 777777,
                    clientId: "sandbox-ios", clientSecret: "sandbox-ios-secret"))
            let store = PersistentStore()
            let registrar = PushRegistrar(
                client: client, session: GuestSession(client: client, store: store),
                appIdentifier: "com.example.pushapp", integrator: "examplecompany", store: store)
            let signUp = try await registrar.registerGuest(
                CreateAndRegisterRequest(
                    cardTemplateCode: 0, userFields: UserFields(username: "jane.doe", password: "s3cret-pass")),
                deviceToken: apnsToken)
            print(signUp.result, signUp.printedCardNumber)
            let outcome = try await registrar.loginAndRegisterDevice(
                username: "jane.doe", password: "s3cret-pass",
                deviceToken: apnsToken)
            print(outcome)

            // What the comments in the snippet promise.
            #expect(signUp.result == "cardCreatedSuccess")
            #expect(signUp.printedCardNumber == "9990000000001")
            #expect(outcome == .alreadyRegistered)
            #expect("\(outcome)" == "alreadyRegistered")

            // The CLI lines: the same requests the two commands build, with their arguments.
            let control = try PaytronixControlClient(sandbox: sandbox.baseURL.absoluteString)
            let p12 = try Data(
                contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                    .deletingLastPathComponent().appendingPathComponent("Fixtures/Paytronix/dev-aes.p12"))
            let uploaded = try await control.perform(
                control.uploadRequest(
                    merchantId: 777777, appIdentifier: "com.example.pushapp", environment: "development", p12: p12,
                    password: "sandbox-pass"))
            #expect(uploaded["package"]?["state"] == "active")
            let sent = try await control.perform(
                control.sendRequest(
                    .init(
                        merchantId: 777777, recipient: .username("jane.doe"), appIdentifier: "com.example.pushapp",
                        environment: "development", content: .message("Hi"))))
            let notifications = sent["notifications"]?.arrayValue ?? []
            #expect(notifications.count == 1)
            #expect(notifications.first?["status"] == "accepted")
            #expect(
                notifications.first?["accountCode"]
                    == "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f")
        }
    }
}
