import CommerceCore
import Foundation
import Testing

/// Spec §4.1 H8 and H12 over real HTTP: a body above the server-wide 8 MiB cap still gets the Storefront
/// envelope, and only after the path, method, version and token checks; other services keep the
/// server's generic answer.
@Suite struct StorefrontOversizedBodyJourneyTests {
    private static let nineMiB = Data(repeating: UInt8(ascii: "x"), count: 9 * 1024 * 1024)
    private static let token: HTTPHeaders = ["X-Shopify-Storefront-Access-Token": "sandbox-storefront-token"]

    private static func send(
        _ harness: SandboxHarness, _ method: HTTPMethod = .post, path: String = "/api/2021-10/graphql",
        headers: HTTPHeaders = token
    ) async throws -> (status: Int, body: String) {
        let response = try await harness.raw(
            method, path, body: nineMiB, headers: headers, contentType: "application/json")
        return (response.statusCode, String(decoding: response.body, as: UTF8.self))
    }

    @Test func storefrontChecksComeFirstThenH8() async throws {
        try await SandboxHarness.with { harness async throws in
            let noToken = try await Self.send(harness, headers: [:])
            #expect(noToken.status == 401)
            #expect(
                noToken.body
                    == #"{"errors":[{"message":"Invalid Storefront access token.","extensions":{"code":"UNAUTHORIZED"}}]}"#
            )

            let wrongVersion = try await Self.send(harness, path: "/api/2024-01/graphql.json")
            #expect(wrongVersion.status == 404)
            #expect(wrongVersion.body.contains("API version 2024-01 is not served by this sandbox"))

            let badPath = try await Self.send(harness, path: "/api/2021-10/nope")
            #expect(badPath.status == 404)
            #expect(badPath.body == #"{"errors":[{"message":"Not found.","extensions":{"code":"NOT_FOUND"}}]}"#)

            let put = try await Self.send(harness, .put)
            #expect(put.status == 405)

            let tooLarge = try await Self.send(harness)
            #expect(tooLarge.status == 413)
            #expect(
                tooLarge.body
                    == #"{"errors":[{"message":"Request body is too large.","extensions":{"code":"PAYLOAD_TOO_LARGE"}}]}"#
            )

            // The unread rest of each body was drained: the server still answers normally.
            let data = try await harness.storefrontClient().query(shopNameQuery())
            #expect(data.shop.name == "Sandbox Shoes")
        }
    }

    @Test func otherServicesKeepTheGenericAnswer() async throws {
        try await SandboxHarness.with { harness async throws in
            let athMovil = try await Self.send(
                harness, path: "/api/business-transaction/ecommerce/payment", headers: [:])
            #expect(athMovil.status == 413)
            #expect(athMovil.body == #"{"error":"Request body exceeds 8 MiB"}"#)
        }
    }
}
