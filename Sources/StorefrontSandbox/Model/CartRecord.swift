import Foundation

/// A Cart API cart (spec §5.11) with its lines in position order, as resolvers and pages see it; stored as
/// ``StorefrontCartRecord`` and ``StorefrontCartLineRecord`` rows by ``StorefrontCartStore``.
struct CartRecord: GraphValue {
    var graphQLTypeName: String { "Cart" }
    let token: String
    let shopID: Int64
    var note: String?
    var attributes: [(key: String, value: String)]
    var discountCodes: [String]
    var buyerEmail: String?
    var buyerPhone: String?
    var buyerCountry: String?
    var customerID: Int64?
    let createdAt: Date
    var updatedAt: Date
    var lines: [CartLineRecord] = []
    /// Delivery, gift cards, metafields and payment (2026-04 mutations).
    var details = CartDetails()

    /// Carts are forgotten 10 days after their last change.
    static let lifetime: TimeInterval = 10 * 86_400

    var gid: GlobalID { GlobalID("Cart", token) }
}

/// One line of a cart: a variant, a quantity and attributes.
struct CartLineRecord: GraphValue {
    var graphQLTypeName: String { "CartLine" }
    let token: String
    let cartToken: String
    var position: Int64
    var variantID: Int64
    var quantity: Int64
    var attributes: [(key: String, value: String)]

    var gid: GlobalID { GlobalID("CartLine", token, query: [("cart", cartToken)]) }

    /// Same merchandise and same attributes: the lines merge.
    func sameItem(variantID other: Int64, attributes otherAttributes: [(key: String, value: String)]) -> Bool {
        variantID == other
            && attributes.map { "\($0.key)=\($0.value)" } == otherAttributes.map { "\($0.key)=\($0.value)" }
    }
}
