import CommerceCore
import Foundation
import GRDB
import SandboxCore

/// The wallet and favourites (spec §3.5.2). Cards arrive with an RSA-encrypted PAN; only its first six
/// and last four digits and its processor class are kept.
struct RezolveWalletRoutes: Sendable {
    let endpoint: RezolveEndpoint

    func register(on router: ServiceRoutes) {
        let wallet = RezolveEndpoint.b1 + "/wallet"
        router.get(
            wallet,
            handler: endpoint.customer { _, caller in
                let list = try await endpoint.database.read { db in
                    try RezolveCustomerStore.all(RZCard.self, entityId: caller.entityId, db)
                }
                return .json(.array(list.map(RezolveWire.card)))
            })
        router.post(
            wallet,
            handler: endpoint.customer { request, caller in
                let input = try RezolveWalletRules.card(
                    try RezolveBody(request).object, isUpdate: false,
                    privateKeyPEM: caller.customer.privateKeyPem)
                let blank = RZCard(
                    id: RezolveWire.newId(), entityId: caller.entityId, shortName: "", type: "", brand: "",
                    nameOnCard: "", pan4: "", pan6: "", panClass: "", expiresOn: "", validFrom: "", addressId: "",
                    insertedAt: endpoint.now.timeIntervalSince1970)
                let card = Self.apply(input, to: blank)
                try await endpoint.database.write { db in
                    try Self.checkAddress(card.addressId, caller, db)
                    try RezolveCustomerStore.insert(card, db)
                }
                return .json(RezolveWire.card(card), status: 201)
            })
        router.get(
            wallet + "/:id",
            handler: endpoint.customer { request, caller in
                .json(RezolveWire.card(try await card(request, caller)))
            })
        router.put(
            wallet + "/:id",
            handler: endpoint.customer { request, caller in
                let existing = try await card(request, caller)
                let input = try RezolveWalletRules.card(
                    try RezolveBody(request).object, isUpdate: true,
                    privateKeyPEM: caller.customer.privateKeyPem)
                let card = Self.apply(input, to: existing)
                try await endpoint.database.write { db in
                    try Self.checkAddress(card.addressId, caller, db)
                    try RezolveCustomerStore.update(card, db)
                }
                return .json(RezolveWire.card(card))
            })
        router.delete(
            wallet + "/:id",
            handler: endpoint.customer { request, caller in
                let card = try await card(request, caller)
                try await endpoint.database.write { db in try RezolveCustomerStore.delete(card, db) }
                return .noContent
            })
        registerFavourites(on: router)
    }

    private func registerFavourites(on router: ServiceRoutes) {
        let favourites = RezolveEndpoint.b1 + "/favourite"
        router.get(
            favourites,
            handler: endpoint.customer { _, caller in
                let list = try await endpoint.database.read { db in
                    try RezolveCustomerStore.favourites(entityId: caller.entityId, db)
                }
                return .json(.array(list.map(RezolveWire.favourite)))
            })
        router.post(
            favourites,
            handler: endpoint.customer { request, caller in
                let input = try Self.favouriteInput(try RezolveBody(request).object)
                let favourite = RZFavourite(
                    id: RezolveWire.newId(), entityId: caller.entityId, provider: input[0],
                    type: input[1], value: input[2])
                try await endpoint.database.write { db in try RezolveCustomerStore.insert(favourite, db) }
                return .json(RezolveWire.favourite(favourite), status: 201)
            })
        router.get(
            favourites + "/:id",
            handler: endpoint.customer { request, caller in
                .json(RezolveWire.favourite(try await favourite(request, caller)))
            })
        router.put(
            favourites + "/:id",
            handler: endpoint.customer { request, caller in
                var favourite = try await favourite(request, caller)
                let input = try Self.favouriteInput(try RezolveBody(request).object)
                (favourite.provider, favourite.type, favourite.value) = (input[0], input[1], input[2])
                let saved = favourite
                try await endpoint.database.write { db in try RezolveCustomerStore.update(saved, db) }
                return .json(RezolveWire.favourite(saved))
            })
        router.delete(
            favourites + "/:id",
            handler: endpoint.customer { request, caller in
                let favourite = try await favourite(request, caller)
                try await endpoint.database.write { db in try RezolveCustomerStore.delete(favourite, db) }
                return .noContent
            })
    }

    /// `[provider, type, value]`, all required strings.
    private static func favouriteInput(_ body: JSONObject) throws(RezolveFailure) -> [String] {
        let names = ["provider", "type", "value"]
        let missing = body.missing(names)
        guard missing.isEmpty else { throw RezolveFailure.validation(3, [RezolveMessage.required(missing)]) }
        let mismatches = RezolveFieldRules.stringMismatches(body, names)
        guard mismatches.isEmpty else { throw RezolveFailure.validation(5, mismatches) }
        return names.map { RezolveFieldRules.string(body, $0) }
    }

    private func card(_ request: SandboxRequest, _ caller: RezolveCaller) async throws -> RZCard {
        try await endpoint.owned(RZCard.self, request, caller, notFound: .cardNotFound)
    }

    private func favourite(_ request: SandboxRequest, _ caller: RezolveCaller) async throws -> RZFavourite {
        try await endpoint.owned(RZFavourite.self, request, caller, notFound: .favouriteNotFound)
    }

    private static func checkAddress(_ addressId: String, _ caller: RezolveCaller, _ db: Database) throws {
        guard try RezolveCustomerStore.owned(RZAddress.self, id: addressId, entityId: caller.entityId, db) != nil else {
            throw RezolveFailure.addressNotFound
        }
    }

    private static func apply(_ input: RezolveWalletRules.CardInput, to card: RZCard) -> RZCard {
        var copy = card
        let fields = input.fields
        copy.shortName = fields["short_name"] ?? copy.shortName
        copy.type = fields["type"] ?? copy.type
        copy.brand = fields["brand"] ?? copy.brand
        copy.nameOnCard = fields["name_on_card"] ?? copy.nameOnCard
        copy.expiresOn = fields["expires_on"] ?? copy.expiresOn
        copy.validFrom = fields["valid_from"] ?? copy.validFrom
        copy.addressId = fields["address_id"] ?? copy.addressId
        if let pan = input.pan { (copy.pan6, copy.pan4, copy.panClass) = (pan.pan6, pan.pan4, pan.panClass) }
        return copy
    }
}
