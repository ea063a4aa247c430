import Buy
import CommerceCore
import Foundation

extension SandboxHarness {
    /// A Buy client aimed at this sandbox's Storefront endpoint, with a private cache directory.
    func storefrontClient(locale: Locale? = nil, cacheDirectory: URL? = nil) -> Graph.Client {
        let directory = cacheDirectory ?? FileManager.default.temporaryDirectory
            .appendingPathComponent("StorefrontE2E-\(UUID().uuidString)", isDirectory: true)
        return Graph.Client(shopDomain: "sandbox-shoes.myshopify.com", apiKey: "sandbox-storefront-token", locale: locale,
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
        if status != 200 { throw StorefrontJourneyError.refused("simulation \(settings.serialized()) → \(status) \(body.serialized())") }
    }

    /// A Buy client like `storefrontClient()` but with another access token.
    func storefrontClient(apiKey: String) -> Graph.Client {
        Graph.Client(shopDomain: "sandbox-shoes.myshopify.com", apiKey: apiKey, environment: .custom(baseURL: baseURL),
                     cacheDirectory: FileManager.default.temporaryDirectory
                        .appendingPathComponent("StorefrontE2E-\(UUID().uuidString)", isDirectory: true))
    }
}

enum StorefrontJourneyError: Error {
    case refused(String)
}

/// The journeys' Q1 (a function: query builders are not `Sendable`, so no global constant).
func shopNameQuery() -> Storefront.QueryRootQuery {
    Storefront.buildQuery { $0.shop { $0.name() } }
}
