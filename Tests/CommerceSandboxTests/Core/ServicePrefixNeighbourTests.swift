import CommerceCore
import Foundation
import SandboxTestSupport
import Testing

@testable import CommerceSandbox
@testable import SandboxCore
@testable import StorefrontSandbox

/// The `/api/` prefixes Rezolve shares with ATH Móvil and Storefront: each service keeps its own 404s and 405s.
/// Here, not in a service's test target, because it needs Storefront's error bodies and Rezolve's routes at once.
@Suite struct ServicePrefixNeighbourTests {
    private func call(_ rig: RouterTestRig, _ method: HTTPMethod, _ path: String) async throws -> RouterTestRig.Reply {
        try await rig.send(method, path, body: Data(), headers: ["Content-Type": "application/json"])
    }

    @Test func neighboursKeepTheirOwn404s() async throws {
        let rig = try RouterTestRig()
        let athm = try await call(rig, .get, "/api/business-transaction/ecommerce/nothing")
        #expect(athm.status == 404)
        #expect(athm.json["errorcode"] == "NOT_FOUND")
        #expect(athm.json["status"] == "error")
        let storefront = try await call(rig, .get, "/api/2024-01/nothing")
        #expect(storefront == StorefrontHTTPErrors.notFound(), "\(storefront.text)")
        let storefrontUnknownVersion = try await call(rig, .get, "/api/unstable/nothing")
        #expect(storefrontUnknownVersion == StorefrontHTTPErrors.notFound(), "\(storefrontUnknownVersion.text)")
        let rezolve = try await call(rig, .get, "/api/v3/nothing")
        #expect(
            rezolve.json == ["errors": [["type": "Not Found", "code": "4", "message": "Requested resource not found"]]])
        let wrongMethod = try await call(rig, .delete, "/api/v1/authentication/register")
        #expect(wrongMethod.status == 405)
        #expect(wrongMethod.headers["Allow"] == "POST")
        #expect(wrongMethod.json["errors"]?[0]?["code"] == "6")
    }
}

extension RouterTestRig.Reply {
    /// The same status and body as a response the neighbour builds itself.
    static func == (lhs: RouterTestRig.Reply, rhs: SandboxResponse) -> Bool {
        lhs.status == rhs.status && lhs.json == ((try? JSONValue.parse(rhs.body)) ?? .null)
    }
}
