import CommerceCore
import Foundation
import Testing

@testable import ButtonMerchant

extension ButtonMerchantTests {
    /// Spec §3.2.6 / §6.6 activity bodies.
    @Suite struct ActivityTests {
        func sentBody(token: String? = nil, _ report: (Activity) -> Void) async throws -> JSONValue {
            let store = PersistentStore()
            if let token { store.set(token, forKey: ButtonStore.attributionTokenKey) }
            let harness = Harness(store: store)
            harness.core.configure(applicationId: "app-sandbox", environment: nil)
            report(ActivityReporter(core: harness.core))
            let requests = await harness.sentRequests()
            #expect(requests.map(\.url.path) == ["/v1/app/activity"])
            return try body(requests.first)
        }

        @Test func cartViewedNilOmitsProducts() async throws {
            let json = try await sentBody { $0.cartViewed(nil) }
            #expect(json == ["activity_data": ["name": "cart-viewed"], "application_id": "app-sandbox"])
        }

        @Test func singleProductCallsWithNilSendAnEmptyList() async throws {
            let viewed = try await sentBody { $0.productViewed(nil) }
            #expect(viewed["activity_data"] == ["name": "product-viewed", "products": []])
            let added = try await sentBody(token: "srctok-t") { $0.productAddedToCart(nil) }
            #expect(added["activity_data"] == ["name": "add-to-cart", "products": []])
            #expect(added["btn_ref"] == "srctok-t")
        }

        @Test func zeroValueAndQuantityAreLeftOut() async throws {
            let json = try await sentBody { $0.productViewed(ButtonProduct()) }
            #expect(json["activity_data"]?["products"] == [[:]])
        }

        @Test func fullProduct() async throws {
            let product = ButtonProduct()
            product.id = "p-1"
            product.upc = "012345678905"
            product.categories = ["Home", "Beds"]
            product.name = "Pillow"
            product.currency = "USD"
            product.value = 2000
            product.quantity = 2
            product.url = "https://shop.example/p/1"
            product.attributes = ["size": "L"]
            let json = try await sentBody { $0.cartViewed([product, ButtonProduct()]) }
            let expected = try JSONValue.parse(
                """
                [{"id":"p-1","upc":"012345678905","categories":["Home","Beds"],"name":"Pillow","currency":"USD",
                  "value":2000,"quantity":2,"url":"https://shop.example/p/1","attributes":{"size":"L"}},{}]
                """)
            #expect(json["activity_data"]?["products"] == expected)
        }
    }

    /// Spec §3.2.5 custom events.
    @Suite struct ReportEventTests {
        @Test func customEventCarriesPropertiesAndTheStoredToken() async throws {
            let harness = Harness(
                store: PersistentStore(inMemory: [ButtonStore.attributionTokenKey: .string("srctok-s")]))
            harness.core.configure(applicationId: "app-sandbox", environment: nil)
            harness.core.reportEvent("signup", properties: ["plan": "gold"])
            harness.core.reportEvent("plain", properties: nil)
            let requests = await harness.sentRequests()
            #expect(requests.map(\.url.path) == ["/v1/app/events", "/v1/app/events"])
            let first = try #require(try body(requests.first)["events"]?[0])
            #expect(first["name"] == "signup")
            #expect(first["source"] == "custom")
            #expect(first["source_token"] == "srctok-s")
            #expect(first["value"] == ["extra": ["plan": "gold"]])
            let second = try #require(try body(requests.last)["events"]?[0])
            #expect(second["value"] == nil)
            #expect(second["source"] == "custom")
        }

        @Test func withoutStoredTokenTheSourceTokenIsOmitted() async throws {
            let harness = Harness()
            harness.core.configure(applicationId: "app-sandbox", environment: nil)
            harness.core.reportEvent("plain", properties: [:])
            let event = try #require(try body(await harness.sentRequests().first)["events"]?[0])
            #expect(event["source_token"] == nil)
            #expect(event["value"] == ["extra": [:]])
        }

        @Test func anEmptyBatchIsNeverBuilt() {
            #expect(throws: ButtonMerchantError.noEvents) {
                try EventBody.parameters(for: [], now: fixedNow, timeZone: utc)
            }
        }
    }

    /// Spec §3.2.8 app-side date format.
    @Suite struct DateFormatTests {
        @Test func utcUsesZAndOffsetsUseColons() throws {
            let date = try #require(ISO8601.parse("2019-06-17T12:08:10-04:00"))
            #expect(ButtonDateFormat.string(from: date, timeZone: utc) == "2019-06-17T16:08:10Z")
            let newYork = try #require(TimeZone(secondsFromGMT: -4 * 3600))
            #expect(ButtonDateFormat.string(from: date, timeZone: newYork) == "2019-06-17T12:08:10-04:00")
            let kolkata = try #require(TimeZone(secondsFromGMT: 5 * 3600 + 1800))
            #expect(ButtonDateFormat.string(from: date, timeZone: kolkata) == "2019-06-17T21:38:10+05:30")
        }

        @Test func fractionsAreTruncatedNotRounded() {
            let date = fixedNow.addingTimeInterval(0.9996)
            #expect(ButtonDateFormat.string(from: date, timeZone: utc) == "2025-01-15T12:00:00Z")
        }
    }
}
