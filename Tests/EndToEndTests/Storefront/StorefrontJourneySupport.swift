import Buy
import CommerceCore
import CommerceTestSupport
import Foundation
import Testing

extension SandboxHarness {
    /// A Buy client aimed at this sandbox's Storefront endpoint, with a private cache directory.
    func storefrontClient(locale: Locale? = nil, cacheDirectory: URL? = nil) -> Graph.Client {
        let directory =
            cacheDirectory
            ?? TestDirectories.path("StorefrontE2E")
        return Graph.Client(
            shopDomain: "sandbox-shoes.myshopify.com", apiKey: "sandbox-storefront-token", locale: locale,
            environment: .custom(baseURL: baseURL), cacheDirectory: directory)
    }

    /// How many GraphQL requests the sandbox has logged.
    func storefrontRequestCount() async throws -> Int {
        let (_, body) = try await call(.get, "/sandbox/storefront/requests")
        if let items = body.arrayValue { return items.count }
        return body["requests"]?.arrayValue?.count ?? 0
    }
}

/// Base64 global IDs as the 2021-10 sandbox issues them.
enum SandboxIDs {
    static func id(_ type: String, _ number: Int) -> GraphQL.ID {
        GraphQL.ID(rawValue: Data("gid://shopify/\(type)/\(number)".utf8).base64EncodedString())
    }
}

extension SandboxHarness {
    /// The sandbox's GraphQL request log, oldest first.
    func storefrontRequests() async throws -> [JSONValue] {
        try await call(.get, "/sandbox/storefront/requests").body.arrayValue ?? []
    }

    /// Changes shop 1's simulation settings and fails the test if the sandbox refuses them.
    func simulate(_ settings: JSONValue) async throws {
        let (status, body) = try await call(.put, "/sandbox/storefront/shops/1/simulation", json: settings)
        if status != 200 {
            throw StorefrontJourneyError.refused("simulation \(settings.serialized()) → \(status) \(body.serialized())")
        }
    }

    /// A Buy client like `storefrontClient()` but with another access token.
    func storefrontClient(apiKey: String) -> Graph.Client {
        Graph.Client(
            shopDomain: "sandbox-shoes.myshopify.com", apiKey: apiKey, environment: .custom(baseURL: baseURL),
            cacheDirectory: TestDirectories.path("StorefrontE2E"))
    }
}

extension SandboxHarness {
    /// Spec §7: every request `Buy` sent is in the sandbox's log with `X-Query-Tag` result `match` (the sandbox
    /// hashed the body it received and got the tag `Buy` computed). Fails the test when fewer than `minimum`
    /// requests were logged, so a journey that logged nothing cannot pass. Returns how many were checked.
    @discardableResult
    func expectEveryRequestTagged(atLeast minimum: Int, sourceLocation: SourceLocation = #_sourceLocation) async throws
        -> Int
    {
        let entries = try await storefrontRequests()
        #expect(entries.count >= minimum, "only \(entries.count) requests logged", sourceLocation: sourceLocation)
        let untagged = entries.filter { $0["queryTag"]?.stringValue != "match" }
        #expect(
            untagged.isEmpty, "not tagged as match: \(untagged.map { $0.serialized() })", sourceLocation: sourceLocation
        )
        return entries.count
    }
}

enum StorefrontJourneyError: Error {
    case refused(String)
}

/// The journeys' Q1 (a function: query builders are not `Sendable`, so no global constant).
func shopNameQuery() -> Storefront.QueryRootQuery {
    Storefront.buildQuery { $0.shop { $0.name() } }
}
