import CommerceCore
import Foundation
import GRDB
import SandboxCore

/// `/sandbox/storefront/…` (spec §5.16): reset, shops, tokens, state, simulation, emails, orders, cart completion,
/// and Storefront's view of the request journal.
/// No token needed; unknown IDs → 404 `{"error":"not_found",…}`, bad bodies → 400 naming the field.
struct StorefrontControlRoutes: Sendable {
    let context: SandboxContext

    /// The control routes' envelope: `{"error":"<code>"[,"field":…],"message":…}`.
    struct Failure: ServiceErrorEnvelope {
        let status: Int
        let code: String
        var field: String?
        let message: String

        var body: JSONValue {
            var object: JSONObject = ["error": .string(code)]
            if let field { object["field"] = .string(field) }
            object["message"] = .string(message)
            return .object(object)
        }
    }

    static func notFound(_ message: String) -> SandboxResponse {
        Failure(status: 404, code: "not_found", message: message).response
    }

    static func invalid(_ field: String, _ message: String) -> SandboxResponse {
        Failure(status: 400, code: "invalid_request", field: field, message: message).response
    }

    func register(on router: ServiceRoutes) {

        StorefrontCatalogControlRoutes(context: context).register(on: router)
        StorefrontContentControlRoutes(context: context).register(on: router)
        CheckoutControlRoutes(context: context).register(on: router)
        HostedCheckoutControlRoutes(context: context).register(on: router)

        router.post("/sandbox/storefront/reset") { _ in
            try await context.reset(named: "storefront")
            return SandboxResponse(status: 204)
        }

        router.get("/sandbox/storefront/shops") { _ in
            let shops: [JSONValue] = try await context.database.read { db in
                try StorefrontShopStore.shops(db).map { shop in
                    Self.shopJSON(shop, tokens: try StorefrontShopStore.tokenObjects(db, shopID: shop.id))
                }
            }
            return .json(.array(shops))
        }

        router.post("/sandbox/storefront/shops") { request in
            guard case .object(let body)? = try? request.jsonBody() else {
                return Self.invalid("body", "The body must be a JSON object")
            }
            var shop = ShopFactory.NewShop()
            func text(_ key: String) -> String?? {
                guard let value = body[key] else { return .some(nil) }
                guard let string = value.stringValue, !string.trimmingCharacters(in: .whitespaces).isEmpty else {
                    return nil
                }
                return .some(string)
            }
            guard let name = text("name"), let domain = text("domain") else {
                return Self.invalid(
                    body["name"]?.stringValue?.isEmpty == false ? "domain" : "name",
                    "name and domain must be non-empty strings")
            }
            guard let name, let domain else {
                return Self.invalid(name == nil ? "name" : "domain", "name and domain are required")
            }
            shop.name = name
            shop.domain = domain.lowercased()
            shop.description = body["description"]?.stringValue
            if let currency = body["currencyCode"] {
                guard let code = currency.stringValue, Currency.isActive(code) else {
                    return Self.invalid("currencyCode", "Unknown ISO 4217 currency")
                }
                shop.currency = code
            }
            if let country = body["countryCode"] {
                guard let code = country.stringValue.flatMap(Countries.code(for:)),
                    code == country.stringValue?.uppercased()
                else {
                    return Self.invalid("countryCode", "Unknown ISO 3166 country code")
                }
                shop.country = code
            }
            switch body["catalog"]?.stringValue ?? (body["catalog"] == nil ? "demo" : nil) {
            case "demo": shop.demoCatalog = true
            case "empty": shop.demoCatalog = false
            default: return Self.invalid("catalog", "catalog must be \"demo\" or \"empty\"")
            }
            let now = context.clock.now()
            let newShop = shop
            let created: (Int64, String)? = try await context.database.write { db in
                if try StorefrontShopStore.domainTaken(db, newShop.domain) { return nil }
                let id = try ShopFactory.create(db, newShop, now: now)
                return (id, try ShopFactory.issueToken(db, shopID: id, now: now))
            }
            guard let (id, token) = created else {
                return Failure(
                    status: 409, code: "conflict", field: "domain", message: "A shop with domain \(shop.domain) exists"
                ).response
            }
            return .json(
                [
                    "id": .integer(id), "domain": .string(shop.domain), "storefrontAccessToken": .string(token),
                    "graphqlURL": .string(context.publicURL(path: "/api/\(StorefrontGraphQL.servedVersion)/graphql")),
                ], status: 201)
        }

        router.post("/sandbox/storefront/shops/:id/tokens") { request in
            guard let shopID = Int64(request.parameter("id")) else {
                return Self.notFound("Unknown shop \(request.parameter("id"))")
            }
            var scopes = StorefrontScope.all
            if !request.body.isEmpty {
                guard case .object(let body)? = try? request.jsonBody() else {
                    return Self.invalid("body", "The body must be a JSON object")
                }
                if let list = body["scopes"] {
                    guard let values = list.arrayValue?.compactMap(\.stringValue),
                        values.count == list.arrayValue?.count,
                        values.allSatisfy(StorefrontScope.all.contains)
                    else {
                        return Self.invalid(
                            "scopes", "scopes must be a list of: " + StorefrontScope.all.joined(separator: ", "))
                    }
                    scopes = values
                }
            }
            let now = context.clock.now()
            let granted = scopes
            let token: String? = try await context.database.write { db in
                guard try StorefrontShopStore.exists(db, id: shopID) else { return nil }
                return try ShopFactory.issueToken(db, shopID: shopID, scopes: granted, now: now)
            }
            guard let token else { return Self.notFound("Unknown shop \(shopID)") }
            return .json(["token": .string(token), "scopes": .array(scopes.map(JSONValue.string))], status: 201)
        }

        router.delete("/sandbox/storefront/tokens/:token") { request in
            let token = request.parameter("token")
            let now = context.clock.now()
            let changed = try await context.database.write { db in
                try StorefrontShopStore.revoke(db, token: token, at: now)
            }
            return changed ? SandboxResponse(status: 204) : Self.notFound("Unknown token")
        }

        router.put("/sandbox/storefront/shops/:id/state") { request in
            guard let state = (try? request.jsonBody())?["state"]?.stringValue,
                ["active", "frozen", "locked"].contains(state)
            else {
                return Self.invalid("state", "state must be \"active\", \"frozen\" or \"locked\"")
            }
            let id = Int64(request.parameter("id")) ?? -1
            let changed = try await context.database.write { db in try StorefrontShopStore.setState(db, id: id, state) }
            return changed ? SandboxResponse(status: 204) : Self.notFound("Unknown shop \(request.parameter("id"))")
        }

        router.put("/sandbox/storefront/shops/:id/simulation") { request in
            guard case .object(let update)? = try? request.jsonBody() else {
                return Self.invalid("body", "The body must be a JSON object")
            }
            let id = Int64(request.parameter("id")) ?? -1
            let result = try await context.database.write { db -> Result<JSONObject, StorefrontSimulation.Problem>? in
                guard let shop = try StorefrontShopStore.shop(db, id: id) else { return nil }
                var merged: JSONObject
                do {
                    merged = try StorefrontSimulation.merge(update, into: shop.simulation)
                } catch let problem as StorefrontSimulation.Problem {
                    return .failure(problem)
                }
                // failNext lives in the sandbox's fault injector, not in the stored settings.
                merged["failNext"] = nil
                try StorefrontShopStore.setSimulation(db, id: id, merged)
                return .success(merged)
            }
            switch result {
            case nil: return Self.notFound("Unknown shop \(request.parameter("id"))")
            case .failure(.invalid(let field, let message))?: return Self.invalid(field, message)
            case .success(var merged)?:
                if let failNext = update["failNext"] {
                    try StorefrontSimulation.apply(failNext: failNext, shopID: id, to: context.faults)
                }
                merged["failNext"] = StorefrontSimulation.pendingFailure(context.faults, shopID: id)
                return .json(StorefrontSimulation.report(merged))
            }
        }

        router.get("/sandbox/storefront/shops/:id/emails") { request in
            let id = Int64(request.parameter("id")) ?? -1
            let emails: [JSONValue]? = try await context.database.read { db in
                guard try StorefrontShopStore.exists(db, id: id) else { return nil }
                return try StorefrontShopStore.emails(db, shopID: id)
            }
            guard let emails else { return Self.notFound("Unknown shop \(request.parameter("id"))") }
            return .json(.array(emails))
        }

        router.get("/sandbox/storefront/shops/:id/orders") { request in
            let id = Int64(request.parameter("id")) ?? -1
            let orders: [JSONValue]? = try await context.database.read { db in
                guard try StorefrontShopStore.exists(db, id: id) else { return nil }
                return try StorefrontOrderStore.orders(db, shopID: id).map { order in
                    order.controlJSON(customerGID: order.customerID.map { GlobalID("Customer", $0).encoded })
                }
            }
            guard let orders else { return Self.notFound("Unknown shop \(request.parameter("id"))") }
            return .json(.array(orders))
        }

        router.post("/sandbox/storefront/carts/:token/complete") { request in
            let token = request.parameter("token")
            let now = context.clock.now()
            let outcome = try await context.database.write { db in
                try CartCompletion.complete(db, token: token, now: now)
            }
            switch outcome {
            case nil: return Self.notFound("Unknown or expired cart \(token)")
            case .failure(let problems)?: return .json(["errors": .array(problems.entries.map(\.json))], status: 422)
            case .success(let order)?: return .json(["orderId": .string(order.gid.encoded)], status: 202)
            }
        }

        // Storefront's view of the sandbox journal (§5.15): GraphQL calls oldest first, the newest `limit`.
        router.get("/sandbox/storefront/requests") { request in
            let limit = max(0, request.query["limit"].flatMap(Int.init) ?? 500)
            let calls = context.journal.entries(JournalFilter(service: "storefront")).filter {
                $0.notes["queryTag"] != nil
            }
            return .json(
                .array(
                    calls.prefix(limit).reversed().map { entry in
                        let token = entry.requestHeaders["X-Shopify-Storefront-Access-Token"] ?? ""
                        return [
                            "time": .string(ISO8601.format(entry.time, fraction: .milliseconds)),
                            "route": .string(entry.path),
                            "status": .integer(Int64(entry.status)),
                            "token": .from(token.isEmpty ? nil : String(token.suffix(4))),
                            "queryTag": entry.notes["queryTag"] ?? "absent",
                            "operation": entry.notes["operation"] ?? .null,
                        ]
                    }))
        }
    }

    static func shopJSON(_ shop: ShopRecord, tokens: [JSONValue]) -> JSONValue {
        [
            "id": .integer(shop.id), "name": .string(shop.name), "domain": .string(shop.domain),
            "currencyCode": .string(shop.currency),
            "countryCode": .string(shop.country), "state": .string(shop.state), "tokens": .array(tokens),
        ]
    }
}

extension StorefrontControlRoutes {
    /// Where these routes answer and how unknown paths and methods there are answered.
    static var servicePrefix: ServicePrefix {
        ServicePrefix(
            "/sandbox/storefront/",
            RouteFallback(
                notFound: { request in
                    Failure(
                        status: 404, code: "not_found",
                        message: "No Storefront control route \(request.method) \(request.path)")
                },
                methodNotAllowed: { request, _ in
                    Failure(
                        status: 405, code: "method_not_allowed",
                        message: "\(request.method) is not allowed on \(request.path)")
                }))
    }
}
