import CommerceCore
import Foundation
import GraphQL
import SandboxCore

extension ResolverRegistry {
    /// `cartCreate`, `cartLinesAdd`, `cartLinesUpdate`, `cartLinesRemove` with the R1–R9 user errors (spec §4.6).
    mutating func registerCartMutations() {
        on("Mutation", "cartCreate") { _, args, c, _ in
            try c.require(StorefrontScope.writeCheckouts, for: "cartCreate")
            let input = args.field("input")
            var errors = UserErrorList(codedType: "CartUserError")
            let lines = try CartMutation.lineInputs(
                input.field("lines").asList ?? [], prefix: ["input", "lines"], c, &errors)
            let attributes = CartMutation.attributes(
                input.field("attributes").asList ?? [], prefix: ["input", "attributes"], &errors)
            let note = input.field("note").asString
            if let note, note.count > 5000 {
                errors.add("INVALID", ["input", "note"], "Note is too long (maximum is 5000 characters)")
            }
            let buyer = input.field("buyerIdentity")
            var customerID: Int64?
            if let email = buyer.field("email").asString, !InputRules.emailIsValid(email) {
                errors.add("INVALID", ["input", "buyerIdentity", "email"], "Email is invalid")
            }
            if let token = buyer.field("customerAccessToken").asString {
                customerID = try StorefrontCustomerStore.customer(
                    c.db, accessToken: token, shopID: c.shop.id, now: c.now)?.id
                if customerID == nil {
                    errors.add(
                        "INVALID", ["input", "buyerIdentity", "customerAccessToken"], "Customer access token is invalid"
                    )
                }
            }
            guard errors.isEmpty else { return CartMutation.payload("CartCreatePayload", nil, errors) }
            let token = RandomToken.hex(32)
            var cart = CartRecord(
                token: token, shopID: c.shop.id, note: note, attributes: attributes,
                discountCodes: (input.field("discountCodes").asList ?? []).compactMap(\.asString),
                buyerEmail: buyer.field("email").asString, buyerPhone: buyer.field("phone").asString,
                buyerCountry: buyer.field("countryCode").asString, customerID: customerID,
                createdAt: c.now, updatedAt: c.now)
            for line in lines { CartMutation.merge(line, into: &cart) }
            try StorefrontCartStore.save(c.db, cart)
            return CartMutation.payload("CartCreatePayload", cart, errors)
        }

        on("Mutation", "cartLinesAdd") { _, args, c, _ in
            try c.require(StorefrontScope.writeCheckouts, for: "cartLinesAdd")
            var errors = UserErrorList(codedType: "CartUserError")
            guard var cart = try CartMutation.cart(args, c, &errors) else {
                return CartMutation.payload("CartLinesAddPayload", nil, errors)
            }
            let lines = try CartMutation.lineInputs(args.field("lines").asList ?? [], prefix: ["lines"], c, &errors)
            guard errors.isEmpty else { return CartMutation.payload("CartLinesAddPayload", cart, errors) }
            for line in lines { CartMutation.merge(line, into: &cart) }
            cart.updatedAt = c.now
            try StorefrontCartStore.save(c.db, cart)
            return CartMutation.payload("CartLinesAddPayload", cart, errors)
        }

        on("Mutation", "cartLinesUpdate") { _, args, c, _ in
            try c.require(StorefrontScope.writeCheckouts, for: "cartLinesUpdate")
            var errors = UserErrorList(codedType: "CartUserError")
            guard var cart = try CartMutation.cart(args, c, &errors) else {
                return CartMutation.payload("CartLinesUpdatePayload", nil, errors)
            }
            let catalog = try c.catalog()
            let inputs = args.field("lines").asList ?? []
            var changes:
                [(index: Int, variant: Int64?, quantity: Int64?, attributes: [(key: String, value: String)]?)] = []
            for (i, input) in inputs.enumerated() {
                let position = String(i)
                if let merchandise = input.field("merchandiseId").asString,
                    GlobalID.number(merchandise, type: "ProductVariant").flatMap({ catalog.variantsByID[$0] }) == nil
                {
                    errors.add(
                        "INVALID", ["lines", position, "merchandiseId"],
                        "The merchandise with id \(merchandise) does not exist")
                }
                let quantity = input.field("quantity").asInt
                if let quantity, quantity < 0 {
                    errors.add("INVALID", ["lines", position, "quantity"], "Quantity must be 0 or more")
                }
                if let quantity, quantity >= 1000 {
                    errors.add("LESS_THAN", ["lines", position, "quantity"], "Quantity must be less than 1000")
                }
                let lineID = input.field("id").asString ?? ""
                guard let index = CartMutation.lineIndex(lineID, in: cart) else {
                    errors.add(
                        "INVALID_MERCHANDISE_LINE", ["lines", position, "id"],
                        "The merchandise line with id \(lineID) does not exist")
                    continue
                }
                let attributes =
                    input.has("attributes")
                    ? CartMutation.attributes(
                        input.field("attributes").asList ?? [], prefix: ["lines", position, "attributes"], &errors)
                    : nil
                changes.append(
                    (
                        index, GlobalID.number(input.field("merchandiseId").asString, type: "ProductVariant"),
                        quantity.map(Int64.init), attributes
                    ))
            }
            guard errors.isEmpty else { return CartMutation.payload("CartLinesUpdatePayload", cart, errors) }
            for change in changes {
                if let variant = change.variant { cart.lines[change.index].variantID = variant }
                if let quantity = change.quantity { cart.lines[change.index].quantity = quantity }
                if let attributes = change.attributes { cart.lines[change.index].attributes = attributes }
            }
            cart.lines.removeAll { $0.quantity == 0 }
            cart.updatedAt = c.now
            try StorefrontCartStore.save(c.db, cart)
            return CartMutation.payload("CartLinesUpdatePayload", cart, errors)
        }

        on("Mutation", "cartLinesRemove") { _, args, c, _ in
            try c.require(StorefrontScope.writeCheckouts, for: "cartLinesRemove")
            var errors = UserErrorList(codedType: "CartUserError")
            guard var cart = try CartMutation.cart(args, c, &errors) else {
                return CartMutation.payload("CartLinesRemovePayload", nil, errors)
            }
            var remove: Set<String> = []
            for (i, id) in (args.field("lineIds").asList ?? []).enumerated() {
                let text = id.asString ?? ""
                if let index = CartMutation.lineIndex(text, in: cart) {
                    remove.insert(cart.lines[index].token)
                } else {
                    errors.add(
                        "INVALID_MERCHANDISE_LINE", ["lineIds", String(i)],
                        "The merchandise line with id \(text) does not exist")
                }
            }
            guard errors.isEmpty else { return CartMutation.payload("CartLinesRemovePayload", cart, errors) }
            cart.lines.removeAll { remove.contains($0.token) }
            cart.updatedAt = c.now
            try StorefrontCartStore.save(c.db, cart)
            return CartMutation.payload("CartLinesRemovePayload", cart, errors)
        }
    }
}

