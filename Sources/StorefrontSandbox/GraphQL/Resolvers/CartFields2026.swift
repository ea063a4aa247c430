import Foundation
import GraphQL

extension ResolverRegistry {
    /// `Cart.cost`, `delivery`, `deliveryGroups`, `appliedGiftCards` and metafields of 2026-04 (spec §5.11), all
    /// computed from the cart's ``CartDetails`` through ``CartTotals``.
    mutating func registerCartFields2026() {
        let cart = CartRecord.self
        on("Cart", "cost", as: cart) { k, _, c in
            let totals = try CartTotals.of(k, catalog: try c.catalog(), c.db)
            // No tax or duty on a sandbox cart. `checkoutChargeAmount` is the subtotal, as the schema says for a
            // cart without deferred payments; the total adds the chosen delivery option and takes off gift cards.
            return GraphObject(
                "CartCost",
                [
                    "checkoutChargeAmount": c.money(totals.subtotalCents),
                    "subtotalAmount": c.money(totals.subtotalCents), "totalAmount": c.money(totals.dueCents),
                    "totalTaxAmount": nil, "totalDutyAmount": nil, "subtotalAmountEstimated": false,
                    "totalAmountEstimated": false, "totalTaxAmountEstimated": false, "totalDutyAmountEstimated": false,
                ])
        }
        on("Cart", "delivery", as: cart) { k, args, _ in
            let wanted = args.field("selected").asBool
            let addresses = k.details.addresses.filter { wanted == nil || $0.selected == wanted }
            return GraphObject(
                "CartDelivery",
                ["addresses": graphList(addresses.map { Self.selectableAddress($0) })])
        }
        on("Cart", "deliveryGroups", as: cart) { k, args, c in
            var entries: [Connection.Entry<CartDeliveryGroupValue>] = []
            if let address = k.details.deliveryAddress {
                let totals = try CartTotals.of(k, catalog: try c.catalog(), c.db)
                let group = CartDeliveryGroupValue(cart: k, address: address, totals: totals)
                entries.append(Connection.Entry(item: group, id: 1, value: .number(1)))
            }
            return try Connection.make(
                entries, order: SortOrder(key: "ID", descending: false, reverse: args.field("reverse").asBool ?? false),
                args: args, connectionType: "CartDeliveryGroupConnection")
        }
        on("Cart", "appliedGiftCards", as: cart) { k, _, c in
            let totals = try CartTotals.of(k, catalog: try c.catalog(), c.db)
            return graphList(
                totals.giftCards.map { entry in
                    let used = c.money(entry.usedCents)
                    let left = c.money(entry.card.balanceCents - entry.usedCents)
                    return GraphObject(
                        "AppliedGiftCard",
                        [
                            "id": entry.card.gid.encoded, "lastCharacters": entry.card.lastCharacters,
                            "amountUsed": used, "amountUsedV2": used, "presentmentAmountUsed": used,
                            "balance": left, "balanceV2": left,
                        ])
                })
        }
        on("Cart", "metafield", as: cart) { k, args, c in
            let namespace = args.field("namespace").asString ?? CartMetafieldRules.defaultNamespace
            let key = args.field("key").asString ?? ""
            return k.details.metafields.first { $0.namespace == namespace && $0.key == key }.map {
                Self.metafield($0, k, c)
            }
        }
        on("Cart", "metafields", as: cart) { k, args, c in
            (args.field("identifiers").asList ?? []).map { identifier -> (any Sendable)? in
                let namespace = identifier.field("namespace").asString ?? CartMetafieldRules.defaultNamespace
                let key = identifier.field("key").asString ?? ""
                // An identifier without a metafield is a `null` entry (spec §4.3's placeholder).
                guard let field = k.details.metafields.first(where: { $0.namespace == namespace && $0.key == key })
                else { return NullListEntry() }
                return Self.metafield(field, k, c)
            }
        }

        let group = CartDeliveryGroupValue.self
        on("CartDeliveryGroup", "id", as: group) { g, _, _ in Self.groupID(g.cart, g.address).encoded }
        on("CartDeliveryGroup", "groupType", as: group) { _, _, _ in "ONE_TIME_PURCHASE" }
        on("CartDeliveryGroup", "cartLines", as: group) { g, args, _ in
            try Self.cartLines(g.cart, args, connectionType: "BaseCartLineConnection")
        }
        on("CartDeliveryGroup", "deliveryAddress", as: group) { g, _, _ in
            AddressRecord(
                id: 0, customerID: g.cart.customerID ?? 0, values: g.address.fields, createdAt: g.cart.createdAt)
        }
        on("CartDeliveryGroup", "deliveryOptions", as: group) { g, _, c in
            graphList(g.totals.options.map { Self.deliveryOption($0, c) })
        }
        on("CartDeliveryGroup", "selectedDeliveryOption", as: group) { g, _, c in
            g.totals.selected.map { Self.deliveryOption($0, c) }
        }
    }

    static func deliveryOption(_ rate: CheckoutRecord.ShippingLine, _ c: StorefrontRequestContext) -> GraphObject {
        GraphObject(
            "CartDeliveryOption",
            [
                "handle": rate.handle, "code": rate.handle, "title": rate.title, "description": nil,
                "deliveryMethodType": "SHIPPING", "estimatedCost": c.money(rate.priceCents),
            ])
    }

    static func selectableAddress(_ address: CartDetails.Address) -> GraphObject {
        let record = AddressRecord(
            id: 0, customerID: 0, values: address.fields, createdAt: Date(timeIntervalSince1970: 0))
        var fields: [String: (any Sendable)?] = [:]
        for name in CartAddressRules.fieldNames { fields[name.input] = address.fields[name.stored] }
        let name = [address.fields["firstName"], address.fields["lastName"]].compactMap { $0 }.joined(separator: " ")
        fields["name"] = name.nilIfEmpty
        fields["formattedArea"] = Self.formattedArea(record)
        fields["latitude"] = nil
        fields["longitude"] = nil
        return GraphObject(
            "CartSelectableAddress",
            [
                "id": GlobalID("CartSelectableAddress", address.id).encoded, "selected": address.selected,
                "oneTimeUse": address.oneTimeUse, "address": GraphObject("CartDeliveryAddress", fields),
            ])
    }

    static func metafield(_ m: CartDetails.Metafield, _ cart: CartRecord, _ c: StorefrontRequestContext) -> GraphObject
    {
        GraphObject(
            "Metafield",
            [
                "id": GlobalID("Metafield", m.id, query: [("cart", cart.token)]).encoded, "namespace": m.namespace,
                "key": m.key, "type": m.type, "value": m.value, "description": nil,
                "createdAt": c.dateTime(m.createdAt), "updatedAt": c.dateTime(m.updatedAt), "parentResource": cart,
                "reference": nil, "references": nil,
            ])
    }
}

/// The one delivery group of a 2026-04 cart: every line, shipped to the cart's delivery address.
struct CartDeliveryGroupValue: GraphValue {
    var graphQLTypeName: String { "CartDeliveryGroup" }
    let cart: CartRecord
    let address: CartDetails.Address
    let totals: CartTotals
}
