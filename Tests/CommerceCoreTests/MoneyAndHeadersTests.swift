import CommerceCore
import Foundation
import Testing

@Suite struct MoneyAndHeadersTests {
    @Test func currencyTableKnowsActiveCodesAndMinorUnits() {
        #expect(Currency(code: "USD")?.minorUnits == 2)
        #expect(Currency(code: "JPY")?.minorUnits == 0)
        #expect(Currency(code: "KWD")?.minorUnits == 3)
        #expect(Currency(code: "usd") == nil)
        #expect(Currency(code: "XXX") == nil)
        #expect(Currency.isActive("EUR"))
    }

    @Test func moneyRoundsToTheCurrencyPrecision() throws {
        let usd = try #require(Currency(code: "USD"))
        #expect(Money(decimal: Decimal(string: "12.345")!, currency: usd).minorUnits == 1235)
        let jpy = try #require(Currency(code: "JPY"))
        #expect(Money(decimal: Decimal(string: "99.5")!, currency: jpy).minorUnits == 100)
        #expect(Money(minorUnits: 1050, currency: usd).decimal == Decimal(string: "10.5"))
    }

    @Test func headersCompareNamesCaseInsensitively() {
        var headers: HTTPHeaders = ["Content-Type": "application/json"]
        #expect(headers["content-type"] == "application/json")
        headers["CONTENT-TYPE"] = "text/plain"
        #expect(headers.fields.count == 1)
        #expect(HTTPResponse(statusCode: 503, headers: ["retry-after": "1.5"]).retryAfter == .milliseconds(1500))
        // A server cannot make the client trap or wait for ever.
        #expect(HTTPResponse(statusCode: 503, headers: ["Retry-After": "1e300"]).retryAfter == .seconds(86_400))
        #expect(HTTPResponse(statusCode: 503, headers: ["Retry-After": "inf"]).retryAfter == nil)
    }

    @Test func sha256HexMatchesTheKnownVector() {
        #expect(
            HexDigest.sha256("user@example.com") == "b4c9a289323b21a01c3e940f150eb9b8c542587f1abfd8f0e1cc1ffc5e475514")
    }
}
