import CommerceCore
import Foundation
import GRDB
import SandboxCore

/// The Shopify Storefront back end (spec `storefront.md` §5): the 2021-10 and 2026-04 GraphQL endpoints, the cart page,
/// generated images and the `/sandbox/storefront/…` control routes. State lives in `storefront_` tables.
///
/// The executable schemas are built once per process (``StorefrontGraphQL/bundled``, ``StorefrontGraphQL/bundled2026``,
/// shared by every world), from the bundled description-free
/// artefact; requests only parse, validate and execute.
package struct StorefrontService: SandboxService {
    package let name = "storefront"
    let context: SandboxContext
    let graphQL: StorefrontGraphQL?
    let graphQL2026: StorefrontGraphQL?
    let catalogCache: CatalogCache
    let shopAccess: ShopAccessCache

    /// Creates the service; a missing or broken schema artefact makes every GraphQL request answer with a
    /// GraphQL error instead of taking the whole sandbox down.
    package init(context: SandboxContext) {
        self.context = context
        self.catalogCache = CatalogCache(database: context.database)
        self.shopAccess = ShopAccessCache(database: context.database)
        self.graphQL = StorefrontGraphQL.bundled
        self.graphQL2026 = StorefrontGraphQL.bundled2026
    }

    package func registerMigrations(_ migrator: inout DatabaseMigrator) {
        StorefrontMigrations.register(&migrator)
    }

    /// Shop 1, its demo catalog and `sandbox-storefront-token`, when the Storefront tables are empty.
    package func seed(_ db: Database) throws {
        try ShopFactory.seedIfEmpty(db, now: context.clock.now())
    }

    package func credentials(_ db: Database) throws -> JSONValue {
        [
            "shop_domain": "sandbox-shoes.myshopify.com",
            "storefront_access_token": .string(ShopFactory.demoToken),
            "graphql_url": .string(context.publicURL(path: "/api/\(StorefrontGraphQL.servedVersion)/graphql")),
        ]
    }

    /// The GraphQL endpoint, the cart pages and the card vault (images are served under `/sandbox/storefront/`).
    package var prefixes: [ServicePrefix] {
        [
            ServicePrefix(
                "/api/",
                RouteFallback(
                    notFound: { _ in StorefrontHTTPErrors.notFound() },
                    methodNotAllowed: { request, _ in
                        StorefrontHTTPErrors.isWellFormedVersion(
                            request.parameter("version").isEmpty
                                ? Self.version(in: request.rawPath) : request.parameter("version"))
                            ? StorefrontHTTPErrors.methodNotAllowed() : StorefrontHTTPErrors.notFound()
                    })),
            ServicePrefix("/cart/"), ServicePrefix("/sessions"), StorefrontControlRoutes.servicePrefix,
        ]
    }

    /// The product and collection images the GraphQL answers link to are content for any client, not controls:
    /// served without the control token on a sandbox that listens beyond loopback.
    package var publicControlPrefixes: [String] { ["/sandbox/storefront/images/"] }

    /// The GraphQL endpoint checks path, method, version and token before size (spec §4.1 H12), so it reads one
    /// byte past its 1 MiB limit and answers an oversized body itself.
    package var bodyLimits: BodyLimits {
        BodyLimits(maximum: StorefrontGraphQLEndpoint.maximumBodySize, serviceAnswersOversized: true)
    }

    package func faultResponse(status: Int, body: JSONValue?) -> SandboxResponse {
        Self.renderFault(status: status, body: body)
    }

    /// A fault answers as Storefront's own failures do: with an `X-Request-Id`, and `Retry-After` on 429.
    @Sendable static func renderFault(status: Int, body: JSONValue?) -> SandboxResponse {
        var headers: HTTPHeaders = ["X-Request-Id": UUID().uuidString.lowercased()]
        if status == 429 { headers["Retry-After"] = "1" }
        return StorefrontHTTPError.fault(
            status: status, body: body,
            otherwise: StorefrontHTTPError(
                status: status, message: "Simulated failure.", code: "SANDBOX_SIMULATED_FAILURE", headers: headers),
            headers: headers)
    }

    package func reset() async throws {
        let now = context.clock.now()
        try await context.database.write { db in try ShopFactory.reset(db, now: now) }
    }

    package func registerRoutes(on router: ServiceRoutes) {
        let endpoint = graphQL.map { graphQL in
            var schemas = [StorefrontGraphQL.servedVersion: graphQL]
            schemas[StorefrontGraphQL.version2026] = graphQL2026
            return StorefrontGraphQLEndpoint(
                context: context, schemas: schemas, catalogCache: catalogCache, shopAccess: shopAccess)
        }
        for path in ["/api/:version/graphql", "/api/:version/graphql.json"] {
            router.post(path) { request in
                guard let endpoint else {
                    return .json([
                        "errors": [
                            [
                                "message": "The Storefront schema artefact could not be loaded.",
                                "extensions": ["code": "INTERNAL_SERVER_ERROR"],
                            ]
                        ]
                    ])
                }
                return try await endpoint.respond(request)
            }
        }
        StorefrontPages(context: context).register(on: router)
        WebCheckoutPages(context: context).register(on: router)
        HostedCheckoutPages(context: context).register(on: router)
        CardVaultRoute(context: context).register(on: router)
        StorefrontControlRoutes(context: context).register(on: router)
        StorefrontStatePages(context: context).register(on: router)
    }

    /// The `{version}` segment of `/api/{version}/…`.
    static func version(in path: String) -> String {
        let segments = path.split(separator: "/")
        return segments.count >= 2 ? String(segments[1]) : ""
    }
}
