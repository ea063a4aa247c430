import Buy
import CommerceCore
import Foundation
import Testing

/// Journey J6 step 2: a field the schema does not have comes back as `Graph.QueryError.invalidQuery`
/// with a reason that names the field and where it is in the document.
@Suite struct StorefrontInvalidQueryJourneyTests {
    @Test func seedOrderQueryWithCreatedAtNamesTheField() async throws {
        try await SandboxHarness.with { harness async throws in
            let client = harness.storefrontClient()
            // The seed's order query; `createdAt()` is unavailable in Buy, so it is added by hand as the seed's
            // readers would have done.
            let query = Storefront.buildQuery {
                $0
                    .node(id: GraphQL.ID(rawValue: "NkZmFzZGZhc")) {
                        $0
                            .onOrder {
                                $0.id()
                                $0.addField(field: "createdAt")
                            }
                    }
            }
            #expect(query.description == #"query {node(id:"NkZmFzZGZhc"){__typename,... on Order{id,createdAt}}}"#)

            let response = await client.queryResponse(query)
            #expect(response.model == nil)
            guard case .invalidQuery(let reasons)? = response.error else {
                Issue.record("expected .invalidQuery, got \(String(describing: response.error))")
                return
            }
            #expect(
                reasons == [
                    Graph.QueryError.Reason(
                        message: "Field 'createdAt' doesn't exist on type 'Order'", line: 1, column: 58,
                        path: ["query", "node", "... on Order", "createdAt"], code: "undefinedField")
                ])

            // The request went out intact: the sandbox saw the body Buy tagged.
            let logged = try #require(try await harness.storefrontRequests().last)
            #expect(logged["queryTag"]?.stringValue == "match")
            #expect(logged["status"]?.integerValue == 200)
        }
    }

    @Test func misspelledShopFieldIsReported() async throws {
        try await SandboxHarness.with { harness async throws in
            let query = Storefront.buildQuery { $0.shop { $0.addField(field: "nme") } }
            await #expect {
                _ = try await harness.storefrontClient().query(query)
            } throws: { error in
                guard case Graph.QueryError.invalidQuery(let reasons) = error else { return false }
                return reasons == [
                    Graph.QueryError.Reason(
                        message: "Field 'nme' doesn't exist on type 'Shop'", line: 1, column: 13,
                        path: ["query", "shop", "nme"], code: "undefinedField")
                ]
            }
        }
    }
}
