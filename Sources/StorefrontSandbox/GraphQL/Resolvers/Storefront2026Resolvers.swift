import Foundation
import GraphQL

extension ResolverRegistry {
    /// The resolvers of the 2026-04 schema: every 2021-10 resolver (one implementation; a field both versions
    /// share answers the same), plus what 2026-04 renamed, retyped or added on the emulated types. Root fields
    /// without a resolver answer `SANDBOX_NOT_EMULATED` rather than 2021-10's empty fallback.
    static let storefront2026: ResolverRegistry = {
        var registry = ResolverRegistry.storefront
        registry.strictRootTypes = (["QueryRoot", "Mutation"], StorefrontGraphQL.version2026)
        registry.registerRetypedMoney2026()
        registry.registerCatalog2026()
        registry.registerCart2026()
        registry.registerCartMutations2026()
        registry.registerCartFields2026()
        registry.registerCartDeliveryMutations2026()
        registry.registerCartGiftCardMutations2026()
        registry.registerCartCopyMutations2026()
        registry.registerCartCompletionMutations2026()
        registry.registerShopPayMutations2026()
        return registry
    }()

    /// 2026-04 dropped the legacy `Money` scalar: the old names now carry `MoneyV2`, as the `…V2` fields did.
    private mutating func registerRetypedMoney2026() {
        alias("ProductVariant", "price", to: "priceV2")
        alias("Order", "totalPrice", to: "totalPriceV2")
        alias("Order", "subtotalPrice", to: "subtotalPriceV2")
        alias("Order", "totalTax", to: "totalTaxV2")
        alias("Order", "totalShippingPrice", to: "totalShippingPriceV2")
        alias("Order", "currentTotalShippingPrice", to: "totalShippingPriceV2")
        alias("Order", "totalRefunded", to: "totalRefundedV2")
    }

    /// Non-null fields 2026-04 added to the catalog, shop and customer types, with the values a plain shop has.
    private mutating func registerCatalog2026() {
        on("Shop", "id", as: ShopRecord.self) { s, _, _ in GlobalID("Shop", s.id).encoded }
        on("Product", "isGiftCard", as: ProductRecord.self) { _, _, _ in false }
        on("ProductVariant", "taxable", as: VariantRecord.self) { _, _, _ in true }
        on("ProductVariant", "requiresComponents", as: VariantRecord.self) { _, _, _ in false }
        on("ProductVariant", "quantityRule", as: VariantRecord.self) { _, _, _ in
            GraphObject("QuantityRule", ["increment": 1, "minimum": 1, "maximum": nil])
        }
        alias("Image", "url", to: "originalSrc")
        on("Collection", "seo", as: CollectionRecord.self) { k, _, _ in
            GraphObject("SEO", ["title": k.title, "description": k.description])
        }
        on("Customer", "numberOfOrders", as: CustomerRecord.self) { u, _, c in
            // `UnsignedInt64` travels as a string, like the other custom scalars.
            String(try StorefrontOrderStore.orders(c.db, customerID: u.id).count)
        }
    }

    /// `Cart.cost`, `CartLine.cost` and the other non-null cart fields of 2026-04; `lines` is now a
    /// `BaseCartLineConnection` (its entries are still `CartLine`s).
    private mutating func registerCart2026() {
        let cart = CartRecord.self
        on("Cart", "lines", as: cart) { k, args, _ in
            try Self.cartLines(k, args, connectionType: "BaseCartLineConnection")
        }
        on("Cart", "checkoutUrl", as: cart) { k, _, c in c.url(HostedCheckoutHTML.path(cartToken: k.token)) }
        on("Cart", "totalQuantity", as: cart) { k, _, _ in Int(k.lines.reduce(Int64(0)) { $0 + $1.quantity }) }
        on("Cart", "attribute", as: cart) { k, args, _ in
            let key = args.field("key").asString
            return k.attributes.first { $0.key == key }.map {
                GraphObject("Attribute", ["key": $0.key, "value": $0.value])
            }
        }

        let line = CartLineRecord.self
        on("CartLine", "cost", as: line) { l, _, c in
            let unit = try c.catalog().variantsByID[l.variantID]?.priceCents ?? 0
            return GraphObject(
                "CartLineCost",
                [
                    "amountPerQuantity": c.money(unit), "compareAtAmountPerQuantity": nil,
                    "subtotalAmount": c.money(unit * l.quantity), "totalAmount": c.money(unit * l.quantity),
                ])
        }
        on("CartLine", "instructions", as: line) { _, _, _ in
            GraphObject("CartLineInstructions", ["canRemove": true, "canUpdateQuantity": true])
        }
        on("CartLine", "attribute", as: line) { l, args, _ in
            let key = args.field("key").asString
            return l.attributes.first { $0.key == key }.map {
                GraphObject("Attribute", ["key": $0.key, "value": $0.value])
            }
        }
    }
}
