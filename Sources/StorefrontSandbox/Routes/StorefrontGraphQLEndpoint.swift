import CommerceCore
import Foundation
import GRDB
import GraphQL
import SandboxCore

/// `POST /api/{version}/graphql[.json]`: the checks of spec §4.1 in the order H12 gives
/// (H5 → H6 → H4 → H1/H2 → H3 → H8 → H7 → H9 → H10), then execution.
struct StorefrontGraphQLEndpoint: Sendable {
    static let maximumBodySize = 1024 * 1024

    let context: SandboxContext
    /// The executable schema of each served version; both run on the same stores.
    let schemas: [String: StorefrontGraphQL]
    let catalogCache: CatalogCache?
    let shopAccess: ShopAccessCache

    func respond(_ request: SandboxRequest) async throws -> SandboxResponse {
        let version = request.parameter("version")
        let token = request.headers["X-Shopify-Storefront-Access-Token"] ?? ""
        let queryTag = Self.queryTag(request)
        var operation: String?
        let response = try await handle(request, version: version, token: token, operation: &operation)
        var headers = response.headers
        headers["X-Shopify-API-Version"] = schemas[version] == nil ? StorefrontGraphQL.servedVersion : version
        headers["X-Sandbox-Query-Tag"] = queryTag
        if headers["X-Request-Id"] == nil { headers["X-Request-Id"] = UUID().uuidString.lowercased() }
        var answer = response.noting(["queryTag": .string(queryTag), "operation": .from(operation)])
        answer.headers = headers
        return answer
    }

    private func handle(_ request: SandboxRequest, version: String, token: String, operation: inout String?)
        async throws -> SandboxResponse
    {
        guard StorefrontHTTPErrors.isWellFormedVersion(version) else { return StorefrontHTTPErrors.notFound() }
        guard let graphQL = schemas[version] else { return StorefrontHTTPErrors.versionNotServed(version) }
        let found = token.isEmpty ? nil : try await shopAccess.access(token: token, database: context.database)
        guard let grant = found?.grant else { return StorefrontHTTPErrors.unauthorized() }
        if grant.revoked { return StorefrontHTTPErrors.revoked() }
        guard let shop = found?.shop else { return StorefrontHTTPErrors.unauthorized() }
        if shop.state != "active" { return StorefrontHTTPErrors.shopInactive(state: shop.state) }
        if request.body.count > Self.maximumBodySize { return StorefrontHTTPErrors.tooLarge() }

        let mediaType =
            (request.headers["Content-Type"] ?? "").split(separator: ";").first
            .map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
        let graphQLRequest: StorefrontGraphQL.Request
        switch mediaType {
        case "application/json":
            guard let json = try? JSONValue.parse(request.body) else { return StorefrontHTTPErrors.invalidJSON() }
            guard case .object(let object) = json, let query = object["query"]?.stringValue, !query.isEmpty else {
                return StorefrontHTTPErrors.missingParameter("query")
            }
            var variables: [String: Map] = [:]
            switch object["variables"] {
            case nil, .null?: break
            case .object(let values)?: for (key, value) in values { variables[key] = Self.map(value) }
            default: return StorefrontHTTPErrors.missingParameter("variables")
            }
            var operationName: String?
            switch object["operationName"] {
            case nil, .null?: break
            case .string(let name)?: operationName = name
            default: return StorefrontHTTPErrors.missingParameter("operationName")
            }
            graphQLRequest = .init(document: query, variables: variables, operationName: operationName)
        case "application/graphql":
            let document = String(decoding: request.body, as: UTF8.self)
            guard !document.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
                return StorefrontHTTPErrors.missingParameter("query")
            }
            graphQLRequest = .init(document: document, variables: [:], operationName: nil)
        default:
            return StorefrontHTTPErrors.unsupportedMediaType()
        }

        // The shop's `failNext` fires here, where the shop is known (a scoped rule of the shared injector).
        return try await context.faults.apply(
            to: request, scope: StorefrontSimulation.faultScope(shopID: shop.id),
            render: StorefrontService.renderFault
        ) {
            if let latency = shop.simulation["latencyMs"]?.integerValue, latency > 0 {
                try await Task.sleep(for: .milliseconds(min(latency, 10_000)))
            }
            let requestID = UUID().uuidString.lowercased()
            let now = context.clock.now()
            let publicURL: @Sendable (String) -> String = { [context] path in context.publicURL(path: path) }
            let outcome = try await graphQL.run(graphQLRequest, database: context.database, catalogCache: catalogCache)
            { db in
                // Re-read the shop inside the transaction so the request sees one consistent state.
                let current = try StorefrontShopStore.shop(db, id: shop.id) ?? shop
                return StorefrontRequestContext(
                    db: db, shop: current, grant: grant, now: now, requestID: requestID, publicURL: publicURL)
            }
            operation = outcome.operation
            return SandboxResponse(
                status: 200, headers: ["Content-Type": "application/json; charset=utf-8", "X-Request-Id": requestID],
                body: outcome.bodyData)
        }
    }

    /// `match`, `mismatch` or `absent`: the client's `X-Query-Tag` against the SHA-256 of the body (never an error).
    static func queryTag(_ request: SandboxRequest) -> String {
        guard let tag = request.headers["X-Query-Tag"] else { return "absent" }
        return tag.lowercased() == HexDigest.sha256(request.body) ? "match" : "mismatch"
    }

    static func map(_ value: JSONValue) -> Map {
        switch value {
        case .null: .null
        case .bool(let bool): .bool(bool)
        case .integer(let integer): .number(Number(Int(integer)))
        case .double(let double): .number(Number(double))
        case .string(let string): .string(string)
        case .array(let items): .array(items.map(map))
        case .object(let object): dictionary(object)
        }
    }

    private static func dictionary(_ object: JSONObject) -> Map {
        var result: Map = [:]
        guard case .dictionary(var entries) = result else { return result }
        for (key, value) in object { entries[key] = map(value) }
        result = .dictionary(entries)
        return result
    }
}
