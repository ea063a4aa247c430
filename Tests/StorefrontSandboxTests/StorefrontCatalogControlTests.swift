import CommerceCore
import Foundation
import Testing

@testable import CommerceSandbox
@testable import SandboxCore

/// The catalog control routes of spec §5.16: products, variant stock and price, discount codes — and that
/// what they change is what the GraphQL API then serves.
@Suite struct StorefrontCatalogControlTests {
    static let racer: JSONValue = [
        "title": "Racer", "productType": "sneaker", "vendor": "Sandbox Athletics", "tags": ["sample", "red"],
        "description": "A light racing flat.", "optionName": "Size", "createdAt": "2019-03-01T00:00:00Z",
        "variants": [
            ["title": "8", "price": "99.50", "inventory": 4], ["title": "9", "price": "105", "inventory": nil],
        ],
        "images": [["altText": "Racer side"], ["name": "racer-top", "altText": "Racer top"]],
        "collections": [1, .string(GID.collection(2))],
    ]

    @Test func createdProductIsServedThroughGraphQL() async throws {
        let client = try StorefrontClient()
        let created = try await client.control(.post, "/sandbox/storefront/shops/1/products", json: Self.racer)
        #expect(created.status == 201)
        #expect(
            created.json.serialized()
                == #"{"id":"\#(GID.product(25))","variantIds":["\#(GID.variant(251))","\#(GID.variant(252))"]}"#)

        let data = try await client.data(
            """
            query {product(id:"\(GID.product(25))"){title,handle,productType,vendor,tags,descriptionHtml,createdAt,updatedAt,availableForSale,totalInventory,priceRange{minVariantPrice{amount},maxVariantPrice{amount}},options(first:5){name,values},images(first:5){edges{node{id,altText,src}}},variants(first:5){edges{node{id,title,sku,priceV2{amount},quantityAvailable}}},collections(first:5){edges{node{handle}}}},byTag:products(first:5,query:"tag:sample"){edges{node{id}}},runners:collection(id:"\(GID.collection(1))"){products(last:1){edges{node{id}}}}}
            """)
        let product = try #require(data["product"])
        #expect(product["title"] == "Racer")
        #expect(product["handle"] == "racer")  // derived from the title
        #expect(product["tags"]?.serialized() == #"["sample","red"]"#)
        #expect(product["descriptionHtml"] == "<p>A light racing flat.</p>")
        #expect(product["createdAt"] == "2019-03-01T00:00:00Z")
        #expect(product["updatedAt"] == "2019-03-01T00:00:00Z")
        #expect(product["availableForSale"] == true)
        #expect(product["totalInventory"] == 4)  // the untracked variant adds nothing
        #expect(
            product["priceRange"]?.serialized()
                == #"{"minVariantPrice":{"amount":"99.5"},"maxVariantPrice":{"amount":"105.0"}}"#)
        #expect(product["options"]?.serialized() == #"[{"name":"Size","values":["8","9"]}]"#)
        let images = product["images"]?["edges"]?.arrayValue ?? []
        #expect(
            images.map { GID.decode($0["node"]?["id"]?.stringValue) } == [
                "gid://shopify/ProductImage/251", "gid://shopify/ProductImage/252",
            ])
        #expect(images.map { $0["node"]?["altText"] } == ["Racer side", "Racer top"])
        #expect(
            images[0]["node"]?["src"]?.stringValue
                == client.context.publicURL(path: "/sandbox/storefront/images/product-25-1.png"))
        #expect(
            images[1]["node"]?["src"]?.stringValue
                == client.context.publicURL(path: "/sandbox/storefront/images/racer-top.png"))
        #expect(
            product["variants"]?.serialized()
                == #"{"edges":[{"node":{"id":"\#(GID.variant(251))","title":"8","sku":"SBX-251","priceV2":{"amount":"99.5"},"quantityAvailable":4}},{"node":{"id":"\#(GID.variant(252))","title":"9","sku":"SBX-252","priceV2":{"amount":"105.0"},"quantityAvailable":null}}]}"#
        )
        #expect(
            product["collections"]?.serialized()
                == #"{"edges":[{"node":{"handle":"runners"}},{"node":{"handle":"blue-runners"}}]}"#)
        #expect(data["byTag"]?.nodeNumbers == [25])
        #expect(data["runners"]?["products"]?.nodeNumbers == [25])  // joined at the end of the manual order

        // It can be bought like any other product.
        let cart = try await client.data(
            "mutation {cartCreate(input:{lines:[{merchandiseId:\"\(GID.variant(251))\",quantity:2}]}){cart{estimatedCost{totalAmount{amount}}},userErrors{message}}}"
        )
        #expect(cart["cartCreate"]?["cart"]?["estimatedCost"]?["totalAmount"]?["amount"] == "199.0")

        // A second product takes the next ID; the same handle again is a conflict.
        let second = try await client.control(
            .post, "/sandbox/storefront/shops/1/products",
            json: ["title": "Racer II", "variants": [["price": "10.00"]]])
        #expect(second.json["variantIds"]?.serialized() == #"["\#(GID.variant(261))"]"#)
        let clash = try await client.control(
            .post, "/sandbox/storefront/shops/1/products",
            json: ["title": "Other", "handle": "road-runner", "variants": [["price": "1"]]])
        #expect(clash.status == 409)
        #expect(clash.json["field"] == "handle")
        let single = try await client.data(
            "query {product(id:\"\(GID.product(26))\"){variants(first:1){edges{node{title,quantityAvailable}}}}}")
        #expect(
            single["product"]?["variants"]?.serialized()
                == #"{"edges":[{"node":{"title":"Default Title","quantityAvailable":null}}]}"#)
    }

    @Test(arguments: [
        (#"[1]"#, "body"),
        (#"{"variants":[{"price":"1"}]}"#, "title"),
        (#"{"title":"  ","variants":[{"price":"1"}]}"#, "title"),
        (#"{"title":7,"variants":[{"price":"1"}]}"#, "title"),
        (#"{"title":"X"}"#, "variants"),
        (#"{"title":"X","variants":[]}"#, "variants"),
        (#"{"title":"X","variants":[1]}"#, "variants[0]"),
        (#"{"title":"X","variants":[{"title":"8"}]}"#, "variants[0].price"),
        (#"{"title":"X","variants":[{"price":"abc"}]}"#, "variants[0].price"),
        (#"{"title":"X","variants":[{"price":"-1.00"}]}"#, "variants[0].price"),
        (#"{"title":"X","variants":[{"price":12}]}"#, "variants[0].price"),
        (#"{"title":"X","variants":[{"price":"1"},{"price":"1","inventory":-1}]}"#, "variants[1].inventory"),
        (#"{"title":"X","variants":[{"price":"1","inventory":1.5}]}"#, "variants[0].inventory"),
        (#"{"title":"X","tags":"blue","variants":[{"price":"1"}]}"#, "tags"),
        (#"{"title":"X","requiresShipping":"yes","variants":[{"price":"1"}]}"#, "requiresShipping"),
        (#"{"title":"X","createdAt":"yesterday","variants":[{"price":"1"}]}"#, "createdAt"),
        (#"{"title":"X","sales":-3,"variants":[{"price":"1"}]}"#, "sales"),
        (#"{"title":"X","images":[{"name":"../etc"}],"variants":[{"price":"1"}]}"#, "images[0].name"),
        (#"{"title":"X","collections":[99],"variants":[{"price":"1"}]}"#, "collections[0]"),
        (#"{"title":"X","collections":"runners","variants":[{"price":"1"}]}"#, "collections"),
        (#"{"title":"!!!","variants":[{"price":"1"}]}"#, "handle"),
    ])
    func badProductBodiesNameTheField(body: String, field: String) async throws {
        let client = try StorefrontClient()
        let response = try await client.rig.send(
            SandboxRequest(
                method: .post, rawPath: "/sandbox/storefront/shops/1/products",
                headers: ["Content-Type": "application/json"],
                body: Data(body.utf8)))
        let json = response.json
        #expect(response.status == 400)
        #expect(json["error"] == "invalid_request")
        #expect(json["field"]?.stringValue == field, "\(json.serialized())")
        // Nothing was written.
        #expect(
            try await client.data("query {products(first:1,reverse:true){edges{node{id}}}}")["products"]?.nodeNumbers
                == [24])
    }

    @Test func productForAnUnknownShopIsNotFound() async throws {
        let client = try StorefrontClient()
        let answer = try await client.control(.post, "/sandbox/storefront/shops/7/products", json: Self.racer)
        #expect(answer.status == 404)
        #expect(answer.json["error"] == "not_found")
    }

    @Test func patchingAVariantChangesStockAndPrice() async throws {
        let client = try StorefrontClient()
        let query =
            "query {node(id:\"\(GID.variant(11))\"){... on ProductVariant{price,priceV2{amount},quantityAvailable,availableForSale}}}"
        let soldOut = try await client.control(
            .patch, "/sandbox/storefront/variants/11", json: ["inventory": 0, "price": "95.50"])
        #expect(soldOut.status == 200)
        #expect(
            soldOut.json.serialized()
                == #"{"id":"\#(GID.variant(11))","productId":"\#(GID.product(1))","title":"8","sku":"SBX-11","price":"95.5","inventory":0,"availableForSale":false}"#
        )
        #expect(
            try await client.data(query)["node"]?.serialized()
                == #"{"price":"95.50","priceV2":{"amount":"95.5"},"quantityAvailable":0,"availableForSale":false}"#)

        // A Base64 ID works too; null stops tracking stock; absent keys stay as they are.
        let untracked = try await client.control(
            .patch, "/sandbox/storefront/variants/\(GID.variant(11))", json: ["inventory": nil])
        #expect(untracked.json["inventory"] == .null)
        #expect(untracked.json["price"] == "95.5")
        #expect(try await client.data(query)["node"]?["availableForSale"] == true)

        for (body, field) in [
            (["price": 95] as JSONValue, "price"), (["price": "cheap"], "price"), (["inventory": "many"], "inventory"),
            (["inventory": -2], "inventory"), (["stock": 3], "stock"), ([1, 2], "body"),
        ] {
            let bad = try await client.control(.patch, "/sandbox/storefront/variants/11", json: body)
            #expect(bad.status == 400, "\(body.serialized())")
            #expect(bad.json["field"]?.stringValue == field, "\(body.serialized())")
        }
        let unknown = try await client.control(.patch, "/sandbox/storefront/variants/999", json: ["inventory": 1])
        #expect(unknown.status == 404)
        #expect(unknown.json["error"] == "not_found")
        #expect(
            try await client.control(.patch, "/sandbox/storefront/variants/\(GID.product(1))", json: ["inventory": 1])
                .status == 404)
    }

    @Test func addedDiscountCodesBecomeApplicable() async throws {
        let client = try StorefrontClient()
        let cart =
            "mutation {cartCreate(input:{discountCodes:[\"welcome\",\"NOPE\",\"SANDBOX10\"]}){cart{discountCodes{code,applicable}}}}"
        let before = try await client.data(cart)
        #expect(
            before["cartCreate"]?["cart"]?["discountCodes"]?.arrayValue?.map { $0["applicable"] } == [
                false, false, true,
            ])

        let added = try await client.control(
            .post, "/sandbox/storefront/shops/1/discount-codes", json: ["code": "WELCOME"])
        #expect(added.status == 201)
        #expect(added.json.serialized() == #"{"code":"WELCOME","discountCodes":["SANDBOX10","WELCOME"]}"#)
        let after = try await client.data(cart)
        #expect(
            after["cartCreate"]?["cart"]?["discountCodes"]?.serialized()
                == #"[{"code":"welcome","applicable":true},{"code":"NOPE","applicable":false},{"code":"SANDBOX10","applicable":true}]"#
        )

        // The same code again (any case) is already there.
        let again = try await client.control(
            .post, "/sandbox/storefront/shops/1/discount-codes", json: ["code": "Welcome"])
        #expect(again.status == 200)
        #expect(again.json["discountCodes"]?.arrayValue?.count == 2)
        for body in [
            ["code": "   "] as JSONValue, ["code": 10], ["coupon": "X"],
            ["code": .string(String(repeating: "A", count: 256))],
        ] {
            let bad = try await client.control(.post, "/sandbox/storefront/shops/1/discount-codes", json: body)
            #expect(bad.status == 400)
            #expect(bad.json["field"] == "code")
        }
        #expect(
            try await client.control(.post, "/sandbox/storefront/shops/8/discount-codes", json: ["code": "X"]).status
                == 404)
    }
}
