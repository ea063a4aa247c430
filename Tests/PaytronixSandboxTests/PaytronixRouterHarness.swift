import CommerceCore
import Foundation
import SandboxTestSupport
import Testing

@testable import CommerceSandbox
@testable import SandboxCore

/// An in-process sandbox without sockets, answering through its router.
struct PaytronixRouterHarness: RouterTestSupport {
    let rig: RouterTestRig

    init(options: SandboxOptions = .testing) throws {
        rig = try RouterTestRig(options)
    }

    static let iosCredentials = ("sandbox-ios", "sandbox-ios-secret")

    /// Sends JSON (or a query for GET) and returns status and parsed body.
    @discardableResult
    func call(
        _ method: HTTPMethod, _ path: String, json: JSONValue? = nil, query: String? = nil,
        credentials: (String, String)? = iosCredentials
    ) async throws -> (status: Int, body: JSONValue) {
        var headers: HTTPHeaders = ["Content-Type": "application/json"]
        if let credentials { headers["Authorization"] = RouterTestRig.basic(credentials.0, password: credentials.1) }
        let request = SandboxRequest(
            method: method, rawPath: path, rawQuery: query, headers: headers,
            body: json?.serializedData() ?? Data())
        let reply = try await rig.send(request)
        return (reply.status, reply.json)
    }

    @discardableResult
    func rest(_ endpoint: String, _ json: JSONValue, credentials: (String, String)? = iosCredentials) async throws -> (
        status: Int, body: JSONValue
    ) {
        try await call(.post, "/rest/25.33/\(endpoint).json", json: json, credentials: credentials)
    }

    /// A registered guest made through the control route.
    @discardableResult
    func guest(_ username: String, password: String = "secret-1", extra: JSONObject = [:]) async throws -> JSONValue {
        var body: JSONObject = ["merchantId": 777777, "username": .string(username), "password": .string(password)]
        for (key, value) in extra { body[key] = value }
        return try await call(.post, "/sandbox/paytronix/guests", json: .object(body)).body
    }

    @discardableResult
    func login(_ username: String, password: String = "secret-1") async throws -> JSONValue {
        try await rest(
            "oauth/requestGuestToken",
            [
                "authentication": "anonymous", "merchantId": 777777, "grant_type": "password",
                "username": .string(username), "password": .string(password),
            ]
        ).body
    }

    /// A valid `enrollment/createAndRegister` body for an anonymous guest with a unique phone and these devices.
    static func enrollmentBody(
        username: String = "jane.doe", phone: String = "6175550100",
        devices: [JSONValue] = [PaytronixRouterHarness.device()]
    ) -> JSONValue {
        [
            "authentication": "anonymous", "merchantId": 777777, "cardTemplateCode": 0,
            "enforceUniqueFields": ["mobilePhone"],
            "setUserFields": [
                "style": "typed", "username": [.string(username)], "password": ["s3cret-pass"],
                "mobilePhone": [.string(phone)],
            ],
            "setAccountFields": [
                "style": "typed", "favoriteStore": [["code": "123"]], "externalAccounts": .array(devices),
            ],
        ]
    }

    /// The reply to a request with one invalid field: the field's message, under `errorsByField` too.
    static func fieldFailure(_ field: String, _ message: String, code: String = "enrollment.field_validation")
        -> JSONValue
    {
        [
            "result": "failure", "errorCode": .string(code), "errorMessage": .string(message),
            "errorsByField": [field: [.string(message)]],
        ]
    }

    static let detail = "os=iOS|osversion=17.5|device=iPhone|merchantId=777777|integrator=examplecompany|version=12.0"
    static let tokenHex = "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f"

    static func device(_ code: String = tokenHex, detail: String = detail, app: String = "com.example.pushapp")
        -> JSONValue
    {
        [
            "appIdentifier": .string(app), "accountCode": .string(code), "integrationDetail": .string(detail),
            "integration": "sandbox-ios",
        ]
    }

    /// Tests/Fixtures/Paytronix, found from this file's path.
    static func fixture(_ name: String) throws -> Data {
        let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/Paytronix")
        return try Data(contentsOf: directory.appendingPathComponent(name))
    }

    /// The DER of a PEM certificate fixture; dev.crt is the certificate inside dev-aes.p12.
    static func certificateDER(_ name: String = "dev.crt") throws -> Data {
        let pem = try #require(String(data: try fixture(name), encoding: .utf8))
        return try #require(Data(base64Encoded: pem.split(separator: "\n").filter { !$0.hasPrefix("-----") }.joined()))
    }

    @discardableResult
    func upload(
        _ fixture: String, password: String = "sandbox-pass", app: String = "com.example.pushapp",
        environment: String = "development"
    ) async throws -> (status: Int, body: JSONValue) {
        let p12 = try Self.fixture(fixture).base64EncodedString()
        return try await call(
            .put, "/sandbox/paytronix/push-packages/777777/\(app)/\(environment)",
            json: ["p12": .string(p12), "password": .string(password)], credentials: nil)
    }
}
