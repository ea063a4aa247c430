import Foundation
import GraphQL

/// A `CartWarning` a 2026-04 cart mutation reports beside its user errors.
struct CartWarningEntry: Sendable {
    let code: String
    let target: GlobalID
    let message: String

    var graphObject: GraphObject {
        GraphObject("CartWarning", ["code": code, "target": target.encoded, "message": message])
    }
}

extension ResolverRegistry {
    /// Registers a 2026-04 cart mutation of the usual shape (`cartId` in; `cart`, `userErrors`, `warnings` out):
    /// the cart is loaded (R6), `change` edits it and records errors and warnings, and the cart is saved only when
    /// no error was recorded, so a refused mutation changes nothing.
    mutating func onCartDetail(
        _ mutation: String, _ payloadType: String,
        _ change:
            @escaping @Sendable (
                inout CartRecord, Map, StorefrontRequestContext, inout UserErrorList, inout [CartWarningEntry]
            ) throws -> Void
    ) {
        on("Mutation", mutation) { _, args, c, _ in
            try c.require(StorefrontScope.writeCheckouts, for: mutation)
            var errors = UserErrorList(codedType: "CartUserError")
            var warnings: [CartWarningEntry] = []
            guard var cart = try CartMutation.cart(args, c, &errors) else {
                return Self.cartPayload(payloadType, nil, errors, warnings)
            }
            let original = cart
            try change(&cart, args, c, &errors, &warnings)
            guard errors.isEmpty else { return Self.cartPayload(payloadType, original, errors, warnings) }
            cart.updatedAt = c.now
            try StorefrontCartStore.save(c.db, cart)
            return Self.cartPayload(payloadType, cart, errors, warnings)
        }
    }

    static func cartPayload(
        _ type: String, _ cart: CartRecord?, _ errors: UserErrorList, _ warnings: [CartWarningEntry]
    ) -> GraphObject {
        GraphObject(
            type, ["cart": cart, "userErrors": errors.coded, "warnings": graphList(warnings.map(\.graphObject))])
    }
}

extension Map {
    /// `null` or not given at all.
    var isNullOrAbsent: Bool {
        switch self {
        case .null, .undefined: true
        default: false
        }
    }
}
