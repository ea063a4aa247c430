import Foundation

/// The customer's carts: one open cart per merchant, several merchants at once.
public final class CartManager: Sendable {
    private let core: SessionCore
    init(core: SessionCore) { self.core = core }

    private struct AddBody: Encodable { let product: CheckoutProduct }

    /// Adds `product` to the merchant's cart, creating the cart if needed (`POST …/merchant/{mid}/cart`).
    public func createCartWithProduct(_ product: CheckoutProduct, merchantId: String) async throws(RezolveError)
        -> CartDetails
    {
        try await core.write(
            .post, CartDetails.self, core.customerPath(1, "/merchant/\(segment(merchantId))/cart"),
            json: AddBody(product: product))
    }

    /// Every open cart (`GET …/cart`).
    public func getCarts() async throws(RezolveError) -> [CartDetails] {
        try await core.get([CartDetails].self, core.customerPath(1, "/cart"))
    }

    /// Removes the cart line matching `product` (same id and options). Returns the updated cart, or `nil` when
    /// the cart became empty and was deleted.
    @discardableResult
    public func removeCartProduct(merchantId: String, cart: CartDetails, product: CheckoutProduct)
        async throws(RezolveError) -> CartDetails?
    {
        guard
            let index = cart.products.firstIndex(where: {
                $0.id == product.id && $0.configurableOptions == product.configurableOptions
                    && $0.customOptions == product.customOptions
            })
        else {
            throw .invalidInput(field: "product", reason: "is not in the cart")
        }
        let path = core.customerPath(1, "/merchant/\(segment(merchantId))/cart/\(segment(cart.id))/product/\(index)")
        let response = try await core.send(CoreRequest(method: .delete, path: path))
        if response.statusCode == 204 || response.body.isEmpty { return nil }
        return try WireCoding.decode(CartDetails.self, from: response.body)
    }

    /// Callback form of `createCartWithProduct(_:merchantId:)`: the handler runs on the main actor with the cart as it
    /// now stands, or the error.
    public func createCartWithProduct(
        _ product: CheckoutProduct, merchantId: String,
        completionHandler: @escaping @MainActor (Result<CartDetails, RezolveError>) -> Void
    ) {
        Deliver.run(
            { () async throws(RezolveError) in try await self.createCartWithProduct(product, merchantId: merchantId) },
            completion: completionHandler)
    }

    /// Callback form of `getCarts()`: the handler runs on the main actor with every open cart, or the error.
    public func getCarts(completionHandler: @escaping @MainActor (Result<[CartDetails], RezolveError>) -> Void) {
        Deliver.run({ () async throws(RezolveError) in try await self.getCarts() }, completion: completionHandler)
    }

    /// Callback form of `removeCartProduct(merchantId:cart:product:)`: the handler runs on the main actor with the
    /// updated cart, nil when the cart was emptied and deleted, or the error.
    public func removeCartProduct(
        merchantId: String, cart: CartDetails, product: CheckoutProduct,
        completionHandler: @escaping @MainActor (Result<CartDetails?, RezolveError>) -> Void
    ) {
        Deliver.run(
            { () async throws(RezolveError) in
                try await self.removeCartProduct(merchantId: merchantId, cart: cart, product: product)
            }, completion: completionHandler)
    }
}
