import CommerceCore
import CommerceTesting
import Foundation
import Testing

@testable import RezolveSDK

@Suite("Request strings (§6.3)")
struct RequestStringTests {
    static let rootCategory =
        #"{"id":1,"name":"Root","categories":{"count":0,"total":0,"items":[]},"products":{"count":0,"total":0,"items":[]}}"#

    @Test func rootCategoryUsesTheDefaultFilterInTheFixedOrder() async throws {
        let transport = Fixture.transport { _ in .json(200, Self.rootCategory) }
        let session = try await Fixture.session(transport)
        _ = try await session.productManager.getRootCategoryForMerchantWith(id: "12")
        #expect(
            transport.requests.last?.pathAndQuery
                == "/api/v2/partner/317/customer/E/merchant/12/category?category_items_per_page=30&category_page_number=1&category_sort_direction=ASC&product_items_per_page=30&product_page_number=1&product_sort_direction=ASC"
        )
        #expect(transport.requests.last?.method == .get)
    }

    @Test func theSeedsFilterOnCategory70() async throws {
        let transport = Fixture.transport { _ in .json(200, Self.rootCategory) }
        let session = try await Fixture.session(transport)
        let filter = PageNavigationFilter(
            productsFilter: PageNavigation(count: 100, pageIndex: 1, sortBy: "product", sort: .ascending),
            categoryFilter: PageNavigation(count: 100, pageIndex: 1, sortBy: "category", sort: .ascending))
        _ = try await session.productManager.getPaginatedCategoriesAndProducts(
            merchantId: "12", categoryId: 70, pageNavigationFilters: filter)
        #expect(
            transport.requests.last?.pathAndQuery
                == "/api/v2/partner/317/customer/E/merchant/12/category/70?category_items_per_page=100&category_page_number=1&category_sort_by=category&category_sort_direction=ASC&product_items_per_page=100&product_page_number=1&product_sort_by=product&product_sort_direction=ASC"
        )
    }

    @Test func category71PageTwoLinksDecode() throws {
        let body =
            #"{"id":71,"parent_id":1,"name":"Tees","has_products":true,"has_categories":false,"categories":{"links":null,"count":0,"total":0,"items":[]},"products":{"links":{"current":{"count":30,"page":2,"sort_by":null,"sort":"ASC"},"first":{"count":30,"page":1,"sort_by":null,"sort":"ASC"},"prev":{"count":30,"page":1,"sort_by":null,"sort":"ASC"},"next":null,"last":{"count":30,"page":2,"sort_by":null,"sort":"ASC"}},"count":5,"total":35,"items":[{"id":40,"name":"A","price":1.5},{"id":41,"name":"B"},{"id":42,"name":"C"},{"id":43,"name":"D"},{"id":44,"name":"E"}]}}"#
        let category = try WireCoding.decoder().decode(Category.self, from: Data(body.utf8))
        #expect(category.productsPage.count == 5)
        #expect(category.productsPage.total == 35)
        #expect(category.productsPage.links?.prev?.pageIndex == 1)
        #expect(category.productsPage.links?.next == nil)
        #expect(category.products.first?.price == Decimal(string: "1.5"))
    }

    static func checkoutBody(shipping: CheckoutShippingMethod, payment: String) async throws -> String {
        let price = #"{"id":"1501","final_price":49.00,"price_breakdown":[],"additional_attributes":[]}"#
        let transport = Fixture.transport { _ in .json(200, price) }
        let session = try await Fixture.session(transport)
        let bundle = CheckoutBundle(
            checkoutProduct: CheckoutProduct(id: 6, quantity: 2), shippingMethod: shipping,
            merchantId: "12", optionId: "opt-1", paymentMethod: SupportedPaymentMethod(type: payment),
            paymentRequest: nil, phoneId: nil, location: nil)
        _ = try await session.checkoutManager.checkout(bundle: bundle)
        #expect(transport.requests.last?.url.path == "/api/v3/partner/317/customer/E/merchant/12/checkout/opt-1")
        return transport.requests.last?.bodyText ?? ""
    }

    @Test func checkoutBodyForFlatrateAndCard() async throws {
        let body = try await Self.checkoutBody(
            shipping: CheckoutShippingMethod(type: "flatrate", addressId: "A1"), payment: "spgateway")
        #expect(
            body == #"{"payment_method":{"type":"spgateway"},"shipping_method":{"address_id":"A1","type":"flatrate"}}"#)
    }

    @Test func checkoutBodyForPickupAndCash() async throws {
        let body = try await Self.checkoutBody(
            shipping: CheckoutShippingMethod(type: "storepickup", pickupStore: 2), payment: "cash")
        #expect(
            body == #"{"payment_method":{"type":"cash"},"shipping_method":{"pickup_store":2,"type":"storepickup"}}"#)
    }

    @Test func anEmptyAddressIdIsLeftOut() throws {
        let data = try WireCoding.encode(CheckoutShippingMethod(type: "storepickup", addressId: ""))
        #expect(String(decoding: data, as: UTF8.self) == #"{"type":"storepickup"}"#)
    }

    @Test func externalBuyBodyWithPhoneAndLocation() async throws {
        let transport = Fixture.transport { request in
            if request.url.path.contains("/checkout/") { return .json(200, #"{"id":"1501","final_price":44.00}"#) }
            return .json(
                200,
                #"{"order_id":"1501","payment_method":"external","data":{"callback":{"payment_id":"ff04ba41-32f1-4f70-a461-3f63fe9e81b9"}}}"#
            )
        }
        let session = try await Fixture.session(transport)
        let bundle = CheckoutBundle(
            cartId: "C1", shippingMethod: CheckoutShippingMethod(type: "storepickup", pickupStore: 2),
            merchantId: "12", optionId: "opt-2", paymentMethod: SupportedPaymentMethod(type: "external"),
            paymentRequest: nil, phoneId: "P1",
            location: RezolveLocation(longitude: -73.9502622, latitude: 40.6726499))
        _ = try await session.checkoutManager.checkout(bundle: bundle)
        #expect(
            transport.requests.last?.url.path == "/api/v3/partner/317/customer/E/merchant/12/cart/C1/checkout/opt-2")
        let order = try await session.checkoutManager.buy(bundle: bundle)
        let buy = try #require(transport.requests.last)
        #expect(buy.url.path == "/api/v3/partner/317/customer/E/merchant/12/buy/1501")
        #expect(
            buy.bodyText
                == #"{"location":{"latitude":40.6726499,"longitude":-73.9502622},"payment_method":{"phone_id":"P1","type":"external"}}"#
        )
        #expect(order.externalPaymentId == "ff04ba41-32f1-4f70-a461-3f63fe9e81b9")
        let callback = order.data["callback"]?.value as? [AnyHashable: Any]
        #expect(callback?["payment_id"] as? String == "ff04ba41-32f1-4f70-a461-3f63fe9e81b9")
    }

    @Test(arguments: [
        (
            DeviceInfo(
                make: "Apple", os: "iOS", osVersion: "17.4", model: "iPhone15,2", app: "com.example.shop",
                appVersion: "1.2.0"),
            "Apple|iOS|17.4|iPhone15,2|com.example.shop|1.2.0"
        ),
        (
            DeviceInfo(make: "a|b", os: "Linux", osVersion: "6", model: "x", app: "y", appVersion: "1"),
            "a/b|Linux|6|x|y|1"
        ),
    ])
    func deviceInfoWireForm(info: DeviceInfo, expected: String) {
        #expect(info.wireValue == expected)
    }

    @Test func merchantSearchSendsPagingAndTheSnakeCaseBody() async throws {
        let transport = Fixture.transport { _ in
            .json(
                200,
                #"{"page":1,"total":3,"merchants":[{"id":"12","name":"Sandbox Outfitters","distance":801.4,"stores":[{"id":"1","name":"Brooklyn","location":{"latitude":40.6782,"longitude":-73.9442}}]},{"id":2,"name":"B"},{"id":"79","name":"C","distance":null}]}"#
            )
        }
        let session = try await Fixture.session(transport)
        let info = DeviceInfo(
            make: "Apple", os: "iOS", osVersion: "17.4", model: "iPhone15,2", app: "com.example.shop",
            appVersion: "1.2.0")
        let result = try await session.merchantManager.searchForMerchants(
            using: MerchantSearchData(
                query: nil, orderBy: .location, order: .ascending, deviceInfo: info,
                location: RezolveLocation(longitude: -73.9502622, latitude: 40.6726499)),
            page: 1, limit: 50)
        let request = try #require(transport.requests.last)
        #expect(request.pathAndQuery == "/api/v1/search/merchants/317/E?page=1&limit=50")
        #expect(
            request.bodyText
                == #"{"device_info":"Apple|iOS|17.4|iPhone15,2|com.example.shop|1.2.0","location":{"latitude":40.6726499,"longitude":-73.9502622},"order":"asc","order_by":"location"}"#
        )
        #expect(result.merchants.map(\.id) == ["12", "2", "79"])
        #expect(result.merchants.first?.distance == 801.4)
        #expect(result.merchants.last?.distance == nil)
    }
}
