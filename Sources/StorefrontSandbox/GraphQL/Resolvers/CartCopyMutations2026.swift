import Foundation
import GraphQL
import SandboxCore

extension ResolverRegistry {
    /// `cartClone`, `cartRemovePersonalData`, `cartMetafieldsSet` and `cartMetafieldDelete` (spec §5.11).
    mutating func registerCartCopyMutations2026() {
        on("Mutation", "cartClone") { _, args, c, _ in
            try c.require(StorefrontScope.writeCheckouts, for: "cartClone")
            var errors = UserErrorList(codedType: "CartUserError")
            guard let source = try CartMutation.cart(args, c, &errors) else {
                return Self.cartPayload("CartClonePayload", nil, errors, [])
            }
            // A new cart with the same lines, note, attributes and codes; nothing that names or pays for a buyer.
            let token = RandomToken.hex(32)
            var clone = CartRecord(
                token: token, shopID: source.shopID, note: source.note, attributes: source.attributes,
                discountCodes: source.discountCodes, buyerEmail: nil, buyerPhone: nil, buyerCountry: nil,
                customerID: nil, createdAt: c.now, updatedAt: c.now)
            clone.lines = source.lines.map {
                CartLineRecord(
                    token: RandomToken.hex(32), cartToken: token, position: $0.position, variantID: $0.variantID,
                    quantity: $0.quantity, attributes: $0.attributes)
            }
            clone.details.metafields = source.details.metafields
            clone.details.nextID = source.details.nextID
            try StorefrontCartStore.save(c.db, clone)
            return Self.cartPayload("CartClonePayload", clone, errors, [])
        }
        onCartDetail("cartRemovePersonalData", "CartRemovePersonalDataPayload") { cart, _, _, _, _ in
            cart.buyerEmail = nil
            cart.buyerPhone = nil
            cart.customerID = nil
            cart.details.addresses = []
            cart.details.selectedDeliveryHandle = nil
            cart.details.billingAddress = nil
            cart.details.payment = nil
        }
        on("Mutation", "cartMetafieldsSet") { _, args, c, _ in
            try c.require(StorefrontScope.writeCheckouts, for: "cartMetafieldsSet")
            return try Self.setMetafields(args.field("metafields").asList ?? [], c)
        }
        on("Mutation", "cartMetafieldDelete") { _, args, c, _ in
            try c.require(StorefrontScope.writeCheckouts, for: "cartMetafieldDelete")
            let input = args.field("input")
            var errors = UserErrorList(codedType: "MetafieldDeleteUserError")
            guard var cart = try Self.metafieldOwner(input.field("ownerId").asString, c) else {
                errors.add("INVALID_OWNER", ["input", "ownerId"], "The owner ID is invalid")
                return GraphObject("CartMetafieldDeletePayload", ["deletedId": nil, "userErrors": errors.coded])
            }
            let name = CartMetafieldRules.split(input.field("key").asString ?? "")
            guard
                let index = cart.details.metafields.firstIndex(where: {
                    $0.namespace == name.namespace && $0.key == name.key
                })
            else {
                errors.add("METAFIELD_DOES_NOT_EXIST", ["input", "key"], "Metafield not found")
                return GraphObject("CartMetafieldDeletePayload", ["deletedId": nil, "userErrors": errors.coded])
            }
            let removed = cart.details.metafields.remove(at: index)
            cart.updatedAt = c.now
            try StorefrontCartStore.save(c.db, cart)
            return GraphObject(
                "CartMetafieldDeletePayload",
                [
                    "deletedId": GlobalID("Metafield", removed.id, query: [("cart", cart.token)]).encoded,
                    "userErrors": errors.coded,
                ])
        }
    }

    /// The cart an `ownerId` names (a Cart ID of this shop).
    static func metafieldOwner(_ id: String?, _ c: StorefrontRequestContext) throws -> CartRecord? {
        guard let token = cartToken(id) else { return nil }
        return try StorefrontCartStore.cart(c.db, token: token, shopID: c.shop.id, now: c.now)
    }

    /// Sets every entry or none: any error leaves all carts as they were.
    static func setMetafields(_ inputs: [Map], _ c: StorefrontRequestContext) throws -> GraphObject {
        var errors = UserErrorList(codedType: "MetafieldsSetUserError")
        var indexes: [Int] = []
        var carts: [String: CartRecord] = [:]
        var written: [(cart: String, namespace: String, key: String)] = []
        func fail(_ code: String, _ i: Int, _ field: String, _ message: String) {
            errors.add(code, ["metafields", String(i), field], message)
            indexes.append(i)
        }
        for (i, input) in inputs.enumerated() {
            let ownerID = input.field("ownerId").asString
            guard let token = cartToken(ownerID),
                let cart = try carts[token] ?? metafieldOwner(ownerID, c)
            else {
                fail("INVALID_OWNER", i, "ownerId", "The owner ID is invalid")
                continue
            }
            let name = CartMetafieldRules.split(input.field("key").asString ?? "")
            let type = input.field("type").asString ?? ""
            let value = input.field("value").asString ?? ""
            if name.key.trimmingCharacters(in: .whitespaces).isEmpty {
                fail("BLANK", i, "key", "Key can't be blank")
                continue
            }
            guard let check = CartMetafieldRules.types[type] else {
                fail("INVALID_TYPE", i, "type", "Type \(type) is not a supported metafield type")
                continue
            }
            if value.isEmpty {
                fail("BLANK", i, "value", "Value can't be blank")
                continue
            }
            guard check(value) else {
                fail("INVALID_VALUE", i, "value", "Value is invalid for type \(type)")
                continue
            }
            var updated = cart
            if let index = updated.details.metafields.firstIndex(where: {
                $0.namespace == name.namespace && $0.key == name.key
            }) {
                updated.details.metafields[index].type = type
                updated.details.metafields[index].value = value
                updated.details.metafields[index].updatedAt = c.now
            } else {
                updated.details.metafields.append(
                    CartDetails.Metafield(
                        id: updated.details.takeID(), namespace: name.namespace, key: name.key, type: type,
                        value: value, createdAt: c.now, updatedAt: c.now))
            }
            carts[token] = updated
            written.append((token, name.namespace, name.key))
        }
        guard errors.isEmpty else {
            let entries = errors.entries.enumerated().map { offset, entry in
                GraphObject(
                    "MetafieldsSetUserError",
                    [
                        "code": entry.code, "field": graphList(entry.field), "message": entry.message,
                        "elementIndex": indexes[offset],
                    ])
            }
            return GraphObject("CartMetafieldsSetPayload", ["metafields": nil, "userErrors": graphList(entries)])
        }
        for var cart in carts.values {
            cart.updatedAt = c.now
            try StorefrontCartStore.save(c.db, cart)
        }
        let metafields = written.compactMap { entry -> GraphObject? in
            guard let cart = carts[entry.cart],
                let field = cart.details.metafields.first(where: {
                    $0.namespace == entry.namespace && $0.key == entry.key
                })
            else { return nil }
            return metafield(field, cart, c)
        }
        return GraphObject(
            "CartMetafieldsSetPayload", ["metafields": graphList(metafields), "userErrors": [(any Sendable)?]()])
    }
}
