import CommerceCore
import Foundation
import GRDB
import SandboxCore

/// `/sandbox/rezolve/...` routes part 1 needs (spec §5.11): partners, customers, order status, external
/// payments and settings. Clock, faults, journal and reset belong to the sandbox's one control plane.
/// Answers: JSON; 400 `{"error":"<field>: <problem>"}`, 404 `{"error":"not found"}`, 409 for a refused transition.
struct RezolveControlRoutes: Sendable {
    let endpoint: RezolveEndpoint

    /// The 404 of every control route, `{"error":"not found"}`.
    static let notFound = SandboxPlainError(status: 404, message: "not found")

    func register(on router: ServiceRoutes) {
        let p = "/sandbox/rezolve"
        router.get(
            p + "/partners",
            handler: controlled { _ in
                let partners = try await endpoint.database.read { db in
                    try RezolvePartnerStore.partners(db)
                }
                return .json(["partners": .array(partners.map(Self.partnerJSON))])
            })
        router.post(p + "/partners", handler: controlled(createPartner))
        router.post(p + "/customers", handler: controlled(createCustomer))
        router.post(p + "/products", handler: controlled(addProduct))
        router.post(p + "/orders/:orderId/status", handler: controlled(setOrderStatus))
        router.get(
            p + "/payments/:paymentId",
            handler: controlled { request in
                let id = request.parameter("paymentId")
                let now = endpoint.now
                let payment = try await endpoint.database.write { db in
                    try RezolveCommerceStore.settleDueCallbacks(now: now, db)
                    return try RezolveCommerceStore.externalPayment(id, db)
                }
                guard let payment else { throw Self.notFound }
                return .json([
                    "payment_id": .string(payment.id), "order_id": .string(String(payment.orderId)),
                    "state": .string(payment.state), "reason": .from(payment.reason),
                    "pending_action": .from(payment.pendingAction),
                ])
            })
        router.get(
            p + "/stats/triggers",
            handler: controlled { _ in
                .json(try await endpoint.database.read { db in try RezolveTriggerStats.json(db) })
            })
        router.get(
            p + "/settings",
            handler: controlled { _ in
                .json(
                    Self.settingsJSON(try await endpoint.database.read { db in try RezolveCommerceStore.settings(db) }))
            })
        router.put(p + "/settings", handler: controlled(updateSettings))
    }

    func controlled(_ body: @escaping @Sendable (SandboxRequest) async throws -> SandboxResponse)
        -> ServiceRoutes.Handler
    {
        { request in
            do { return try await body(request) } catch let failure as SandboxPlainError { return failure.response }
        }
    }

    func object(_ request: SandboxRequest) throws -> JSONObject {
        if request.body.isEmpty { return [:] }
        guard case .object(let object)? = try? JSONValue.parse(request.body) else {
            throw SandboxPlainError.field("body", "must be a JSON object")
        }
        return object
    }

    private func optionalString(_ body: JSONObject, _ field: String) throws -> String? {
        guard let value = body[field], !value.isNull else { return nil }
        guard let text = value.stringValue, !text.isEmpty else {
            throw SandboxPlainError.field(field, "must be a non-empty string")
        }
        return text
    }

    /// Fresh random credentials attached to the shared catalogue, so a test gets its own customers and orders.
    @Sendable func createPartner(_ request: SandboxRequest) async throws -> SandboxResponse {
        let body = try object(request)
        let name = try optionalString(body, "name") ?? "Sandbox Partner"
        let now = endpoint.now.timeIntervalSince1970
        let partner = try await endpoint.database.write { db in
            let partner = RZPartner(
                id: try RezolvePartnerStore.nextPartnerId(db), apiKey: UUID().uuidString.lowercased(),
                authKey: RandomToken.hex(90), name: name, sspClientId: "sbx-ssp-" + RandomToken.hex(12),
                sspClientSecret: RandomToken.hex(40), sspAudience: "commercekit-sandbox-audience", createdAt: now)
            try RezolvePartnerStore.insert(partner, db)
            return partner
        }
        return .json(Self.partnerJSON(partner), status: 201)
    }

    /// A registered customer made directly, with an optional fixed entity id (for fixed vectors).
    @Sendable func createCustomer(_ request: SandboxRequest) async throws -> SandboxResponse {
        let body = try object(request)
        guard let partnerEntityId = try optionalString(body, "partnerEntityId") else {
            throw SandboxPlainError.field("partnerEntityId", "is required")
        }
        guard let email = try optionalString(body, "email"), RezolveFieldRules.isEmail(email) else {
            throw SandboxPlainError.field("email", "must be an e-mail address")
        }
        let entityId = try optionalString(body, "entityId") ?? RezolveWire.newId()
        let partnerId = try optionalString(body, "partnerId") ?? RezolveSeedData.partnerId
        let keys = try RezolveCardRules.newKeyPair()
        let now = endpoint.now.timeIntervalSince1970
        let customer = RZCustomer(
            entityId: entityId, partnerId: partnerId, partnerEntityId: partnerEntityId, email: email,
            title: "", firstName: "", lastName: "", name: "", phone: "", countryCode: "",
            useDataForMarketing: false, privateKeyPem: keys.privatePEM, publicKeyPem: keys.publicPEM,
            dateCreated: now, dateUpdated: now)
        try await endpoint.database.write { db in
            guard try RezolvePartnerStore.partner(partnerId, db) != nil else {
                throw SandboxPlainError.field("partnerId", "unknown partner")
            }
            guard try RezolveCustomerStore.customer(entityId, db) == nil,
                try RezolveCustomerStore.customer(partnerId: partnerId, partnerEntityId: partnerEntityId, db) == nil
            else {
                throw SandboxPlainError(status: 409, message: "customer already exists")
            }
            try RezolveCustomerStore.insert(customer, db)
        }
        return .json(
            [
                "entity_id": .string(entityId), "partner_id": .string(partnerId),
                "partner_entity_id": .string(partnerEntityId), "email": .string(email),
            ], status: 201)
    }

