import CommerceCore
import CommerceTestSupport
import CommerceTesting
import Foundation
import Storefront2026_04
import Testing

/// The selections and canned answers the 2026-04 tests share. This file imports only `Storefront2026_04`, so
/// `Storefront` is the 2026-04 namespace and `Graph` comes from the re-exported `Buy`.
enum Cart2026 {
    static let cartID: GraphQL.ID = "gid://shopify/Cart/c1?key=k1"
    static let variantID: GraphQL.ID = "gid://shopify/ProductVariant/9"

    /// The cart fields every operation here selects: totals, lines through the `BaseCartLine` interface, and
    /// the variant behind each line through the `Merchandise` union.
    static func cartFields(_ cart: Storefront.CartQuery) {
        cart.id().checkoutUrl().totalQuantity()
            .cost { $0.subtotalAmount { $0.amount().currencyCode() }.totalAmount { $0.amount().currencyCode() } }
            .lines(first: 10) { lines in
                lines.nodes { line in
                    line.id().quantity().merchandise { $0.onProductVariant { $0.id().title() } }
                }
            }
    }

    static let renderedCartFields =
        "{id,checkoutUrl,totalQuantity,cost{subtotalAmount{amount,currencyCode},totalAmount{amount,currencyCode}},"
        + "lines(first:10){nodes{__typename,id,quantity,merchandise{__typename,... on ProductVariant{id,title}}}}}"

    static func cartCreate() -> Storefront.MutationQuery {
        Storefront.buildMutation { root in
            root.cartCreate(
                input: .create(
                    buyerIdentity: .value(.create(countryCode: .value(.ca), email: .value("ada@example.com"))),
                    lines: .value([.create(merchandiseId: variantID, quantity: .value(2))]))
            ) { payload in
                payload.cart(cartFields).userErrors { $0.field().message().code() }
                    .warnings { $0.code().message().target() }
            }
        }
    }

    static func cartLinesAdd(quantity: Int32) -> Storefront.MutationQuery {
        Storefront.buildMutation { root in
            root.cartLinesAdd(cartId: cartID, lines: [.create(merchandiseId: variantID, quantity: .value(quantity))]) {
                payload in
                payload.cart(cartFields).userErrors { $0.field().message().code() }
                    .warnings { $0.code().message().target() }
            }
        }
    }

    static func cartQuery() -> Storefront.QueryRootQuery {
        Storefront.buildQuery(inContext: .init(country: .ca, language: .fr)) { root in
            root.cart(id: cartID, cartFields)
        }
    }

    /// A cart with one line of `quantity` variants 9 at 10.00 CAD, in the shape `cartFields` selects.
    static func cartJSON(quantity: Int) -> String {
        let subtotal = "\(quantity * 10).0"
        return #"""
            {"id":"gid://shopify/Cart/c1?key=k1","checkoutUrl":"https://shoes.example/cart/c/c1?key=k1",\#
            "totalQuantity":\#(quantity),"cost":{"subtotalAmount":{"amount":"\#(subtotal)","currencyCode":"CAD"},\#
            "totalAmount":{"amount":"\#(subtotal)","currencyCode":"CAD"}},"lines":{"nodes":[{"__typename":"CartLine",\#
            "id":"gid://shopify/CartLine/l1?cart=c1","quantity":\#(quantity),"merchandise":{"__typename":"ProductVariant",\#
            "id":"gid://shopify/ProductVariant/9","title":"Red / 42"}}]}}
            """#
    }

    /// `cartCreate` answered with a cart and no problems.
    static let createdBody =
        #"{"data":{"cartCreate":{"cart":\#(cartJSON(quantity: 2)),"userErrors":[],"warnings":[]}}}"#

    /// `cartLinesAdd` for 5 more with stock for 1 more: the cart has 3, one user error and one warning.
    static let partlyAddedBody = #"""
        {"data":{"cartLinesAdd":{"cart":\#(cartJSON(quantity: 3)),\#
        "userErrors":[{"field":["lines","0","quantity"],"message":"Quantity reduced to the stock left.","code":"INVALID"}],\#
        "warnings":[{"code":"MERCHANDISE_NOT_ENOUGH_STOCK","message":"Only 1 more was in stock.",\#
        "target":"gid://shopify/CartLine/l1?cart=c1"}]}}}
        """#

    static let cartBody = #"{"data":{"cart":\#(cartJSON(quantity: 3))}}"#
}

/// Hands the 2026-04 documents the tests built to CI's graphql-core check (Tests/RealClients/
/// storefront_graphql_check.py --documents), which validates them against the 2026-04 schema.
enum DocumentExport {
    /// Writes `documents` to `.build/storefront-documents-2026-04/` under the current test's name.
    static func write(_ documents: [String]) throws {
        let test = GraphQLDocumentExport.testName(Test.current.map { "\($0.id)" })
        let file: JSONValue = ["test": .string(test), "documents": .array(documents.map { .string($0) })]
        try GraphQLDocumentExport.write(file, test: test, folder: "storefront-documents-2026-04")
    }

    /// The `query` of each request body the transport saw, in order.
    static func documents(_ transport: InMemoryTransport) -> [String] {
        transport.requests.compactMap { request in
            guard let data = request.body, let body = try? JSONValue.parse(data) else { return nil }
            return body["query"]?.stringValue
        }
    }
}
