import CommerceCore
import Foundation
import Storefront2026_04
import Testing

/// Canned 2026-04 answers, written from the schema, decoded through the generated response types.
@Suite struct CartResponseTests {
    static func mutation(_ body: String) throws -> Storefront.Mutation {
        let data = try #require(try JSONValue.parse(body)["data"])
        return try Storefront.Mutation(json: data.serializedData())
    }

    @Test func createdCartDecodesThroughInterfaceAndUnion() throws {
        let payload = try #require(try Self.mutation(Cart2026.createdBody).cartCreate)
        #expect(payload.userErrors.isEmpty && payload.warnings.isEmpty)
        let cart = try #require(payload.cart)
        #expect(cart.id == Cart2026.cartID)
        #expect(cart.checkoutUrl == URL(string: "https://shoes.example/cart/c/c1?key=k1"))
        #expect(cart.totalQuantity == 2)
        #expect(cart.cost.subtotalAmount.amount == Decimal(20))
        #expect(cart.cost.totalAmount.currencyCode == .cad)
        let line = try #require(cart.lines.nodes.first)
        #expect(line is Storefront.CartLine)
        #expect(line.id == "gid://shopify/CartLine/l1?cart=c1")
        #expect(line.quantity == 2)
        let variant = try #require(line.merchandise as? Storefront.ProductVariant)
        #expect(variant.id == Cart2026.variantID && variant.title == "Red / 42")
    }

    /// A partial add: the cart, a user error and a warning in one payload.
    @Test func userErrorsAndWarningsComeWithTheCart() throws {
        let payload = try #require(try Self.mutation(Cart2026.partlyAddedBody).cartLinesAdd)
        #expect(payload.cart?.totalQuantity == 3)
        let error = try #require(payload.userErrors.first)
        #expect(error.code == .invalid)
        #expect(error.field == ["lines", "0", "quantity"])
        #expect(error.message == "Quantity reduced to the stock left.")
        let warning = try #require(payload.warnings.first)
        #expect(warning.code == .merchandiseNotEnoughStock)
        #expect(warning.target == "gid://shopify/CartLine/l1?cart=c1")
        #expect(warning.message == "Only 1 more was in stock.")
    }

    /// Values newer than the models decode to the catch-alls instead of failing: an unknown warning code and
    /// a line type the models do not know.
    @Test func newerValuesDecodeToCatchAlls() throws {
        let body = Cart2026.partlyAddedBody
            .replacingOccurrences(of: "MERCHANDISE_NOT_ENOUGH_STOCK", with: "SOMETHING_NEWER")
            .replacingOccurrences(of: #""__typename":"CartLine""#, with: #""__typename":"FutureCartLine""#)
        let payload = try #require(try Self.mutation(body).cartLinesAdd)
        #expect(payload.warnings.first?.code == .unknownValue)
        let line = try #require(payload.cart?.lines.nodes.first as? Storefront.UnknownBaseCartLine)
        #expect(line.typeName == "FutureCartLine")
        #expect(line.quantity == 3)
    }

    /// What the schema says cannot be, is refused: `warnings` is non-null, `CartWarning.target` an ID.
    @Test func schemaViolationsAreRefused() throws {
        let nullWarnings = Cart2026.createdBody.replacingOccurrences(of: #""warnings":[]"#, with: #""warnings":null"#)
        #expect(throws: SchemaViolationError.self) { try Self.mutation(nullWarnings) }
        let numericTarget = Cart2026.partlyAddedBody.replacingOccurrences(
            of: #""target":"gid://shopify/CartLine/l1?cart=c1""#, with: #""target":7"#)
        let violation = try #require(throws: SchemaViolationError.self) { try Self.mutation(numericTarget) }
        #expect(violation.type == "CartWarning" && violation.field == "target")
    }

    @Test func cartQueryAnswer() throws {
        let data = try #require(try JSONValue.parse(Cart2026.cartBody)["data"])
        let root = try Storefront.QueryRoot(json: data.serializedData())
        #expect(root.cart?.totalQuantity == 3)
        #expect(root.cart?.cost.totalAmount.amount == Decimal(30))
    }
}
