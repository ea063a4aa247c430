import CommerceCore
import Foundation
import GRDB
import SandboxCore

/// The catalog half of the control routes (spec §5.16): add products, change a variant's stock or price,
/// configure discount codes. Answers follow the other control routes: 404 `not_found` for unknown IDs,
/// 400 `invalid_request` naming the field for bad bodies.
struct StorefrontCatalogControlRoutes: Sendable {
    let context: SandboxContext

    func register(on router: ServiceRoutes) {
        router.post("/sandbox/storefront/shops/:id/products") { request in
            guard let shopID = Int64(request.parameter("id")) else {
                return StorefrontControlRoutes.notFound("Unknown shop \(request.parameter("id"))")
            }
            guard case .object(let body)? = try? request.jsonBody() else {
                return StorefrontControlRoutes.invalid("body", "The body must be a JSON object")
            }
            let draft: ProductDraft
            do {
                draft = try ProductDraft.parse(body)
            } catch let invalid as ProductDraft.Invalid {
                return StorefrontControlRoutes.invalid(invalid.field, invalid.message)
            } catch {
                return StorefrontControlRoutes.invalid("body", "The body could not be read")
            }
            let now = context.clock.now()
            let outcome = try await context.database.write { db -> Result<(Int64, [Int64]), ProductDraft.Invalid>? in
                guard try StorefrontShopStore.exists(db, id: shopID) else { return nil }
                return try StorefrontCatalogStore.insert(db, draft, shopID: shopID, now: now)
            }
            switch outcome {
            case nil:
                return StorefrontControlRoutes.notFound("Unknown shop \(shopID)")
            case .failure(let invalid)? where invalid.field == "handle":
                return StorefrontControlRoutes.Failure(
                    status: 409, code: "conflict", field: "handle", message: invalid.message
                ).response
            case .failure(let invalid)?:
                return StorefrontControlRoutes.invalid(invalid.field, invalid.message)
            case .success(let (productID, variantIDs))?:
                return .json(
                    [
                        "id": .string(GlobalID("Product", productID).encoded),
                        "variantIds": .array(variantIDs.map { .string(GlobalID("ProductVariant", $0).encoded) }),
                    ], status: 201)
            }
        }

        router.patch("/sandbox/storefront/variants/:id") { request in
            let reference = request.parameter("id")
            guard let variantID = Int64(reference) ?? GlobalID.number(reference, type: "ProductVariant") else {
                return StorefrontControlRoutes.notFound("Unknown variant \(reference)")
            }
            guard case .object(let body)? = try? request.jsonBody() else {
                return StorefrontControlRoutes.invalid("body", "The body must be a JSON object")
            }
            if let unknown = body.keys.first(where: { !["inventory", "price"].contains($0) }) {
                return StorefrontControlRoutes.invalid(unknown, "Only inventory and price can be changed")
            }
            let price: Int64?
            let inventory: Int64?
            do {
                price = try body["price"].map { try ProductDraft.priceCents($0, field: "price") }
                inventory = try ProductDraft.inventory(body["inventory"], field: "inventory")
            } catch let invalid as ProductDraft.Invalid {
                return StorefrontControlRoutes.invalid(invalid.field, invalid.message)
            } catch {
                return StorefrontControlRoutes.invalid("body", "The body could not be read")
            }
            let changesInventory = body["inventory"] != nil
            let variant: JSONValue? = try await context.database.write { db in
                guard try StorefrontCatalogStore.variant(db, id: variantID) != nil else { return nil }
                // Like sales and stock changes from orders, these leave the product's updatedAt alone (§5.5).
                if let price { try StorefrontCatalogStore.setVariantPrice(db, id: variantID, cents: price) }
                if changesInventory { try StorefrontCatalogStore.setVariantInventory(db, id: variantID, inventory) }
                return try Self.variantJSON(db, id: variantID)
            }
            guard let variant else { return StorefrontControlRoutes.notFound("Unknown variant \(reference)") }
            return .json(variant)
        }

        router.post("/sandbox/storefront/shops/:id/discount-codes") { request in
            guard let shopID = Int64(request.parameter("id")) else {
                return StorefrontControlRoutes.notFound("Unknown shop \(request.parameter("id"))")
            }
            guard case .object(let body)? = try? request.jsonBody() else {
                return StorefrontControlRoutes.invalid("body", "The body must be a JSON object")
            }
            guard let code = body["code"]?.stringValue?.trimmingCharacters(in: .whitespaces), !code.isEmpty,
                code.count <= 255
            else {
                return StorefrontControlRoutes.invalid(
                    "code", "code must be a non-blank string of at most 255 characters")
            }
            let codes: (added: Bool, all: [String])? = try await context.database.write { db in
                guard let shop = try StorefrontShopStore.shop(db, id: shopID) else { return nil }
                // Codes compare case-insensitively, as `CartDiscountCode.applicable` does.
                if shop.discountCodes.contains(where: { $0.caseInsensitiveCompare(code) == .orderedSame }) {
                    return (false, shop.discountCodes)
                }
                let all = shop.discountCodes + [code]
                try StorefrontShopStore.setDiscountCodes(db, id: shopID, all)
                return (true, all)
            }
            guard let codes else { return StorefrontControlRoutes.notFound("Unknown shop \(shopID)") }
            return .json(
                ["code": .string(code), "discountCodes": .array(codes.all.map(JSONValue.string))],
                status: codes.added ? 201 : 200)
        }
    }

    /// The variant as the PATCH route answers it.
    static func variantJSON(_ db: Database, id: Int64) throws -> JSONValue? {
        guard let variant = try StorefrontCatalogStore.variant(db, id: id) else { return nil }
        return [
            "id": .string(variant.gid.encoded), "productId": .string(GlobalID("Product", variant.productID).encoded),
            "title": .string(variant.title), "sku": .string(variant.sku),
            "price": .string(StorefrontFormat.decimal(cents: variant.priceCents)),
            "inventory": variant.inventory.map(JSONValue.integer) ?? .null,
            "availableForSale": .bool(variant.available),
        ]
    }
}
