import CommerceCore
import CommerceTesting
import Foundation

@testable import PaytronixPush

/// Shared builders for the unit tests: a client over an in-memory transport that never sleeps.
enum Fixture {
    static let baseURL = URL(string: "http://127.0.0.1:8080")!

    static func configuration(inBody: Bool = false) -> PaytronixConfiguration {
        var configuration = PaytronixConfiguration(
            baseURL: baseURL, merchantId: 777777, clientId: "sandbox-ios",
            clientSecret: "sandbox-ios-secret")
        configuration.sendsCredentialsInBody = inBody
        return configuration
    }

    static func client(_ transport: InMemoryTransport, inBody: Bool = false) -> PaytronixClient {
        PaytronixClient(configuration: configuration(inBody: inBody), transport: transport, sleep: { _ in })
    }

    /// A registrar for com.example.pushapp over `transport`, with a session on the same `store`.
    static func registrar(
        _ transport: InMemoryTransport, store: PersistentStore = PersistentStore(),
        now: @escaping @Sendable () -> Date = { Date() }
    ) -> PushRegistrar {
        let client = Self.client(transport)
        return PushRegistrar(
            client: client, session: GuestSession(client: client, store: store), appIdentifier: "com.example.pushapp",
            integrator: "examplecompany", store: store, integrationDetail: detail, now: now)
    }

    static let detail = IntegrationDetail(
        os: "iOS", osVersion: "17.5", device: "iPhone", merchantId: 777777, integrator: "examplecompany")
    static let token = Data(0...31)
    static let tokenHex = "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f"

    static func tokens(access: String = "access-1", refresh: String = "refresh-1") -> String {
        #"{"result":"success","access_token":"\#(access)","token_type":"bearer","expires_in":1800,"refresh_token":"\#(refresh)","scope":"account_read account_write user_read user_write","username":"sam"}"#
    }

    static func accountInformation(externalAccounts: String = "[]") -> String {
        #"{"result":"success","accountStatus":"ACTIVE","registrationStatus":"REGISTERED","primaryCard":{"printedCardNumber":"9990000000001","maskedCardNumber":"000001","status":"ACTIVE"},"additionalCards":[],"fields":{"externalAccounts":\#(externalAccounts)}}"#
    }
}

extension HTTPRequest {
    /// The JSON body, or null.
    var json: JSONValue { body.flatMap { try? JSONValue.parse($0) } ?? .null }
    /// `service/endpoint` from the URL path.
    var endpoint: String { url.path.split(separator: "/").dropFirst(2).joined(separator: "/") }
}
