import CommerceCore
import Foundation
import Testing

@testable import Buy

/// The shortcuts decoding and query building take must give exactly what the general code gives: a Decimal
/// read from its digits has Foundation's bytes, a response key splits where `range(of: "__")` split it, and a
/// selection set indexed past its threshold still merges repeated keys in order.
@Suite struct DecodingShortcutTests {
    private static func bytes(_ decimal: Decimal) -> [UInt8] { withUnsafeBytes(of: decimal) { Array($0) } }

    @Test func decimalsFromDigitsHaveFoundationsBytes() throws {
        var texts = [
            "51.0", "51", "100", "100.50", "-12.340", "+4.20", "007.50", "0.5", "0.05", "-0.001", "10", "1000000",
            "123456789012345678", "1.23456789012345678", "99999999999999999.9",
        ]
        // A spread of lengths and fractions, generated rather than random so a failure repeats.
        for whole in [1, 7, 42, 999, 12_345, 9_876_543_210] {
            for fraction in ["", ".0", ".5", ".25", ".125", ".000001", ".90"] { texts.append("\(whole)\(fraction)") }
        }
        for text in texts {
            let foundation = try #require(Decimal(string: text, locale: GraphQL.posixLocale))
            let shortcut = try #require(GraphQL.DecimalText.fastPath(text), "\(text)")
            #expect(Self.bytes(shortcut) == Self.bytes(foundation), "\(text)")
            #expect(shortcut.description == foundation.description, "\(text)")
        }
    }

    @Test func decimalsOutsideTheShortcutGoToFoundation() throws {
        // Zeros keep Foundation's exponent, exponents and long significands are Foundation's to read.
        for text in ["0", "0.00", "-0", "1e3", "1.5E-2", "1234567890123456789", "12345678901234567890.5"] {
            #expect(GraphQL.DecimalText.fastPath(text) == nil, "\(text)")
            let expected = try #require(Decimal(string: text, locale: GraphQL.posixLocale))
            let decoded = try #require(GraphQL.DecimalText.parse(text))
            #expect(Self.bytes(decoded) == Self.bytes(expected), "\(text)")
        }
        let money = try Storefront.MoneyV2(json: Data(#"{"amount":"0.00","currencyCode":"CAD"}"#.utf8))
        #expect(Self.bytes(money.amount) == Self.bytes(try #require(Decimal(string: "0.00"))))
    }

    @Test func invalidDecimalsAreStillRejected() {
        for text in ["1.", ".5", "1,5", "12abc", ""] {
            #expect(throws: SchemaViolationError.self) {
                try Storefront.MoneyV2(json: Data(#"{"amount":"\#(text)","currencyCode":"CAD"}"#.utf8))
            }
        }
    }

    @Test func responseKeysSplitAtTheFirstDoubleUnderscore() {
        let cases = [
            ("title", "title"), ("title__t2", "title"), ("a___b", "a"), ("_a__b", "_a"), ("__typename", "__typename"),
            ("x__", "x"), ("__", "__"), ("a_", "a_"), ("", ""),
            ("productVariantWithLongName__alias_1", "productVariantWithLongName"),
            ("é__x", "é"),
        ]
        for (key, field) in cases {
            #expect(GraphQL.AbstractResponse.fieldName(forKey: key) == field, "\(key)")
        }
    }

    @Test func aliasedFieldsDecodeUnderTheirKeys() throws {
        let product = try Storefront.Product(
            json: Data(#"{"title":"A","title__long_alias_name_x":"B","handle__h":"c","__typename":"Product"}"#.utf8))
        #expect(product.title == "A")
        #expect(product.aliasedTitle(aliasSuffix: "long_alias_name_x") == "B")
        #expect(product.aliasedHandle(aliasSuffix: "h") == "c")
        #expect(product.field("__typename") as? String == "Product")
    }

    @Test func aModelWithManyFieldsFindsEachOne() throws {
        // Past 16 fields the storage keeps an index; every field must still be found, aliases included.
        var members = (0..<20).map { #""title__a\#($0)":"t\#($0)""# }
        members.append(#""handle":"h""#)
        let product = try Storefront.Product(json: Data("{\(members.joined(separator: ","))}".utf8))
        for index in 0..<20 { #expect(product.aliasedTitle(aliasSuffix: "a\(index)") == "t\(index)") }
        #expect(product.handle == "h")
        #expect(!product.hasField("title"))
    }

    @Test func largeSelectionSetsMergeRepeatsInOrder() {
        // More fields than the linear scan handles, then repeats of early and late keys with new subfields.
        let query = Storefront.buildQuery {
            $0.shop {
                $0.name().description().moneyFormat().primaryDomain { $0.host() }
                for index in 0..<14 { $0.name(aliasSuffix: "n\(index)") }
                $0.primaryDomain { $0.url() }.name()
            }
        }
        let aliases = (0..<14).map { "name__n\($0):name" }.joined(separator: ",")
        #expect(
            query.description == "query {shop{name,description,moneyFormat,primaryDomain{host,url},\(aliases)}}")
    }
}
