import CommerceCore
import Foundation
import GRDB
import SandboxCore

/// The phone book and address book (spec §3.5.2). Ids are UUIDs scoped to the customer.
struct RezolveRecordRoutes: Sendable {
    let endpoint: RezolveEndpoint

    func register(on router: ServiceRoutes) {
        let phones = RezolveEndpoint.b1 + "/phonebook"
        router.get(
            phones,
            handler: endpoint.customer { _, caller in
                let list = try await endpoint.database.read { db in
                    try RezolveCustomerStore.all(RZPhone.self, entityId: caller.entityId, db)
                }
                return .json(["phones": .array(list.map(RezolveWire.phone))])
            })
        router.post(
            phones,
            handler: endpoint.customer { request, caller in
                let input = try RezolveRecordRules.phone(try RezolveBody(request).object, isUpdate: false)
                let now = endpoint.now.timeIntervalSince1970
                let phone = RZPhone(
                    id: RezolveWire.newId(), entityId: caller.entityId, name: input.name, phone: input.phone,
                    insertedAt: now, updatedAt: now)
                try await endpoint.database.write { db in try RezolveCustomerStore.insert(phone, db) }
                return .json(RezolveWire.phone(phone), status: 201)
            })
        router.get(
            phones + "/:id",
            handler: endpoint.customer { request, caller in
                .json(RezolveWire.phone(try await phone(request, caller)))
            })
        router.put(
            phones + "/:id",
            handler: endpoint.customer { request, caller in
                var phone = try await phone(request, caller)
                let input = try RezolveRecordRules.phone(try RezolveBody(request).object, isUpdate: true)
                phone.name = input.name
                phone.phone = input.phone
                phone.updatedAt = endpoint.now.timeIntervalSince1970
                let saved = phone
                try await endpoint.database.write { db in try RezolveCustomerStore.update(saved, db) }
                return .json(RezolveWire.phone(saved))
            })
        router.delete(
            phones + "/:id",
            handler: endpoint.customer { request, caller in
                let phone = try await phone(request, caller)
                try await endpoint.database.write { db in
                    guard try !RezolveCustomerStore.isPhoneUsed(phone.id, db) else {
                        throw RezolveFailure.badRequest(6, "Phone is in use by an address")
                    }
                    try RezolveCustomerStore.delete(phone, db)
                }
                return .noContent
            })
        registerAddresses(on: router)
    }

    private func registerAddresses(on router: ServiceRoutes) {
        let addresses = RezolveEndpoint.b1 + "/addressbook"
        router.get(
            addresses,
            handler: endpoint.customer { _, caller in
                let list = try await endpoint.database.read { db in
                    try RezolveCustomerStore.all(RZAddress.self, entityId: caller.entityId, db)
                }
                return .json(.array(list.map(RezolveWire.address)))
            })
        router.post(
            addresses,
            handler: endpoint.customer { request, caller in
                let input = try RezolveRecordRules.address(try RezolveBody(request).object)
                let now = endpoint.now.timeIntervalSince1970
                let address = Self.apply(
                    input,
                    to: RZAddress(
                        id: RezolveWire.newId(), entityId: caller.entityId, shortName: "", fullName: "", line1: "",
                        line2: "", city: "",
                        state: "", zip: "", country: "", countryAlpha2: "", phoneId: nil, insertedAt: now,
                        updatedAt: now))
                try await endpoint.database.write { db in
                    try Self.checkPhone(input.phoneId, caller, db)
                    try RezolveCustomerStore.insert(address, db)
                }
                return .json(RezolveWire.address(address), status: 201)
            })
        router.get(
            addresses + "/:id",
            handler: endpoint.customer { request, caller in
                .json(RezolveWire.address(try await address(request, caller)))
            })
        router.put(
            addresses + "/:id",
            handler: endpoint.customer { request, caller in
                let existing = try await address(request, caller)
                let input = try RezolveRecordRules.address(try RezolveBody(request).object)
                var address = Self.apply(input, to: existing)
                address.updatedAt = endpoint.now.timeIntervalSince1970
                let saved = address
                try await endpoint.database.write { db in
                    try Self.checkPhone(input.phoneId, caller, db)
                    try RezolveCustomerStore.update(saved, db)
                }
                return .json(RezolveWire.address(saved))
            })
        router.delete(
            addresses + "/:id",
            handler: endpoint.customer { request, caller in
                let address = try await address(request, caller)
                try await endpoint.database.write { db in
                    guard try !RezolveCustomerStore.isAddressUsed(address.id, db) else {
                        throw RezolveFailure.badRequest(6, "Address is in use by a credit card")
                    }
                    try RezolveCustomerStore.delete(address, db)
                }
                return .noContent
            })
    }

    private func phone(_ request: SandboxRequest, _ caller: RezolveCaller) async throws -> RZPhone {
        try await endpoint.owned(RZPhone.self, request, caller, notFound: .phoneNotFound)
    }

    private func address(_ request: SandboxRequest, _ caller: RezolveCaller) async throws -> RZAddress {
        try await endpoint.owned(RZAddress.self, request, caller, notFound: .addressNotFound)
    }

    private static func checkPhone(_ phoneId: String?, _ caller: RezolveCaller, _ db: Database) throws {
        guard let phoneId else { return }
        guard try RezolveCustomerStore.owned(RZPhone.self, id: phoneId, entityId: caller.entityId, db) != nil else {
            throw RezolveFailure.phoneNotFound
        }
    }

    private static func apply(_ input: RezolveRecordRules.AddressInput, to address: RZAddress) -> RZAddress {
        var copy = address
        copy.shortName = input.shortName
        copy.fullName = input.fullName
        copy.line1 = input.line1
        copy.line2 = input.line2
        copy.city = input.city
        copy.state = input.state
        copy.zip = input.zip
        copy.country = input.country
        copy.countryAlpha2 = input.countryAlpha2
        copy.phoneId = input.phoneId
        return copy
    }
}
