import CommerceCore
import Foundation
import GRDB
import SandboxCore

/// Registration, the app version, the customer's public key and the profile (spec §3.5.1–3.5.2).
struct RezolveAuthRoutes: Sendable {
    let endpoint: RezolveEndpoint

    func register(on router: ServiceRoutes) {
        let b1 = RezolveEndpoint.b1
        router.post("/api/v1/authentication/register", handler: endpoint.open(registerCustomer))
        router.get(
            "/api/v1/device/appversion",
            handler: endpoint.open { request in
                _ = try await endpoint.database.read { db in try RezolveAuthenticator.partner(request, db) }
                return .json(["minimum_version": "1.0.0", "current_version": "2.0.11.2"])
            })
        router.get(
            b1 + "/publickey",
            handler: endpoint.customer { _, caller in
                .json(["public_key": .string(caller.customer.publicKeyPem)])
            })
        router.get(
            b1 + "/profile", handler: endpoint.customer { _, caller in .json(RezolveWire.profile(caller.customer)) })
        router.put(b1 + "/profile", handler: endpoint.customer(updateProfile))
    }

    /// 201 for a new customer, 200 with the same body when `partner_entity_id` is already registered
    /// (idempotent; the key pair is kept).
    @Sendable func registerCustomer(_ request: SandboxRequest) async throws -> SandboxResponse {
        let now = endpoint.now
        let (partner, partnerEntityId) = try await endpoint.database.read { db in
            try RezolveAuthenticator.registration(request, now: now, db)
        }
        let body = try RezolveBody(request)
        guard let emailValue = body["email"] else {
            throw RezolveFailure.validation(3, [RezolveMessage.required(["email"])])
        }
        guard let email = emailValue.stringValue, RezolveFieldRules.isEmail(email) else {
            throw RezolveFailure.registrationFailed
        }
        if let existing = try await endpoint.database.read({ db in
            try RezolveCustomerStore.customer(partnerId: partner.id, partnerEntityId: partnerEntityId, db)
        }) {
            return .json(Self.registered(existing), status: 200)
        }
        // Key generation takes a moment; do it outside the write transaction.
        let keys = try RezolveCardRules.newKeyPair()
        let seconds = now.timeIntervalSince1970
        let fresh = RZCustomer(
            entityId: RezolveWire.newId(), partnerId: partner.id, partnerEntityId: partnerEntityId,
            email: email, title: "", firstName: "", lastName: "", name: "", phone: "", countryCode: "",
            useDataForMarketing: false, privateKeyPem: keys.privatePEM, publicKeyPem: keys.publicPEM,
            dateCreated: seconds, dateUpdated: seconds)
        let (customer, isNew) = try await endpoint.database.write { db in
            try RezolveCustomerStore.insertUnlessRegistered(fresh, db)
        }
        return .json(Self.registered(customer), status: isNew ? 201 : 200)
    }

    static func registered(_ customer: RZCustomer) -> JSONValue {
        ["entity_id": .string(customer.entityId), "partner_id": .string(customer.partnerId)]
    }

    @Sendable func updateProfile(_ request: SandboxRequest, _ caller: RezolveCaller) async throws -> SandboxResponse {
        let body = try RezolveBody(request).object
        guard let marketing = body["use_data_for_marketing"] else {
            throw RezolveFailure.validation(3, [RezolveMessage.required(["use_data_for_marketing"])])
        }
        var problems = RezolveFieldRules.stringMismatches(body, ["title", "first_name", "last_name", "name", "email"])
        if marketing.boolValue == nil {
            problems.append(
                RezolveMessage.typeMismatch(expected: "Boolean", got: marketing, at: "#/use_data_for_marketing"))
        }
        if let email = body["email"]?.stringValue, !RezolveFieldRules.isEmail(email) {
            problems.append("Invalid email address. - #/email")
        }
        guard problems.isEmpty else {
            throw RezolveFailure.validation(5, problems.sorted { pointer($0) < pointer($1) })
        }
        var customer = caller.customer
        customer.title = body["title"]?.stringValue ?? customer.title
        customer.firstName = body["first_name"]?.stringValue ?? customer.firstName
        customer.lastName = body["last_name"]?.stringValue ?? customer.lastName
        customer.name = body["name"]?.stringValue ?? customer.name
        customer.email = body["email"]?.stringValue ?? customer.email
        customer.useDataForMarketing = marketing.boolValue ?? false
        customer.dateUpdated = endpoint.now.timeIntervalSince1970
        let saved = customer
        try await endpoint.database.write { db in try RezolveCustomerStore.update(saved, db) }
        return .json(RezolveWire.profile(saved))
    }

    /// The JSON pointer at the end of a validation item, for sorting.
    private func pointer(_ item: String) -> String {
        item.components(separatedBy: " - ").last ?? item
    }
}
