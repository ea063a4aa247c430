import CommerceCore
import Foundation
import Testing

@testable import CommerceSandbox
@testable import PaytronixSandbox
@testable import SandboxCore

@Suite("commercekit paytronix: push-package upload and push send requests (spec §2.1, §5.6)")
struct PaytronixControlClientTests {
    typealias H = PaytronixRouterHarness

    /// Answers a request the CLI would send, through the sandbox router instead of a socket.
    static func answer(_ request: HTTPRequest, by sandbox: H) async throws -> HTTPResponse {
        let components = try #require(URLComponents(url: request.url, resolvingAgainstBaseURL: false))
        let reply = try await sandbox.rig.send(
            SandboxRequest(
                method: request.method, rawPath: components.percentEncodedPath,
                rawQuery: components.percentEncodedQuery, headers: request.headers,
                body: request.body ?? Data()))
        return HTTPResponse(statusCode: reply.status, headers: reply.headers, body: reply.data)
    }

    static func failure(_ body: () throws(PaytronixControlClient.Failure) -> Void) -> PaytronixControlClient.Failure? {
        do { try body() } catch { return error }
        return nil
    }

    let client: PaytronixControlClient

    init() throws {
        client = try PaytronixControlClient(sandbox: "http://127.0.0.1:8080/")
    }

    @Test func uploadBuildsThePutRouteAndReadsThePackage() async throws {
        let sandbox = try H()
        let p12 = try H.fixture("dev-aes.p12")
        let request = try client.uploadRequest(
            merchantId: 777777, appIdentifier: "com.example.pushapp", environment: "development",
            p12: p12, password: "sandbox-pass")
        #expect(request.method == .put)
        #expect(
            request.url.absoluteString
                == "http://127.0.0.1:8080/sandbox/paytronix/push-packages/777777/com.example.pushapp/development")
        let body = try JSONValue.parse(request.body ?? Data())
        #expect(body == ["p12": .string(p12.base64EncodedString()), "password": "sandbox-pass"])
        let reply = try PaytronixControlClient.reply(try await Self.answer(request, by: sandbox))
        #expect(reply["package"]?["certificate"]?["uid"] == "com.example.pushapp")
        #expect(reply["package"]?["certificate"]?["apnsEnvironments"] == ["development"])
    }

    @Test func uploadFailuresCarryTheSandboxCode() async throws {
        let sandbox = try H()
        let p12 = try H.fixture("dev-aes.p12")
        let wrong = try client.uploadRequest(
            merchantId: 777777, appIdentifier: "com.example.pushapp", environment: "development",
            p12: p12, password: "wrong")
        let response = try await Self.answer(wrong, by: sandbox)
        let failure = Self.failure { () throws(PaytronixControlClient.Failure) in
            _ = try PaytronixControlClient.reply(response)
        }
        #expect(failure?.status == 400 && failure?.code == "push.wrong_password")
        #expect(failure?.description.hasPrefix("push.wrong_password (HTTP 400): The password does not open") == true)
        // A '/' in an argument stays inside its segment, so the sandbox judges the value instead of routing elsewhere.
        let slashed = try client.uploadRequest(
            merchantId: 777777, appIdentifier: "com.example/other", environment: "development",
            p12: p12, password: "sandbox-pass")
        #expect(slashed.url.absoluteString.hasSuffix("/push-packages/777777/com.example%2Fother/development"))
        let slashedResponse = try await Self.answer(slashed, by: sandbox)
        let refused = Self.failure { () throws(PaytronixControlClient.Failure) in
            _ = try PaytronixControlClient.reply(slashedResponse)
        }
        #expect(refused?.code == "push.invalid_app_identifier")
        let empty = Self.failure { () throws(PaytronixControlClient.Failure) in
            _ = try client.uploadRequest(
                merchantId: 777777, appIdentifier: "com.example.pushapp", environment: "development",
                p12: Data(), password: "x")
        }
        #expect(empty?.code == "cli.empty_file")
    }

    @Test func sendByUsernameWithAMessage() async throws {
        let sandbox = try H()
        #expect(try await sandbox.upload("dev-aes.p12").status == 200)
        try await sandbox.guest("sam", extra: ["externalAccounts": [H.device()]])
        let request = try client.sendRequest(
            .init(
                merchantId: 777777, recipient: .username("sam"), appIdentifier: "com.example.pushapp",
                environment: "development", content: .message("Double points today")))
        #expect(request.method == .post)
        #expect(request.url.absoluteString == "http://127.0.0.1:8080/sandbox/paytronix/push/send")
        #expect(
            try JSONValue.parse(request.body ?? Data()) == [
                "merchantId": 777777, "username": "sam", "appIdentifier": "com.example.pushapp",
                "environment": "development",
                "message": "Double points today",
            ])
        let reply = try PaytronixControlClient.reply(try await Self.answer(request, by: sandbox))
        #expect(reply["notifications"]?.arrayValue?.count == 1)
        #expect(reply["notifications"]?[0]?["status"] == "accepted")
        #expect(reply["notifications"]?[0]?["apns"]?["payload"] == ["aps": ["alert": "Double points today"]])
    }

    @Test func sendByCardWithAPayload() async throws {
        let sandbox = try H()
        #expect(try await sandbox.upload("dev-aes.p12").status == 200)
        let guest = try await sandbox.guest("sam", extra: ["externalAccounts": [H.device()]])
        let card = try #require(guest["printedCardNumber"]?.stringValue)
        let payload = try PaytronixControlClient.payload(parsing: #"{"aps":{"content-available":1},"kind":"sync"}"#)
        let request = try client.sendRequest(
            .init(
                merchantId: 777777, recipient: .printedCardNumber(card),
                appIdentifier: "com.example.pushapp", environment: "production", content: .payload(payload)))
        #expect(try JSONValue.parse(request.body ?? Data())["printedCardNumber"] == .string(card))
        #expect(try JSONValue.parse(request.body ?? Data())["payload"] == payload)
        // No production package: the sandbox's 409 comes back as it is.
        let response = try await Self.answer(request, by: sandbox)
        let failure = Self.failure { () throws(PaytronixControlClient.Failure) in
            _ = try PaytronixControlClient.reply(response)
        }
        #expect(failure?.status == 409 && failure?.code == "push.no_certificate")
    }

    @Test func localProblemsAreNamed() {
        for bad in ["127.0.0.1:8080", "ftp://127.0.0.1", "http://", "http://127.0.0.1:8080/?x=1", "not a url"] {
            let failure = Self.failure { () throws(PaytronixControlClient.Failure) in
                _ = try PaytronixControlClient(sandbox: bad)
            }
            #expect(failure?.code == "cli.invalid_sandbox_url", "\(bad)")
        }
        for bad in ["[1]", "\"text\"", "{", ""] {
            let failure = Self.failure { () throws(PaytronixControlClient.Failure) in
                _ = try PaytronixControlClient.payload(parsing: bad)
            }
            #expect(failure?.code == "cli.invalid_payload", "\(bad)")
        }
        let html = HTTPResponse(statusCode: 200, body: Data("<html>hello</html>".utf8))
        let notSandbox = Self.failure { () throws(PaytronixControlClient.Failure) in
            _ = try PaytronixControlClient.reply(html)
        }
        #expect(notSandbox?.code == "cli.unexpected_reply" && notSandbox?.status == 200)
    }
}
