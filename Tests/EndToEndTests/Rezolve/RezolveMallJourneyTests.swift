import CommerceCore
import Foundation
import RezolvePartnerServer
import RezolveSDK
import Testing

/// J2 of spec §7: the mall, an instant buy with a card, and a buy whose answer is lost and retried.
@Suite struct RezolveMallJourneyTests {
    @Test func mallInstantBuyAndIdempotentRetry() async throws {
        try await SandboxHarness.with { sandbox async throws in
            let journey = try await RezolveJourney.start(sandbox)
            let (_, customer, session) = try await journey.customerSession()
            let (phone, address, card) = try await journey.cardOnFile(session)

            // 1. Merchants nearest to Crown Heights first.
            let found = try await session.merchantManager.searchForMerchants(
                using: MerchantSearchData(
                    query: nil, orderBy: .location, order: .ascending, deviceInfo: .current,
                    location: RezolveLocation(longitude: -73.9502622, latitude: 40.6726499)),
                page: 1, limit: 50)
            #expect(found.merchants.map(\.id) == ["12", "2", "79"])
            let nearest = try #require(found.merchants.first)
            #expect(nearest.distance == 801.4)

            // 2. Categories and the first page of 35 accessories.
            let root = try await session.productManager.getRootCategoryForMerchantWith(id: "12")
            #expect(root.categories.map(\.id) == [70, 71])
            let page = PageNavigation(count: 30, pageIndex: 1, sortBy: nil, sort: .ascending)
            let accessories = try await session.productManager.getPaginatedCategoriesAndProducts(
                merchantId: "12", categoryId: 71,
                pageNavigationFilters: PageNavigationFilter(productsFilter: page, categoryFilter: page))
            #expect(accessories.products.count == 30)
            #expect(accessories.productsPage.links?.next?.pageIndex == 2)

            // 3. Product 6 in detail.
            let tee = try await session.productManager.getProductDetails(
                merchantId: "12", categoryId: 70, product: Product(id: 6))
            #expect(tee.options.count == 2)
            #expect(tee.optionAvailable.count == 3)
            #expect(tee.imageThumbs.first?.count == 4)

            // 4. Options, then checkout with flat rate and card: 40 + 5 shipping + 4 tax.
            let product = RezolveJourney.redMediumTee(quantity: 2)
            let option = try await session.paymentOptionManager.getPaymentOptionFor(
                checkoutProduct: product, merchantId: "12")
            #expect(option.supportedDeliveryMethods.contains { $0.methodCode == "flatrate" })
            let spgateway = try #require(option.supportedPaymentMethods.first { $0.type == "spgateway" })
            let addressId: String = try #require(address.id)
            let bundle = CheckoutBundle(
                checkoutProduct: product,
                shippingMethod: CheckoutShippingMethod(type: "flatrate", addressId: addressId),
                merchantId: "12", optionId: option.id, paymentMethod: spgateway,
                paymentRequest: PaymentRequest(paymentCard: card, cvv: "000"), phoneId: phone.id, location: nil)
            let price = try await session.checkoutManager.checkout(bundle: bundle)
            #expect(price.finalPrice == 49)
            #expect(price.priceBreakdowns.map(\.amount) == [40, 5, 4])
            let orderId = try #require(price.id)

            // 5. The buy's answer is lost once; the retry carries the same key and gets the stored answer.
            let buyPath =
                "/api/v3/partner/\(journey.credentials.partnerId)/customer/\(customer.entityId)/merchant/12/buy/"
            let (faultStatus, _) = try await sandbox.call(
                .post, "/sandbox/rezolve/faults",
                json: [
                    "pathPrefix": .string(buyPath), "count": 1, "dropAfterCommit": true,
                ])
            #expect(faultStatus == 201)
            let order = try await session.checkoutManager.buy(bundle: bundle)
            #expect(order.partnerName == "CommerceKit Sandbox Partner")
            #expect(order.id == orderId)
            #expect(journey.transport.outcomes(buyPath + orderId) == [.transportError, .status(200)])
            let buys = journey.transport.requests.filter { $0.url.path == buyPath + orderId }
            let keys = buys.map { $0.headers["Idempotency-Key"] }
            #expect(keys.count == 2)
            #expect(keys.first != nil && keys.first == keys.last)
            #expect(journey.transport.answerHeaders(to: buyPath + orderId).last?["Idempotent-Replayed"] == "true")
            #expect(!journey.everythingSent().contains("4111111111111111"))

            // 6. Exactly one order today, authorized, 49.00; buying the same checkout again is refused.
            let history = try await session.userActivityManager.getOrders(from: Date(), to: Date())
            #expect(history.orders.count == 1)
            let placed = try #require(history.orders.first)
            #expect(placed.orderId == orderId)
            #expect(placed.status == .pending)
            #expect(placed.paymentStatus == "authorized")
            #expect(placed.price?.finalPrice == 49)

            let lastBuy = try #require(buys.last)
            var headers = HTTPHeaders()
            for field in lastBuy.headers where field.name.lowercased() != "idempotency-key" {
                headers.add(name: field.name, value: field.value)
            }
            let again = try await sandbox.raw(.post, buyPath + orderId, body: lastBuy.body, headers: headers)
            #expect(again.statusCode == 400)
            let envelope = try JSONValue.parse(again.body)
            #expect(envelope["errors"]?[0]?["message"]?.stringValue == "Order has already been placed.")
        }
    }
}
