import CommerceCore
import Foundation
import Testing

@testable import Buy

/// Response models built directly, the key-value accessors, and reads of fields that were not queried.
@Suite(.serialized) struct ModelDecodingTests {
    @Test func initFieldsFromJSONSerializationOutput() throws {
        let json = try JSONSerialization.jsonObject(
            with: Data(
                #"{"shop":{"name":"My Shop","paymentSettings":{"acceptedCardBrands":["VISA","NEW_BRAND"],"countryCode":"CA","currencyCode":"CAD","enabledPresentmentCurrencies":[],"supportedDigitalWallets":[],"cardVaultUrl":"https://elb.deposit.shopifycs.com/sessions"}}}"#
                    .utf8))
        let fields = try #require(json as? [String: Any])
        let root = try Storefront.QueryRoot(fields: fields)
        #expect(root.shop.name == "My Shop")
        #expect(root.shop.paymentSettings.acceptedCardBrands == [.visa, .unknownValue])
        #expect(root.shop.paymentSettings.cardVaultUrl.absoluteString == "https://elb.deposit.shopifycs.com/sessions")
        let shop = try #require(root.field("shop") as? GraphQL.AbstractResponse)
        #expect(shop.field(field: "name") as? String == "My Shop")
        #expect(shop.rawFields["name"] == .string("My Shop"))
    }

    @Test func initFieldsWithSwiftLiteralsAndBadValues() throws {
        let product = try Storefront.Product(fields: [
            "title": "Shoe", "totalInventory": 3, "availableForSale": true, "onlineStoreUrl": NSNull(),
        ])
        #expect(product.title == "Shoe")
        #expect(product.totalInventory == 3)
        #expect(product.availableForSale)
        #expect(product.hasField("totalInventory"))
        #expect(product.field("totalInventory") as? Int32 == 3)
        #expect(throws: SchemaViolationError.self) { try Storefront.Product(fields: ["availableForSale": 1]) }
        #expect(throws: SchemaViolationError.self) { try Storefront.Product(fields: ["nonsense": "x"]) }
        #expect(throws: SchemaViolationError.self) { try Storefront.Product(json: Data("not json".utf8)) }
        #expect(throws: SchemaViolationError.self) { try Storefront.Product(json: Data("[1]".utf8)) }
    }

    @available(*, deprecated, message: "exercises the deprecated API on purpose")
    @Test func d20UnqueriedReadsReturnNeutralValuesAndReport() throws {
        let reported = ReportLog()
        let previous = GraphQL.fieldAccessObserver
        GraphQL.fieldAccessObserver = { type, field in reported.append("\(type).\(field)") }
        defer { GraphQL.fieldAccessObserver = previous }

        let shop = try Storefront.Shop(json: Data(#"{"name":"A"}"#.utf8))
        #expect(shop.description == nil)
        #expect(shop.moneyFormat == "")
        #expect(shop.paymentSettings.countryCode == .unknownValue)
        #expect(shop.products.edges.isEmpty)
        for entry in ["Shop.description", "Shop.moneyFormat", "Shop.paymentSettings"] {
            #expect(reported.entries.contains(entry))
        }
        #expect(throws: GraphQL.FieldAccessError.notQueried(type: "Shop", field: "description")) {
            try shop.fieldValue("description", as: String?.self)
        }
        #expect(throws: GraphQL.FieldAccessError.typeMismatch(type: "Shop", field: "name", expected: "Int32")) {
            try shop.fieldValue("name", as: Int32.self)
        }
        #expect(try shop.fieldValue("name", as: String.self) == "A")
        #expect(shop.field("missing") == nil)
        #expect(!shop.hasField("description"))
    }

    /// Regression: a non-null union or interface field read back as its `Unknown…` neutral value even when
    /// the server sent a known member (the generic read picked the `Unknown…` class as its type).
    @Test func nonNullAbstractFieldsKeepTheirConcreteModel() throws {
        let line = try Storefront.CartLine(
            json: Data(#"{"quantity":1,"merchandise":{"__typename":"ProductVariant","id":"djE="}}"#.utf8))
        #expect((line.merchandise as? Storefront.ProductVariant)?.id == GraphQL.ID(rawValue: "djE="))
        let aliased = try Storefront.CartLine(
            json: Data(#"{"merchandise__m":{"__typename":"ProductVariant","id":"djE="}}"#.utf8))
        #expect(aliased.aliasedMerchandise(aliasSuffix: "m") is Storefront.ProductVariant)
        let edge = try Storefront.MediaEdge(
            json: Data(#"{"cursor":"c","node":{"__typename":"MediaImage","id":"bTE="}}"#.utf8))
        #expect(edge.node is Storefront.MediaImage)
        let unknown = try Storefront.CartLine(json: Data(#"{"merchandise":{"__typename":"GiftCard"}}"#.utf8))
        #expect((unknown.merchandise as? Storefront.UnknownMerchandise)?.typeName == "GiftCard")
    }

    @Test func nullableNullsReadAsNil() throws {
        let shop = try Storefront.Shop(json: Data(#"{"description":null,"name":"A"}"#.utf8))
        #expect(shop.description == nil)
        #expect(shop.hasField("description"))
        #expect(shop.field("description") == nil)
        #expect(try shop.fieldValue("description", as: String?.self) == nil)
    }

    @Test func aliasKeysMapToFields() throws {
        let product = try Storefront.Product(json: Data(#"{"title":"A","title__t2":"B"}"#.utf8))
        #expect(product.title == "A")
        #expect(product.aliasedTitle(aliasSuffix: "t2") == "B")
        #expect(product.field("title", aliasSuffix: "t2") as? String == "B")
    }

    @Test func deprecatedScalarsDecode() throws {
        let variant = try Storefront.ProductVariant(
            json: Data(#"{"price":"89.00","available":true,"weight":1.25}"#.utf8))
        #expect(variant.field("price") as? Decimal == Decimal(string: "89"))
        #expect(variant.field("available") as? Bool? == true)
        #expect(variant.weight == 1.25)
    }

    @Test func decimalLiteralRules() {
        for good in ["10", "10.50", "-3", "1e3", "0.000001", "1.5E-2"] {
            #expect(GraphQL.Decode.isDecimalLiteral(good), "\(good)")
        }
        for bad in ["", "abc", "12abc", "1.", ".5", "1e", "--1", "1,5"] {
            #expect(!GraphQL.Decode.isDecimalLiteral(bad), "\(bad)")
        }
    }

    @Test func dateFunctions() throws {
        let date = try #require(GraphQL.parseDateTime("2024-05-01T12:34:56.123456789-05:00"))
        #expect(GraphQL.formatDateTime(date) == "2024-05-01T17:34:56Z")
        #expect(GraphQL.parseDateTime("2024-05-01 12:34:56Z") == nil)
        #expect(GraphQL.posixLocale.identifier == "en_US_POSIX")
    }

    @Test func idBehaviour() {
        let id: GraphQL.ID = "abc"
        #expect(id == GraphQL.ID(rawValue: "abc"))
        #expect(id.description == "abc")
        #expect(GraphQL.ID(rawValue: nil as String?) == nil)
        #expect(Set([id, GraphQL.ID(rawValue: "abc")]).count == 1)
    }
}

final class ReportLog: Sendable {
    private let values = Locked<[String]>([])
    var entries: [String] { values.current }
    func append(_ value: String) { values.withLock { $0.append(value) } }
}
