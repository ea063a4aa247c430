import Foundation
import GraphQL

extension ResolverRegistry {
    /// 2026-04 cart payloads carry `warnings` (`[CartWarning!]!`) beside `userErrors`. The mutations are the
    /// 2021-10 ones; where a code the shop does not know was just given, its payload also reports a
    /// `DISCOUNT_NOT_FOUND` warning per such code (2026-04 defines no `CartErrorCode` for it: the cart keeps
    /// the code, `applicable: false`, and the mutation succeeds).
    mutating func registerCartMutations2026() {
        withDiscountWarnings("cartCreate") { $0.field("input").field("discountCodes") }
        withDiscountWarnings("cartDiscountCodesUpdate") { $0.field("discountCodes") }
    }

    private mutating func withDiscountWarnings(_ mutation: String, codes: @escaping @Sendable (Map) -> Map) {
        guard let original = resolvers["Mutation.\(mutation)"] else { return }
        on("Mutation", mutation) { source, args, c, info in
            guard var payload = try original(source, args, c, info) as? GraphObject else { return nil }
            guard let cart = payload.fields["cart"] as? CartRecord else { return payload }
            let given = CartMutation.distinctCodes(codes(args).asList ?? [])
            let unknown = given.filter { code in
                !c.shop.discountCodes.contains { $0.caseInsensitiveCompare(code) == .orderedSame }
            }
            payload.fields["warnings"] = graphList(
                unknown.map { code in
                    GraphObject(
                        "CartWarning",
                        [
                            "code": "DISCOUNT_NOT_FOUND", "target": cart.gid.encoded,
                            "message": "Discount code \(code) was not found and was not applied",
                        ])
                })
            return payload
        }
    }
}
