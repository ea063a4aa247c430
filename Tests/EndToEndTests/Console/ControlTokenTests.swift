import CommerceCore
import CommerceSandbox
import Foundation
import Testing

/// Who may drive the sandbox: bound beyond loopback, control routes need the control token; vendor paths
/// and `/sandbox/health` do not. Bound to loopback nothing is asked.
@Suite struct ControlTokenTests {
    /// A sandbox on every interface, reached through loopback with `headers`.
    private func send(
        _ sandbox: Sandbox, _ method: HTTPMethod, _ path: String, json: JSONValue? = nil,
        headers: HTTPHeaders = [:]
    ) async throws -> (status: Int, body: JSONValue, headers: HTTPHeaders, text: String) {
        let port = sandbox.baseURL.port ?? 0
        let url = try #require(URL(string: "http://127.0.0.1:\(port)\(path)"))
        var all = headers
        if json != nil { all["Content-Type"] = "application/json" }
        let response = try await URLSessionTransport().send(
            HTTPRequest(method: method, url: url, headers: all, body: json?.serializedData()))
        return (
            response.statusCode, (try? JSONValue.parse(response.body)) ?? .null, response.headers,
            String(decoding: response.body, as: UTF8.self)
        )
    }

    /// Runs `body` against a sandbox started with `options` and stops it afterwards, even when `body` throws.
    private func with(_ options: SandboxOptions, _ body: (Sandbox) async throws -> Void) async throws {
        let sandbox = try await Sandbox.start(options)
        do { try await body(sandbox) } catch {
            await sandbox.stop()
            throw error
        }
        await sandbox.stop()
    }

    @Test func aNonLoopbackBindRefusesResetWithoutTheTokenAndAcceptsItWithIt() async throws {
        try await with(SandboxOptions(host: "0.0.0.0", port: 0, inMemory: true)) { (sandbox: Sandbox) async throws in
            let token = try #require(sandbox.controlToken)
            #expect(token.count >= 32)

            let refused = try await send(sandbox, .post, "/sandbox/reset")
            #expect(refused.status == 401)
            #expect(refused.body["error"]?["fields"]?[0]?["field"] == "Authorization")
            #expect(refused.body["error"]?["message"]?.stringValue?.contains("control token") == true)
            #expect(refused.headers["WWW-Authenticate"]?.hasPrefix("Bearer") == true)
            #expect(
                try await send(sandbox, .post, "/sandbox/reset", headers: ["Authorization": "Bearer wrong-token"])
                    .status == 401)
            #expect(try await send(sandbox, .get, "/sandbox/requests").status == 401)

            let accepted = try await send(
                sandbox, .post, "/sandbox/reset", headers: ["Authorization": "Bearer \(token)"])
            #expect(accepted.status == 200)
            #expect(accepted.body["reset"]?.arrayValue?.contains("button") == true)

            // Health and the vendors' own paths stay as they were.
            #expect(try await send(sandbox, .get, "/sandbox/health").status == 200)
            let order = try await send(
                sandbox, .get, "/v1/order/none",
                headers: ["Authorization": "Basic \(Data("sk-sandbox:".utf8).base64EncodedString())"])
            #expect(order.status == 404)
        }
    }

    @Test func theConsoleLoginCookieOpensControlRoutesButNotFromAnotherSite() async throws {
        try await with(SandboxOptions(host: "0.0.0.0", port: 0, inMemory: true, controlToken: "given-token-123")) {
            (sandbox: Sandbox) async throws in
            #expect(sandbox.controlToken == "given-token-123")
            // A browser without the cookie is sent (303, followed here) to the login form, not shown the console.
            let browserPage = try await send(sandbox, .get, "/sandbox/console", headers: ["Accept": "text/html"])
            #expect(browserPage.status == 200)
            #expect(browserPage.text.contains("action=\"/sandbox/console/login\""))
            #expect(!browserPage.text.contains("journal-rows"))

            let cookie: HTTPHeaders = ["Cookie": "theme=dark; commercekit_console=given-token-123"]
            #expect(try await send(sandbox, .get, "/sandbox/faults", headers: cookie).status == 200)
            var sameOrigin = cookie
            sameOrigin["Sec-Fetch-Site"] = "same-origin"
            #expect(try await send(sandbox, .post, "/sandbox/reset", headers: sameOrigin).status == 200)
            var crossSite = cookie
            crossSite["Sec-Fetch-Site"] = "cross-site"
            let forged = try await send(sandbox, .post, "/sandbox/reset", headers: crossSite)
            #expect(forged.status == 403)
            #expect(forged.body["error"]?["fields"]?[0]?["field"] == "Origin")
            var otherOrigin = cookie
            otherOrigin["Origin"] = "http://evil.example"
            #expect(
                try await send(
                    sandbox, .post, "/sandbox/faults", json: ["path": "/v1/", "status": 503], headers: otherOrigin
                ).status == 403)
            #expect(try await send(sandbox, .get, "/sandbox/faults", headers: cookie).body["faults"] == [])
        }
    }

    @Test func loopbackNeedsNoTokenButStillRefusesCrossSiteChanges() async throws {
        try await with(.testing) { (sandbox: Sandbox) async throws in
            #expect(sandbox.controlToken == nil)
            #expect(try await send(sandbox, .post, "/sandbox/reset").status == 200)
            #expect(try await send(sandbox, .get, "/sandbox/requests").status == 200)
            #expect(
                try await send(sandbox, .post, "/sandbox/reset", headers: ["Sec-Fetch-Site": "cross-site"]).status
                    == 403)
        }
    }
}
