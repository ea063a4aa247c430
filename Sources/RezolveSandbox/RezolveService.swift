import CommerceCore
import Foundation
import GRDB
import SandboxCore

/// The emulated Rezolve Inside core API (spec rezolve §1.3, §3, §5): registration and customer records,
/// the mall, carts, payment options, checkout, buy with simulated payments, the partner's external
/// callback and orders, plus the control routes under `/sandbox/rezolve/...`.
package struct RezolveService: SandboxService {
    package let name = "rezolve"
    let context: SandboxContext
    /// The geozone query's in-memory grid, built in the background; one per sandbox database.
    let geozoneGrids: GeozoneGridCache

    /// The vendor path prefixes Rezolve owns. ATH Móvil (`/api/business-transaction/`) and Storefront
    /// (`/api/{YYYY-MM}/…`) share `/api/`, so only the versioned core prefixes are claimed.
    package static let pathPrefixes = ["/api/v1/", "/api/v2/", "/api/v3/", "/api/v4/"]
    /// The SSP services' prefixes (spec §5.1). Button owns `/v1/`; these longer prefixes win over it.
    static let sspPrefixes = ["/v1/OAuthProxy/", "/v1/resolver/", "/v1/Engagements/", "/v1/submissions"]
    static let controlPrefix = "/sandbox/rezolve/"

    package init(context: SandboxContext) {
        self.context = context
        self.geozoneGrids = GeozoneGridCache(reader: context.database.writer)
    }

    package func registerMigrations(_ migrator: inout DatabaseMigrator) {
        RezolveSchema.register(&migrator)
        SspTokenSchema.register(&migrator)
        RezolveTriggerStats.register(&migrator)
        SspSchema.register(&migrator)
        RezolveGeozoneSchema.register(&migrator)
    }

    package func seed(_ db: Database) throws {
        let now = context.clock.now().timeIntervalSince1970
        try RezolveSeedData.seed(db, now: now)
        try SspSeedData.seed(db, now: now)
        try RezolveGeozoneSeed.seed(db, now: now)
    }

    package func credentials(_ db: Database) throws -> JSONValue {
        let partner = try RezolvePartnerStore.partner(RezolveSeedData.partnerId, db)
        let customers = try RezolveCustomerStore.customers(partnerId: RezolveSeedData.partnerId, db)
        return [
            "partner_id": .from(partner?.id),
            "partner_name": .from(partner?.name),
            "api_key": .from(partner?.apiKey),
            "auth_key": .from(partner?.authKey),
            "sub_partner_id": .null,
            "ssp": [
                "clientId": .from(partner?.sspClientId), "clientSecret": .from(partner?.sspClientSecret),
                "apiAudience": .from(partner?.sspAudience),
            ],
            "customers": .array(
                customers.map {
                    [
                        "entity_id": .string($0.entityId),
                        "partner_entity_id": .string($0.partnerEntityId),
                        "email": .string($0.email),
                    ]
                }),
            "note":
                "Customers are created by POST /api/v1/authentication/register with a registration JWT signed with auth_key.",
        ]
    }

    package func registerRoutes(on router: ServiceRoutes) {
        let endpoint = RezolveEndpoint(context: context)
        RezolveAuthRoutes(endpoint: endpoint).register(on: router)
        RezolveRecordRoutes(endpoint: endpoint).register(on: router)
        RezolveWalletRoutes(endpoint: endpoint).register(on: router)
        RezolveCatalogRoutes(endpoint: endpoint).register(on: router)
        RezolveSearchRoutes(endpoint: endpoint).register(on: router)
        RezolveCartRoutes(endpoint: endpoint).register(on: router)
        RezolveCheckoutRoutes(endpoint: endpoint).register(on: router)
        RezolveOrderRoutes(endpoint: endpoint).register(on: router)
        SspOAuthRoutes(endpoint: endpoint).register(on: router)
        SspResolverRoutes(endpoint: endpoint).register(on: router)
        SspActRoutes(endpoint: endpoint).register(on: router)
        SspControlRoutes(endpoint: endpoint).register(on: router)
        RezolveStaticRoutes().register(on: router)
        RezolveGeozoneRoutes(endpoint: endpoint, grids: geozoneGrids).register(on: router)
        RezolveGeozoneControlRoutes(endpoint: endpoint).register(on: router)
        RezolveControlRoutes(endpoint: endpoint).register(on: router)
        RezolveControlPlaneRoutes(context: context).register(on: router)
        RezolveStatePages(context: context).register(on: router)
    }

    // MARK: For the sandbox's control plane

    package var prefixes: [ServicePrefix] {
        Self.pathPrefixes.map { ServicePrefix($0, Self.commerceFallback) }
            + Self.sspPrefixes.map { ServicePrefix($0, Self.sspFallback) }
            + [RezolveStaticRoutes.servicePrefix, RezolveControlRoutes.servicePrefix]
    }

    /// The partner's API key rides in a header of its own on every core API call (§3.1); the journal masks it.
    package var secretHeaders: Set<String> { [RezolveAuthenticator.apiKeyHeader] }

    /// The commerce API's 404 and 405, in its `{"errors":[…]}` envelope.
    static let commerceFallback = RouteFallback(
        notFound: { _ in RezolveFailure.resourceNotFound },
        methodNotAllowed: { request, _ in
            RezolveFailure.forStatus(405, message: "Method \(request.method) is not allowed.")
        })

    /// The SSP's 404 and 405, as problem details.
    static let sspFallback = RouteFallback(
        notFound: { _ in SspProblem.notFound("No SSP resource at this path.") },
        methodNotAllowed: { request, _ in
            SspProblem(status: 405, title: "Method Not Allowed", detail: "Method \(request.method) is not allowed.")
        })

    /// Spec §5.11: customers, carts, orders, submissions and SSP fixtures go; partners stay (the seeded one and
    /// any made through the control route), and the seeded catalogue, engagements and geozones come back.
    package func reset() async throws {
        try await context.database.write { db in try resetState(db) }
    }

    func resetState(_ db: Database) throws {
        try RezolveSchema.clearForReset(db)
        try seed(db)
    }

    /// Where the partner's server reports external payments; it answers without a body.
    static let externalCallbackPrefix = "/api/v3/external/callback/"

    /// An injected fault in the §3.4 envelope: 503 carries code 7, 500 the generic code 6 body, 401/403 the
    /// fixed expiry and masked bodies. A rule whose body is JSON `null` answers with no body at all (the
    /// external callback's faults).
    package func faultResponse(status: Int, body: JSONValue?) -> SandboxResponse {
        if body == .null { return SandboxResponse(status: status) }
        return RezolveFailure.fault(
            status: status, body: body, otherwise: .forStatus(status, message: "Injected fault"))
    }
}