    /// A product for a test (see `ProductFixture`), in a category of its merchant; gone again after a reset.
    @Sendable func addProduct(_ request: SandboxRequest) async throws -> SandboxResponse {
        let product = try ProductFixture.product(from: try object(request))
        try await endpoint.database.write { db in
            guard try RezolveCatalogStore.merchantExists(product.merchantId, db) else {
                throw SandboxPlainError.field("merchantId", "unknown merchant")
            }
            guard let category = try RezolveCatalogStore.storedCategory(product.categoryId, db),
                category.merchantId == product.merchantId
            else {
                throw SandboxPlainError.field("categoryId", "not a category of merchant \(product.merchantId)")
            }
            guard try !RezolveCatalogStore.productExists(product.id, db) else {
                throw SandboxPlainError(status: 409, message: "product \(product.id) already exists")
            }
            try RezolveCatalogStore.insert(product, db)
        }
        return .json(
            [
                "id": .integer(product.id), "merchant_id": .string(product.merchantId),
                "category_id": .integer(product.categoryId), "name": .string(product.name),
            ], status: 201)
    }

    /// Merchant-side transitions: pending → complete | pre-canceled, pre-canceled → cancelled.
    @Sendable func setOrderStatus(_ request: SandboxRequest) async throws -> SandboxResponse {
        let body = try object(request)
        guard let target = body["status"]?.stringValue, ["complete", "pre-canceled", "cancelled"].contains(target)
        else {
            throw SandboxPlainError.field("status", "must be complete, pre-canceled or cancelled")
        }
        let id = Int64(request.parameter("orderId"))
        let order = try await endpoint.database.write { db -> RZOrder in
            guard let id, var order = try RezolveCommerceStore.listedOrder(id, db) else { throw Self.notFound }
            let allowed =
                (order.state == "pending" && target != "cancelled")
                || (order.state == "pre-canceled" && target == "cancelled")
            guard allowed else {
                throw SandboxPlainError(status: 409, message: "order is \(order.state); cannot become \(target)")
            }
            order.state = target
            try RezolveCommerceStore.update(order, db)
            return order
        }
        return .json([
            "order_id": .string(String(order.id)), "status": .string(order.state),
            "payment_status": .from(order.paymentStatus),
        ])
    }

    @Sendable func updateSettings(_ request: SandboxRequest) async throws -> SandboxResponse {
        let body = try object(request)
        func number(_ field: String, within range: ClosedRange<Int64>) throws -> Int64? {
            guard let value = body[field] else { return nil }
            guard let number = value.integerValue, range.contains(number) else {
                throw SandboxPlainError.field(
                    field, "must be an integer from \(range.lowerBound) to \(range.upperBound)")
            }
            return number
        }
        let delay = try number("callbackApplyDelayMs", within: 0...600_000)
        let ttl = try number("optionSessionTTLSeconds", within: 1...86_400 * 30)
        let settings = try await endpoint.database.write { db in
            var settings = try RezolveCommerceStore.settings(db)
            settings.callbackApplyDelayMs = delay ?? settings.callbackApplyDelayMs
            settings.optionSessionTtlSeconds = ttl ?? settings.optionSessionTtlSeconds
            try RezolveCommerceStore.save(settings, db)
            return settings
        }
        return .json(Self.settingsJSON(settings))
    }

    static func settingsJSON(_ settings: RZSettings) -> JSONValue {
        [
            "callbackApplyDelayMs": .integer(settings.callbackApplyDelayMs),
            "optionSessionTTLSeconds": .integer(settings.optionSessionTtlSeconds),
        ]
    }

    static func partnerJSON(_ partner: RZPartner) -> JSONValue {
        [
            "partner_id": .string(partner.id), "name": .string(partner.name), "api_key": .string(partner.apiKey),
            "auth_key": .from(partner.authKey),
            "ssp": [
                "clientId": .string(partner.sspClientId), "clientSecret": .string(partner.sspClientSecret),
                "apiAudience": .string(partner.sspAudience),
            ],
        ]
    }
}

extension RezolveControlRoutes {
    /// Where these routes answer and how unknown paths and methods there are answered.
    static var servicePrefix: ServicePrefix {
        ServicePrefix(
            "/sandbox/rezolve/",
            RouteFallback(
                notFound: { _ in Self.notFound },
                methodNotAllowed: { request, _ in
                    SandboxPlainError(status: 405, message: "method \(request.method) not allowed")
                }))
    }
}
