import CommerceCore
import Foundation
import SandboxTestSupport
import Testing

@testable import CommerceSandbox

/// `GET /sandbox/openapi` and `GET /sandbox/openapi/{name}.json` through the sandbox's router.
@Suite struct OpenAPIRouteTests {
    @Test func indexListsEveryDocumentWithItsURL() async throws {
        let rig = try RouterTestRig()
        let reply = try await rig.send(.get, "/sandbox/openapi", body: Data(), headers: [:])
        #expect(reply.status == 200)
        let documents = try #require(reply.json["documents"]?.arrayValue)
        #expect(
            documents.compactMap { $0["name"]?.stringValue } == [
                "button", "athmovil", "paytronix", "rezolve", "control",
            ])
        let button = try #require(documents.first)
        #expect(button["url"]?.stringValue?.hasSuffix("/sandbox/openapi/button.json") == true)
        #expect(button["title"]?.stringValue?.contains("Button") == true)
    }

    @Test func documentIsServedWithThisSandboxAsItsServer() async throws {
        let rig = try RouterTestRig()
        let reply = try await rig.send(.get, "/sandbox/openapi/paytronix.json", body: Data(), headers: [:])
        #expect(reply.status == 200)
        #expect(reply.headers["Content-Type"]?.hasPrefix("application/json") == true)
        #expect(reply.json["openapi"] == "3.1.0")
        #expect(reply.json["paths"]?["/rest/{release}/oauth/requestGuestToken.json"] != nil)
        #expect(reply.json["servers"]?[0]?["url"]?.stringValue == rig.context.publicURL(path: ""))
    }

    @Test func unknownDocumentIsAJSON404NamingTheField() async throws {
        let rig = try RouterTestRig()
        let reply = try await rig.send(.get, "/sandbox/openapi/storefront.json", body: Data(), headers: [:])
        #expect(reply.status == 404)
        #expect(reply.json["error"]?["fields"]?[0]?["field"] == "document")
        #expect(reply.json["error"]?["message"]?.stringValue?.contains("button.json") == true)
    }
}
