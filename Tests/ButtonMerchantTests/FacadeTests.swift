import CommerceCore
import CommerceTesting
import Foundation
import Testing

@_spi(Testing) @testable import ButtonMerchant

extension ButtonMerchantTests {
    /// The static facade: callback forms, journey J6 (client side) and the 1.8.0 compatibility members.
    @Suite struct FacadeTests {
        static let match = mobileOK(
            session: "sess-f",
            object: [
                "action": "https://shop.example/p/42", "attribution": ["btn_ref": "srctok-f"],
            ])

        @discardableResult
        func reset(
            installedAgo: TimeInterval? = 3600, store: PersistentStore = PersistentStore(),
            responses: [HTTPResponse] = [match]
        ) -> InMemoryTransport {
            let transport = InMemoryTransport(responses: responses)
            ButtonMerchant.resetForTesting(
                store: store, environment: .custom(baseURL: sandboxURL),
                installDate: installedAgo.map { fixedNow.addingTimeInterval(-$0) },
                now: { fixedNow }, timeZone: utc, appInfo: AppInfo(bundleId: "com.example.shop"),
                transport: transport, sleep: { _ in })
            return transport
        }

        func postInstall() async -> (url: URL?, error: ButtonMerchantError?, onCallbackQueue: Bool) {
            await withCheckedContinuation { continuation in
                ButtonMerchant.handlePostInstallURL { url, error in
                    continuation.resume(returning: (url, error as? ButtonMerchantError, CallbackQueue.isCurrent))
                }
            }
        }

        /// J6 steps 2–4 against one store.
        @Test func onceAndAgainAfterClearAllData() async throws {
            let store = PersistentStore()
            let transport = reset(store: store)
            ButtonMerchant.configure(applicationId: "abc")
            let rejected = await postInstall()
            #expect(rejected.url == nil && rejected.error == .noApplicationId)
            #expect(!store.bool(forKey: ButtonStore.postInstallFetchedKey))
            #expect(transport.requests.isEmpty)

            ButtonMerchant.configure(applicationId: "app-sandbox")
            let fetched = await postInstall()
            #expect(fetched.url?.absoluteString == "https://shop.example/p/42" && fetched.error == nil)
            #expect(fetched.onCallbackQueue)
            #expect(ButtonMerchant.attributionToken == "srctok-f")
            #expect(transport.requests.first?.headers["User-Agent"]?.contains("com.example.shop/0.0.0+0") == true)

            let again = await postInstall()
            #expect(again.url == nil && again.error == nil)
            #expect(transport.requests.count == 1)

            ButtonMerchant.clearAllData()
            #expect(ButtonMerchant.attributionToken == nil)
            #expect(!store.bool(forKey: ButtonStore.postInstallFetchedKey))
            transport.respond { _ in mobileOK(object: .null) }
            #expect(try await ButtonMerchant.handlePostInstallURL() == nil)
            #expect(transport.requests.count == 2)
        }

        @Test func outsideTheWindowTheCallbackGetsNothing() async {
            let transport = reset(installedAgo: 13 * 3600)
            ButtonMerchant.configure(applicationId: "app-sandbox")
            let result = await postInstall()
            #expect(result.url == nil && result.error == nil)
            #expect(transport.requests.isEmpty)
        }

        @Test func reportOrderCallbackReportsSuccessAndFailure() async throws {
            let transport = reset(responses: [mobileOK()])
            ButtonMerchant.configure(applicationId: "app-sandbox")
            let order = Order(id: "o-1", purchaseDate: fixedNow, lineItems: [LineItem(id: "sku-1", total: 4200)])
            let success: (error: (any Error)?, onQueue: Bool) = await withCheckedContinuation { continuation in
                ButtonMerchant.reportOrder(order) { continuation.resume(returning: ($0, CallbackQueue.isCurrent)) }
            }
            #expect(success.error == nil)
            #expect(success.onQueue)

            transport.respond { _ in .json(400, #"{"meta":{"status":"error"}}"#) }
            let failure: (any Error)? = await withCheckedContinuation { continuation in
                ButtonMerchant.reportOrder(order, completion: { continuation.resume(returning: $0) })
            }
            #expect(failure as? ButtonMerchantError == .network(statusCode: 400))
            await #expect(throws: ButtonMerchantError.network(statusCode: 400)) {
                try await ButtonMerchant.reportOrder(order)
            }
        }

        @Test func attributionTokenIsReadFromTheStoreEveryTime() {
            let store = PersistentStore()
            reset(store: store)
            #expect(ButtonMerchant.attributionToken == nil)
            store.set("srctok-direct", forKey: ButtonStore.attributionTokenKey)
            #expect(ButtonMerchant.attributionToken == "srctok-direct")
        }

        @Test func configureWithEnvironmentOverridesTheSeam() async throws {
            let transport = reset()
            ButtonMerchant.configure(applicationId: "app-test", environment: .production)
            ButtonMerchant.reportEvent("e")
            ButtonMerchant.activity.productViewed(nil)
            await ButtonMerchant.waitForPendingRequests()
            #expect(
                transport.requests.map(\.url.absoluteString) == [
                    "https://app-test.mobileapi.usebutton.com/v1/app/events",
                    "https://app-test.mobileapi.usebutton.com/v1/app/activity",
                ])
            // Without an environment, configure goes back to the one the seam stands in for production with.
            ButtonMerchant.configure(applicationId: "app-sandbox")
            ButtonMerchant.reportEvent("e")
            await ButtonMerchant.waitForPendingRequests()
            #expect(transport.requests.last?.url.absoluteString == "http://127.0.0.1:8080/v1/app/events")
        }

        @available(*, deprecated, message: "exercises the deprecated API on purpose")
        @Test func compatibilityMembers() {
            let features = ButtonMerchant.features
            features.includesIFA = true
            #expect(features.includesIFA == false)
            #expect(ButtonMerchant.features !== features)

            let customer = Customer(id: "c")
            customer.email = "a@example.com"
            #expect(customer.email == nil)

            let before = Date()
            let order = Order(id: "seed", amount: 5000, currencyCode: "USD")
            #expect(
                order.lineItems.count == 1 && order.lineItems.first?.id == "seed"
                    && order.lineItems.first?.total == 5000)
            #expect(order.lineItems.first?.quantity == 1)
            #expect(order.purchaseDate >= before.addingTimeInterval(-1))
            #expect(Order(id: "zero").lineItems.isEmpty)
            #expect(Order(id: "zero").currencyCode == "USD")

            let legacy: ConfigurationError = .noApplicationId
            #expect(legacy == ButtonMerchantError.noApplicationId)
        }

        @Test func errorDescriptions() {
            #expect(
                ButtonMerchantError.noApplicationId.localizedDescription
                    == "Application Id is required via ButtonMerchant.configure(applicationId:).")
            #expect(
                ButtonMerchantError.invalidApplicationId("abc").localizedDescription
                    == "Application Id 'abc' is not valid.")
            #expect(ButtonMerchantError.noEvents.localizedDescription == "No events to report")
            #expect(ButtonMerchantError.network(statusCode: 503).localizedDescription == "The order report failed.")
        }

        @Test func invalidIdIsLogged() {
            let logged = Locked<[String]>([])
            var dependencies = CoreDependencies.production()
            dependencies.store = PersistentStore()
            dependencies.log = { message in logged.withLock { $0.append(message) } }
            ButtonCore(dependencies).configure(applicationId: "abc", environment: nil)
            #expect(logged.current.count == 1)
            #expect(logged.current.first?.hasPrefix("Button :: Application Id 'abc' is not valid.") == true)
        }
    }
}
