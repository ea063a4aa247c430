import Foundation
import Testing

@testable import Pay

/// Postal-code padding, street splitting, delivery text, shipping methods and card brands (spec §3.9.1,
/// §3.9.2, §6.6).
@Suite struct AddressAndRateTests {
    @Test(arguments: [
        ("US", "11217", "11217", false), ("US", "112", "112", false), ("CA", "L5S ", "L5S 0Z0", true),
        ("gb", "W1A", "W1A 0ZZ", true), ("CA", "M5V", "M5V 0Z0", true), ("CA", "M5V 2J4", "M5V 2J4", false),
        ("GB", " SW1A 1AA\n", "SW1A 1AA", false),
    ])
    func postalCodePadding(country: String, zip: String, expected: String, padded: Bool) {
        let address = PayPostalAddress(countryCode: country, zip: zip)
        #expect(address.zip == expected)
        #expect(address.isPadded == padded)
        #expect(address.originalZip == zip)
    }

    @Test func missingZipStaysMissing() {
        let address = PayPostalAddress(city: "Toronto", countryCode: nil, zip: nil)
        #expect(address.zip == nil)
        #expect(address.isPadded == false)
        #expect(address.originalZip == nil)
        #expect(PayPostalAddress(countryCode: nil, zip: "M5V").zip == "M5V")
    }

    @Test func partialAddressFromAContact() throws {
        let postal = try #require(torontoPartial.postalAddress)
        let address = PayPostalAddress(contact: postal)
        #expect(
            address
                == PayPostalAddress(city: "Toronto", country: "Canada", countryCode: "CA", province: "ON", zip: "M5V"))
        #expect(address.zip == "M5V 0Z0")
    }

    @Test(
        arguments: [
            ("80 Spadina", "80 Spadina", nil), ("123 Lakeshore Blvd\nUnit 987", "123 Lakeshore Blvd", "Unit 987"),
            ("", nil, nil),
        ] as [(String, String?, String?)])
    func streetSplit(street: String, line1: String?, line2: String?) {
        let contact = PayContact(
            firstName: "John", postalAddress: PayContact.PostalAddress(street: street, city: "Toronto"))
        let address = PayAddress(contact: contact)
        #expect(address.addressLine1 == line1)
        #expect(address.addressLine2 == line2)
        #expect(address.city == "Toronto")
        #expect(address.firstName == "John")
    }

    @Test func fullAddressFromAContact() {
        let address = PayAddress(contact: johnSmith)
        #expect(
            address
                == PayAddress(
                    addressLine1: "80 Spadina Ave.", addressLine2: "Suite 400", city: "Toronto", country: "Canada",
                    province: "ON", zip: "M5V 2J4", firstName: "John", lastName: "Smith", phone: "+16471234567",
                    email: "john.smith@example.com"))
        #expect(PayAddress(contact: PayContact()) == PayAddress())
    }

    @Test func deliveryText() throws {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(identifier: "UTC"))
        let day: (Int) -> Date = { Date(timeIntervalSince1970: 1_483_228_800 + Double($0 - 1) * 86_400) }  // 2017-01-<n>
        #expect(PayShippingRate.DeliveryRange(from: day(2)).descriptionFrom(day(1), calendar: calendar) == "1 day")
        #expect(PayShippingRate.DeliveryRange(from: day(3)).descriptionFrom(day(1), calendar: calendar) == "2 days")
        #expect(
            PayShippingRate.DeliveryRange(from: day(2), to: day(7)).descriptionFrom(day(1), calendar: calendar)
                == "1 - 6 days")
        // Whole calendar days: late in the evening of the 1st, the 2nd is still "1 day" away.
        #expect(
            PayShippingRate.DeliveryRange(from: day(2)).descriptionFrom(day(1) + 23 * 3600, calendar: calendar)
                == "1 day")

        let rate = PayShippingRate(handle: "h", title: "Ground", price: 5, deliveryRange: .init(from: day(3)))
        #expect(rate.shippingMethod(relativeTo: day(1), calendar: calendar).detail == "2 days")
    }

    @Test func shippingMethodWithoutEstimate() {
        #expect(
            upsStandard.shippingMethod()
                == PayShippingMethod(
                    identifier: "shipping-rate", label: "UPS Standard", amount: 12,
                    detail: "No delivery estimate provided."))
    }

    @Test func cardBrandRawValuesMatchTheStorefrontEnum() {
        #expect(
            PayCardBrand.allCases.map(\.rawValue) == [
                "VISA", "MASTERCARD", "DISCOVER", "AMERICAN_EXPRESS", "DINERS_CLUB", "JCB",
            ])
        #expect(PayCardBrand(rawValue: "AMERICAN_EXPRESS") == .americanExpress)
    }

    @Test func simulatedPaymentCarriesTheOutcome() throws {
        let payment = PayPayment.simulated(outcome: .decline)
        let json = try #require(try JSONSerialization.jsonObject(with: payment.paymentData) as? [String: Any])
        #expect(json["version"] as? String == "EC_v1")
        #expect(json["signature"] as? String == "c2FuZGJveA==")
        #expect(json["sandbox_outcome"] as? String == "decline")
        #expect((json["header"] as? [String: Any])?["transactionId"] as? String != nil)
        #expect(
            PayPayment.simulated(outcome: .approve).paymentData != PayPayment.simulated(outcome: .approve).paymentData)
        let text = try #require(String(data: payment.paymentData, encoding: .utf8))
        #expect(text.hasPrefix(#"{"version":"EC_v1","data":""#))
        #expect(text.hasSuffix(#""sandbox_outcome":"decline"}"#))
    }
}
