import CommerceCore
import Foundation
import RezolvePartnerServer
import RezolveSDK
import Testing

extension ReadmeQuickStartTests {
    /// The README's Rezolve quick start, exactly as printed there; the test below runs the same lines with only
    /// the base URL changed and checks what a reader would see.
    static let rezolveSnippet = """
        import CommerceCore           // URLSessionTransport
        import RezolvePartnerServer   // on the partner's server only
        import RezolveSDK             // in the app

        // Partner server: register the customer once, then mint a 30-minute login JWT for the customer's device.
        let environment = RezolveEnv(rawValue: "http://127.0.0.1:8080")!
        let credentials = RezolvePartnerCredentials(partnerId: "317", apiKey: "5a4d1c2e-0000-4000-8000-000000000317",
                                                    authKey: "commercekit-sandbox-partner-auth-key-0001")
        let customer = try await RezolveRegistrationClient(environment: environment, credentials: credentials,
                                                           transport: URLSessionTransport())
            .register(partnerEntityId: "user-42", email: "user42@example.com")
        let deviceId = "5E0C1D7A-3B8E-4F4B-9C55-2D3A9F1B7C10"
        let jwt = RezolveJWTMinter(credentials: credentials).loginToken(
            entityId: customer.entityId, partnerEntityId: "user-42", deviceId: deviceId,
            expiresAt: Date().addingTimeInterval(1800))

        // App: the seed's initialiser, and a session for that customer on that device.
        let rezolve = Rezolve(apiKey: "5a4d1c2e-0000-4000-8000-000000000317", partnerId: "317", subPartnerId: nil,
                              environment: environment, config: RezolveConfig(deviceIdProvider: FixedDeviceIdProvider(deviceId)),
                              sspActManagerSettings: nil, coordinatesConverter: .default)
        let session = try await rezolve.createSession(accessToken: jwt, entityId: customer.entityId, partnerId: "317")

        // Browse the mall: the merchants, then a product of Sandbox Outfitters (merchant 12).
        let merchants = try await session.merchantManager.getMerchants()
        let tee = try await session.productManager.getProductDetails(merchantId: "12", categoryId: 70, product: Product(id: 6))

        // Buy one red tee in size M, collected at the Manhattan store and paid in cash there.
        let line = CheckoutProduct(id: tee.id, quantity: 1, configurableOptions: [
            ConfigurableOption(code: "color", value: "49"), ConfigurableOption(code: "size", value: "168"),
        ])
        let option = try await session.paymentOptionManager.getPaymentOptionFor(checkoutProduct: line, merchantId: "12")
        let bundle = CheckoutBundle(checkoutProduct: line, shippingMethod: CheckoutShippingMethod(type: "storepickup", pickupStore: 2),
                                    merchantId: "12", optionId: option.id,
                                    paymentMethod: option.supportedPaymentMethods.first { $0.type == "cash" },
                                    paymentRequest: nil, phoneId: nil, location: nil)
        let price = try await session.checkoutManager.checkout(bundle: bundle)   // 20.00 + 2.00 tax, no shipping
        let order = try await session.checkoutManager.buy(bundle: bundle)
        print(merchants.count, tee.title, price.finalPrice, order.id)
        """

    @Test func rezolveQuickStartIsTheREADMEText() throws {
        let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("README.md")
        let text = try String(contentsOf: readme, encoding: .utf8)
        #expect(text.contains("```swift\n" + Self.rezolveSnippet + "\n```"))
    }

    @Test func rezolveQuickStart() async throws {
        try await SandboxHarness.with { sandbox async throws in
            // Partner server: register the customer once, then mint a 30-minute login JWT for the customer's device.
            let environment = try #require(RezolveEnv(rawValue: sandbox.baseURL.absoluteString))
            let credentials = RezolvePartnerCredentials(
                partnerId: "317", apiKey: "5a4d1c2e-0000-4000-8000-000000000317",
                authKey: "commercekit-sandbox-partner-auth-key-0001")
            let customer = try await RezolveRegistrationClient(
                environment: environment, credentials: credentials,
                transport: URLSessionTransport()
            )
            .register(partnerEntityId: "user-42", email: "user42@example.com")
            let deviceId = "5E0C1D7A-3B8E-4F4B-9C55-2D3A9F1B7C10"
            let jwt = RezolveJWTMinter(credentials: credentials).loginToken(
                entityId: customer.entityId, partnerEntityId: "user-42", deviceId: deviceId,
                expiresAt: Date().addingTimeInterval(1800))

            // App: the seed's initialiser, and a session for that customer on that device.
            let rezolve = Rezolve(
                apiKey: "5a4d1c2e-0000-4000-8000-000000000317", partnerId: "317", subPartnerId: nil,
                environment: environment, config: RezolveConfig(deviceIdProvider: FixedDeviceIdProvider(deviceId)),
                sspActManagerSettings: nil, coordinatesConverter: .default)
            let session = try await rezolve.createSession(
                accessToken: jwt, entityId: customer.entityId, partnerId: "317")

            // Browse the mall: the merchants, then a product of Sandbox Outfitters (merchant 12).
            let merchants = try await session.merchantManager.getMerchants()
            let tee = try await session.productManager.getProductDetails(
                merchantId: "12", categoryId: 70, product: Product(id: 6))

            // Buy one red tee in size M, collected at the Manhattan store and paid in cash there.
            let line = CheckoutProduct(
                id: tee.id, quantity: 1,
                configurableOptions: [
                    ConfigurableOption(code: "color", value: "49"), ConfigurableOption(code: "size", value: "168"),
                ])
            let option = try await session.paymentOptionManager.getPaymentOptionFor(
                checkoutProduct: line, merchantId: "12")
            let bundle = CheckoutBundle(
                checkoutProduct: line, shippingMethod: CheckoutShippingMethod(type: "storepickup", pickupStore: 2),
                merchantId: "12", optionId: option.id,
                paymentMethod: option.supportedPaymentMethods.first { $0.type == "cash" },
                paymentRequest: nil, phoneId: nil, location: nil)
            let price = try await session.checkoutManager.checkout(bundle: bundle)  // 20.00 + 2.00 tax, no shipping
            let order = try await session.checkoutManager.buy(bundle: bundle)
            #expect(Set(merchants.map(\.id)) == ["12", "2", "79"])
            #expect(tee.title == "Classic Tee")
            #expect(price.finalPrice == 22)
            #expect(order.partnerName == "CommerceKit Sandbox Partner")
            let placed = try await session.userActivityManager.getOrder(id: order.id)
            #expect(placed.status == .pending)
            #expect(placed.paymentStatus == "pay_on_collection")
            #expect(placed.storeDetails?.name == "Manhattan Store")
        }
    }
}
