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
