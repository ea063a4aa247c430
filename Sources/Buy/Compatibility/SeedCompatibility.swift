import Foundation

// Hand-written shims so the seed document's examples compile unchanged against the generated 2021-10
// models. Each one answers a seed note in the Storefront spec (§2.9).

extension Storefront.CheckoutLineItemInput {
    /// The seed's argument order (`variantId` before `quantity`); the generated `create` follows schema
    /// order instead (seed note S7). Renders exactly the same input object.
    public static func create(
        variantId: GraphQL.ID, quantity: Int32,
        customAttributes: Input<[Storefront.AttributeInput]> = .undefined
    ) -> Storefront.CheckoutLineItemInput {
        Storefront.CheckoutLineItemInput(quantity: quantity, variantId: variantId, customAttributes: customAttributes)
    }
}

extension Storefront.CustomerCreateInput {
    /// The seed's form with `email` and `password` as `Input` values, although the schema makes both
    /// required (seed note S8). A missing value is sent as an empty string, which the server rejects
    /// with a `BLANK` user error rather than the request failing to build.
    @available(*, deprecated, message: "email and password are required: pass them as plain strings.")
    public static func create(
        email: Input<String>, password: Input<String>, firstName: Input<String> = .undefined,
        lastName: Input<String> = .undefined, phone: Input<String> = .undefined,
        acceptsMarketing: Input<Bool> = .undefined
    ) -> Storefront.CustomerCreateInput {
        Storefront.CustomerCreateInput(
            email: email.valueOrEmpty, password: password.valueOrEmpty, firstName: firstName,
            lastName: lastName, phone: phone, acceptsMarketing: acceptsMarketing)
    }
}

extension Input where T == String {
    fileprivate var valueOrEmpty: String {
        if case .value(let value?) = self { return value }
        return ""
    }
}

extension Storefront.OrderQuery {
    /// `Order.createdAt` exists in no Storefront API version; the seed's examples use it by mistake
    /// (seed note S9). The compiler offers the fix.
    @available(*, unavailable, renamed: "processedAt")
    public func createdAt(aliasSuffix: String? = nil) -> Storefront.OrderQuery {
        processedAt(aliasSuffix: aliasSuffix)
    }
}

extension Storefront.Order {
    /// `Order.createdAt` exists in no Storefront API version (seed note S9); read `processedAt`.
    @available(*, unavailable, renamed: "processedAt")
    public var createdAt: Date { processedAt }
}

extension Graph.CachePolicy {
    /// `.cacheFirst(expireIn: 3600)`: the seed writes `client.cachePolicy = .cacheFirst` without an
    /// expiry (seed note S3).
    public static var cacheFirst: Graph.CachePolicy { .cacheFirst(expireIn: 3600) }

    /// `.networkFirst(expireIn: 3600)`, the same default for the network-first policy.
    public static var networkFirst: Graph.CachePolicy { .networkFirst(expireIn: 3600) }
}
