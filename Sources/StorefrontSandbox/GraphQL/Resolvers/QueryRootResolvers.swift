import Foundation
import GraphQL

extension ResolverRegistry {
    /// Root query fields (spec §5.3) with the access-scope checks of §5.2.
    mutating func registerQueryRoot() {
        on("QueryRoot", "shop") { _, _, c, _ in c.shop }
        on("QueryRoot", "publicApiVersions") { _, _, _, _ in
            [
                GraphObject("ApiVersion", ["displayName": "2021-10", "handle": "2021-10", "supported": true])
                    as (any Sendable)?
            ]
        }
        on("QueryRoot", "products") { _, args, c, _ in
            try c.require(StorefrontScope.readProducts, for: "products")
            return try CatalogListing.products(c.catalog().products, args: args, defaultSort: "ID")
        }
        on("QueryRoot", "collections") { _, args, c, _ in
            try c.require(StorefrontScope.readCollections, for: "collections")
            return try CatalogListing.collections(c.catalog().collections, args: args)
        }
        on("QueryRoot", "product") { _, args, c, _ in
            try c.require(StorefrontScope.readProducts, for: "product")
            return try Self.product(args, c)
        }
        on("QueryRoot", "productByHandle") { _, args, c, _ in
            try c.require(StorefrontScope.readProducts, for: "productByHandle")
            return try Self.product(args, c)
        }
        on("QueryRoot", "collection") { _, args, c, _ in
            try c.require(StorefrontScope.readCollections, for: "collection")
            return try Self.collection(args, c)
        }
        on("QueryRoot", "collectionByHandle") { _, args, c, _ in
            try c.require(StorefrontScope.readCollections, for: "collectionByHandle")
            return try Self.collection(args, c)
        }
        on("QueryRoot", "productTags") { _, args, c, _ in
            try c.require(StorefrontScope.readTags, for: "productTags")
            return try CatalogListing.strings(c.catalog().products.flatMap(\.tags), args: args)
        }
        on("QueryRoot", "productTypes") { _, args, c, _ in
            try c.require(StorefrontScope.readProducts, for: "productTypes")
            return try CatalogListing.strings(c.catalog().products.map(\.productType), args: args)
        }
        on("QueryRoot", "node") { _, args, c, _ in
            try Self.node(args.field("id").asString ?? "", c, field: "node")
        }
        on("QueryRoot", "nodes") { _, args, c, _ in
            let ids = args.field("ids").asList ?? []
            // An unknown ID answers `null` through a placeholder (``NullListEntry``).
            return try graphList(
                ids.map { id -> any Sendable in
                    try Self.node(id.asString ?? "", c, field: "nodes") ?? NullListEntry()
                })
        }
        on("QueryRoot", "customer") { _, args, c, _ in
            try c.require(StorefrontScope.readCustomers, for: "customer")
            guard let token = args.field("customerAccessToken").asString else { return nil }
            return try StorefrontCustomerStore.customer(c.db, accessToken: token, shopID: c.shop.id, now: c.now)
        }
        on("QueryRoot", "cart") { _, args, c, _ in
            try c.require(StorefrontScope.readCheckouts, for: "cart")
            guard let token = Self.cartToken(args.field("id").asString) else { return nil }
            return try StorefrontCartStore.cart(c.db, token: token, shopID: c.shop.id, now: c.now)
        }
    }

    private static func product(_ args: Map, _ context: StorefrontRequestContext) throws -> ProductRecord? {
        let catalog = try context.catalog()
        if let id = GlobalID.number(args.field("id").asString, type: "Product") { return catalog.productsByID[id] }
        if let handle = args.field("handle").asString { return catalog.products.first { $0.handle == handle } }
        return nil
    }

    private static func collection(_ args: Map, _ context: StorefrontRequestContext) throws -> CollectionRecord? {
        let catalog = try context.catalog()
        if let id = GlobalID.number(args.field("id").asString, type: "Collection") { return catalog.collection(id: id) }
        if let handle = args.field("handle").asString { return catalog.collections.first { $0.handle == handle } }
        return nil
    }

    /// The cart token inside a Cart ID, or `nil`.
    static func cartToken(_ id: String?) -> String? {
        guard let id, let gid = GlobalID.decode(id), gid.type == "Cart" else { return nil }
        return gid.id
    }

    /// `node(id:)`: an undecodable or unknown ID is `null`, never an error (§4.3); a known type needs its scope.
    static func node(_ id: String, _ context: StorefrontRequestContext, field: String) throws -> (any Sendable)? {
        guard let gid = GlobalID.decode(id) else { return nil }
        switch gid.type {
        case "Product":
            try context.require(StorefrontScope.readProducts, for: field)
            return try gid.number.flatMap { try context.catalog().productsByID[$0] }
        case "ProductVariant":
            try context.require(StorefrontScope.readProducts, for: field)
            return try gid.number.flatMap { try context.catalog().variantsByID[$0] }
        case "Collection":
            try context.require(StorefrontScope.readCollections, for: field)
            return try gid.number.flatMap { try context.catalog().collection(id: $0) }
        case "Cart":
            try context.require(StorefrontScope.readCheckouts, for: field)
            return try StorefrontCartStore.cart(context.db, token: gid.id, shopID: context.shop.id, now: context.now)
        case "CartLine":
            try context.require(StorefrontScope.readCheckouts, for: field)
            guard let cartToken = gid.queryValue("cart"),
                let cart = try StorefrontCartStore.cart(
                    context.db, token: cartToken, shopID: context.shop.id, now: context.now)
            else { return nil }
            return cart.lines.first { $0.token == gid.id }
        case "Checkout":
            try context.require(StorefrontScope.readCheckouts, for: field)
            return try StorefrontCheckoutStore.checkout(context.db, id: id, shopID: context.shop.id)
        case "CheckoutLineItem":
            try context.require(StorefrontScope.readCheckouts, for: field)
            guard let token = gid.queryValue("checkout"),
                let checkout = try StorefrontCheckoutStore.checkout(context.db, token: token, shopID: context.shop.id),
                let index = checkout.lineIndex(id)
            else { return nil }
            return CheckoutLineValue(checkout: checkout, line: checkout.lines[index])
        case "Payment":
            try context.require(StorefrontScope.readCheckouts, for: field)
            return try gid.number.flatMap {
                try StorefrontPaymentStore.payment(context.db, id: $0, shopID: context.shop.id)
            }
        case "Order":
            try context.require(StorefrontScope.readCheckouts, for: field)
            return try StorefrontOrderStore.order(context.db, gid: gid, shopID: context.shop.id)
        default:
            return try contentNode(gid, context)
        }
    }
}
