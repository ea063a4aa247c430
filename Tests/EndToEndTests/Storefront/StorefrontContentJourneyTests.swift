import CommerceCore
import Foundation
import Testing

/// A storefront's blog and help pages over real HTTP on 2026-04: the journal page lists the newest articles,
/// a tap opens one by handle, the footer's pages open by handle, the search box suggests an article, and a
/// stale link answers `null` rather than an error.
@Suite struct StorefrontContentJourneyTests {
    private static let token: HTTPHeaders = ["X-Shopify-Storefront-Access-Token": "sandbox-storefront-token"]

    private static func query(_ harness: SandboxHarness, _ document: String) async throws -> JSONValue {
        let answer = try await harness.call(
            .post, "/api/2026-04/graphql", json: ["query": .string(document)], headers: token)
        #expect(answer.status == 200)
        #expect(answer.body["errors"] == nil, "\(answer.body.serialized())")
        return answer.body["data"] ?? .null
    }

    @Test func aShopperReadsTheBlogAndThePages() async throws {
        try await SandboxHarness.with { harness async throws in
            let journal = try await Self.query(
                harness,
                #"{blog(handle:"news"){title articles(first:2,sortKey:PUBLISHED_AT,reverse:true){nodes{handle}}}}"#)
            #expect(
                journal.serialized()
                    == #"{"blog":{"title":"News","articles":{"nodes":[{"handle":"waterproofing-your-boots"},{"handle":"choosing-a-trail-shoe"}]}}}"#
            )
            let article = try await Self.query(
                harness,
                #"{blog(handle:"news"){articleByHandle(handle:"choosing-a-trail-shoe"){title content authorV2{name}}}}"#
            )
            #expect(article["blog"]?["articleByHandle"]?["authorV2"]?["name"] == "Ben Okafor")
            let footer = try await Self.query(
                harness, #"{menu(handle:"footer"){items{title url}} page(handle:"shipping-policy"){title}}"#)
            #expect(footer["menu"]?["items"]?.arrayValue?.count == 4)
            #expect(footer["page"]?["title"] == "Shipping policy")
            let suggestions = try await Self.query(harness, #"{predictiveSearch(query:"waterpro"){articles{handle}}}"#)
            #expect(
                suggestions["predictiveSearch"]?["articles"]?.serialized()
                    == #"[{"handle":"waterproofing-your-boots"}]"#)
            let stale = try await Self.query(harness, #"{page(handle:"old-sale"){title}}"#)
            #expect(stale.serialized() == #"{"page":null}"#)
        }
    }
}