/// Shared steps of the cart mutations.
enum CartMutation {
    struct LineInput {
        let variantID: Int64
        let quantity: Int64
        let attributes: [(key: String, value: String)]
    }

    static func payload(_ type: String, _ cart: CartRecord?, _ errors: UserErrorList) -> GraphObject {
        GraphObject(type, ["cart": cart, "userErrors": errors.coded])
    }

    /// R6: the cart named by `cartId`, or an error entry.
    static func cart(_ args: Map, _ context: StorefrontRequestContext, _ errors: inout UserErrorList) throws
        -> CartRecord?
    {
        if let token = ResolverRegistry.cartToken(args.field("cartId").asString),
            let cart = try StorefrontCartStore.cart(context.db, token: token, shopID: context.shop.id, now: context.now)
        {
            return cart
        }
        errors.add("INVALID", ["cartId"], "The specified cart does not exist")
        return nil
    }

    /// R1, R2, R4 (and R7 for line attributes) over `CartLineInput`s; returns the valid lines.
    static func lineInputs(
        _ inputs: [Map], prefix: [String], _ context: StorefrontRequestContext,
        _ errors: inout UserErrorList
    ) throws -> [LineInput] {
        let catalog = try context.catalog()
        var lines: [LineInput] = []
        for (i, input) in inputs.enumerated() {
            let path = prefix + [String(i)]
            let merchandise = input.field("merchandiseId").asString ?? ""
            let variant = GlobalID.number(merchandise, type: "ProductVariant").flatMap { catalog.variantsByID[$0] }
            if variant == nil {
                errors.add("INVALID", path + ["merchandiseId"], "The merchandise with id \(merchandise) does not exist")
            }
            let quantity = Int64(input.field("quantity").asInt ?? 1)
            if quantity < 1 { errors.add("INVALID", path + ["quantity"], "Quantity must be at least 1") }
            if quantity >= 1000 { errors.add("LESS_THAN", path + ["quantity"], "Quantity must be less than 1000") }
            let attributes = self.attributes(
                input.field("attributes").asList ?? [], prefix: path + ["attributes"], &errors)
            if let variant, quantity >= 1, quantity < 1000 {
                lines.append(LineInput(variantID: variant.id, quantity: quantity, attributes: attributes))
            }
        }
        return lines
    }

    /// R7: attributes need a non-blank key.
    static func attributes(_ inputs: [Map], prefix: [String], _ errors: inout UserErrorList) -> [(
        key: String, value: String
    )] {
        var attributes: [(key: String, value: String)] = []
        for (i, input) in inputs.enumerated() {
            let key = input.field("key").asString ?? ""
            if key.trimmingCharacters(in: .whitespaces).isEmpty {
                errors.add("INVALID", prefix + [String(i), "key"], "Attribute key can't be blank")
                continue
            }
            attributes.append((key, input.field("value").asString ?? ""))
        }
        return attributes
    }

    /// Adds a line, summing into an existing line with the same merchandise and attributes.
    static func merge(_ line: LineInput, into cart: inout CartRecord) {
        if let index = cart.lines.firstIndex(where: {
            $0.sameItem(variantID: line.variantID, attributes: line.attributes)
        }) {
            cart.lines[index].quantity += line.quantity
            return
        }
        cart.lines.append(
            CartLineRecord(
                token: RandomToken.hex(32), cartToken: cart.token, position: Int64(cart.lines.count + 1),
                variantID: line.variantID, quantity: line.quantity, attributes: line.attributes))
    }

    /// The index of the line a CartLine ID names, when it belongs to `cart`.
    static func lineIndex(_ id: String, in cart: CartRecord) -> Int? {
        guard let gid = GlobalID.decode(id), gid.type == "CartLine", gid.queryValue("cart") ?? cart.token == cart.token
        else { return nil }
        return cart.lines.firstIndex { $0.token == gid.id }
    }
}
