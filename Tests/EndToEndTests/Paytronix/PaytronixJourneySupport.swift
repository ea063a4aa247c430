import CommerceCore
import Foundation
import PaytronixPush

/// Builds PaytronixPush objects pointed at a test sandbox.
enum PaytronixJourney {
    static let appIdentifier = "com.example.pushapp"
    static let t1 = Data(0...31)
    static let t1Hex = "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f"
    static let t2 = Data(32...63)
    static let detail = IntegrationDetail(
        os: "iOS", osVersion: "17.5", device: "iPhone", merchantId: 777777, integrator: "examplecompany")

    static func client(
        _ harness: SandboxHarness, secret: String = "sandbox-ios-secret", timeout: Duration = .seconds(10)
    ) -> PaytronixClient {
        var configuration = PaytronixConfiguration(
            baseURL: harness.baseURL, merchantId: 777777, clientId: "sandbox-ios", clientSecret: secret)
        configuration.timeout = timeout
        // Retries still happen; only the waits between them are skipped.
        return PaytronixClient(configuration: configuration, transport: URLSessionTransport(), sleep: { _ in })
    }

    static func registrar(
        _ client: PaytronixClient, store: PersistentStore,
        now: @escaping @Sendable () -> Date = { Date() }
    ) -> PushRegistrar {
        PushRegistrar(
            client: client, session: GuestSession(client: client, store: store, now: now), appIdentifier: appIdentifier,
            integrator: "examplecompany", store: store, integrationDetail: detail)
    }

    static func janeRequest(_ username: String = "jane.doe") -> CreateAndRegisterRequest {
        CreateAndRegisterRequest(
            cardTemplateCode: 0, enforceUniqueFields: ["mobilePhone"],
            userFields: UserFields(username: username, password: "s3cret-pass", mobilePhone: "6175550100"),
            accountFields: AccountFields(favoriteStoreCode: "123"))
    }

    static func fixture(_ name: String) throws -> String {
        let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Fixtures/Paytronix")
        return try Data(contentsOf: directory.appendingPathComponent(name)).base64EncodedString()
    }

    @discardableResult
    static func upload(_ harness: SandboxHarness, _ name: String, environment: String = "development") async throws
        -> Int
    {
        try await uploadReply(harness, name, environment: environment).status
    }

    /// Uploads a fixture over HTTP and returns the sandbox's whole reply.
    static func uploadReply(
        _ harness: SandboxHarness, _ name: String, password: String = "sandbox-pass",
        environment: String = "development"
    ) async throws -> (status: Int, body: JSONValue) {
        try await harness.call(
            .put, "/sandbox/paytronix/push-packages/777777/\(appIdentifier)/\(environment)",
            json: ["p12": .string(try fixture(name)), "password": .string(password)])
    }

    static func send(
        _ harness: SandboxHarness, card: String? = nil, username: String? = nil,
        environment: String = "development", message: String = "Hi"
    ) async throws -> (status: Int, body: JSONValue) {
        var body: JSONObject = [
            "merchantId": 777777, "appIdentifier": .string(appIdentifier), "environment": .string(environment),
            "message": .string(message),
        ]
        if let card { body["printedCardNumber"] = .string(card) }
        if let username { body["username"] = .string(username) }
        return try await harness.call(.post, "/sandbox/paytronix/push/send", json: .object(body))
    }

    /// `service/endpoint`, status, masked body and errorCode of every logged REST request, oldest first.
    static func log(_ harness: SandboxHarness) async throws -> [(
        endpoint: String, status: Int, body: JSONValue, errorCode: String?
    )] {
        let reply = try await harness.call(.get, "/sandbox/paytronix/requests").body
        return (reply["requests"]?.arrayValue ?? []).map {
            (
                $0["endpoint"]?.stringValue ?? "", Int($0["status"]?.integerValue ?? 0), $0["body"] ?? .null,
                $0["errorCode"]?.stringValue
            )
        }
    }

    static func account(_ harness: SandboxHarness, card: String) async throws -> JSONValue {
        try await harness.call(.get, "/sandbox/paytronix/accounts/\(card)").body
    }
}
