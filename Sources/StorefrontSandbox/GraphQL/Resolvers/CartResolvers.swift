import Foundation
import GraphQL

extension ResolverRegistry {
    /// `Cart`, `CartLine` and their cost objects (spec §5.11).
    mutating func registerCart() {
        let cart = CartRecord.self
        on("Cart", "id", as: cart) { k, _, _ in k.gid.encoded }
        on("Cart", "checkoutUrl", as: cart) { k, _, c in c.url("/cart/c/\(k.token)") }
        on("Cart", "createdAt", as: cart) { k, _, c in c.dateTime(k.createdAt) }
        on("Cart", "updatedAt", as: cart) { k, _, c in c.dateTime(k.updatedAt) }
        on("Cart", "note", as: cart) { k, _, _ in k.note }
        on("Cart", "attributes", as: cart) { k, _, _ in Self.attributes(k.attributes) }
        on("Cart", "discountCodes", as: cart) { k, _, c in
            graphList(
                k.discountCodes.map { code in
                    GraphObject(
                        "CartDiscountCode",
                        [
                            "code": code,
                            "applicable": c.shop.discountCodes.contains {
                                $0.caseInsensitiveCompare(code) == .orderedSame
                            },
                        ])
                })
        }
        on("Cart", "buyerIdentity", as: cart) { k, _, c in
            GraphObject(
                "CartBuyerIdentity",
                [
                    "email": k.buyerEmail, "phone": k.buyerPhone, "countryCode": k.buyerCountry,
                    "customer": try k.customerID.flatMap {
                        try StorefrontCustomerStore.customer(c.db, id: $0, shopID: c.shop.id)
                    },
                ])
        }
        on("Cart", "lines", as: cart) { k, args, _ in try Self.cartLines(k, args, connectionType: "CartLineConnection")
        }
        on("Cart", "estimatedCost", as: cart) { k, _, c in
            let subtotal = try Self.cartSubtotal(k, c)
            return GraphObject(
                "CartEstimatedCost",
                [
                    "subtotalAmount": c.money(subtotal), "totalAmount": c.money(subtotal),
                    "totalTaxAmount": nil, "totalDutyAmount": nil,
                ])
        }

        let line = CartLineRecord.self
        on("CartLine", "id", as: line) { l, _, _ in l.gid.encoded }
        on("CartLine", "quantity", as: line) { l, _, _ in Int(l.quantity) }
        on("CartLine", "attributes", as: line) { l, _, _ in Self.attributes(l.attributes) }
        on("CartLine", "merchandise", as: line) { l, _, c in try c.catalog().variantsByID[l.variantID] }
        on("CartLine", "estimatedCost", as: line) { l, _, c in
            let amount = (try c.catalog().variantsByID[l.variantID]?.priceCents ?? 0) * l.quantity
            return GraphObject(
                "CartLineEstimatedCost", ["subtotalAmount": c.money(amount), "totalAmount": c.money(amount)])
        }
    }

    /// A cart's lines as a connection of `connectionType` (2026-04 renamed it), in cart order.
    static func cartLines(_ cart: CartRecord, _ args: Map, connectionType: String) throws -> GraphObject {
        let entries = cart.lines.enumerated().map {
            Connection.Entry(item: $1, id: Int64($0 + 1), value: .number(Int64($0 + 1)))
        }
        return try Connection.make(
            entries,
            order: SortOrder(key: "POSITION", descending: false, reverse: args.field("reverse").asBool ?? false),
            args: args, connectionType: connectionType)
    }

    /// The lines at the variants' current prices.
    static func cartSubtotal(_ cart: CartRecord, _ c: StorefrontRequestContext) throws -> Int64 {
        let catalog = try c.catalog()
        return cart.lines.reduce(Int64(0)) { $0 + (catalog.variantsByID[$1.variantID]?.priceCents ?? 0) * $1.quantity }
    }

    static func attributes(_ attributes: [(key: String, value: String)]) -> [(any Sendable)?] {
        attributes.map { GraphObject("Attribute", ["key": $0.key, "value": $0.value]) }
    }
}
