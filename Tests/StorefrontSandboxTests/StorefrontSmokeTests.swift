import CommerceCore
import Foundation
import Testing

@testable import CommerceSandbox

@Suite struct StorefrontSmokeTests {
    @Test func shopNameAndPaymentSettings() async throws {
        let client = try StorefrontClient()
        let data = try await client.data(
            "query {shop{name,description,moneyFormat,currencyCode,shipsToCountries,primaryDomain{host,sslEnabled,url},paymentSettings{cardVaultUrl,currencyCode,acceptedCardBrands,supportedDigitalWallets,countryCode}}}"
        )
        #expect(
            data.serialized()
                == #"{"shop":{"name":"Sandbox Shoes","description":"A pretend shoe shop served by the CommerceKit sandbox.","moneyFormat":"${{amount}}","currencyCode":"CAD","shipsToCountries":["CA","US","GB"],"primaryDomain":{"host":"sandbox-shoes.myshopify.com","sslEnabled":true,"url":"https://sandbox-shoes.myshopify.com"},"paymentSettings":{"cardVaultUrl":"\#(client.context.publicURL(path: "/sessions"))","currencyCode":"CAD","acceptedCardBrands":["VISA","MASTERCARD","AMERICAN_EXPRESS"],"supportedDigitalWallets":["APPLE_PAY"],"countryCode":"CA"}}}"#
        )
    }
}
