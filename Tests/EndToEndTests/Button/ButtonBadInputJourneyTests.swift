import ButtonOrders
import CommerceCore
import Foundation
import Testing

@testable import ButtonMerchant

/// J3: bad input is named precisely, with the same field and message on both sides of the wire.
@Suite struct ButtonBadInputJourneyTests {
    static func base() throws -> OrderPayload {
        OrderPayload(
            total: 5000, currency: "USD", orderId: "bad-1", purchaseDate: try date("2017-07-01T00:00:00Z"),
            lineItems: [OrderLineItem(identifier: "sku-1", total: 5000)])
    }

    /// Each bad body, and the field the sandbox names for it.
    static func cases() throws -> [(OrderPayload, String)] {
        var fakeToken = try base()
        fakeToken.btnRef = "fakesrctok-XYZ"
        var zeroQuantity = try base()
        zeroQuantity.lineItems = [OrderLineItem(identifier: "sku-1", total: 5000, quantity: 0)]
        var deepCategory = try base()
        deepCategory.lineItems = [
            OrderLineItem(identifier: "sku-1", total: 5000, category: (1...8).map { "level \($0)" })
        ]
        var duplicate = try base()
        duplicate.lineItems = ["sku-1", "sku-2", "sku-1"].map { OrderLineItem(identifier: $0, total: 1000) }
        var opensslHash = try base()
        opensslHash.customer = OrderCustomer(
            id: "mycustomer-1234",
            emailSHA256: "SHA2-256(stdin)= b4c9a289323b21a01c3e940f150eb9b8c542587f1abfd8f0e1cc1ffc5e475514")
        return [
            (fakeToken, "btn_ref"), (zeroQuantity, "line_items[0].quantity"), (deepCategory, "line_items[0].category"),
            (duplicate, "line_items[2].identifier"), (opensslHash, "customer.email_sha256"),
        ]
    }

    @Test func localValidationMatchesTheSandboxAndSendsNothing() async throws {
        try await SandboxHarness.with { sandbox async throws in
            let local = try sandbox.ordersClient(validatesLocally: true).orders
            let remote = try sandbox.ordersClient(validatesLocally: false).orders
            for (payload, field) in try Self.cases() {
                let sentBefore = try await sandbox.loggedRequests("/v1/order").count
                var localError: ButtonOrdersError?
                do { _ = try await local.create(payload) } catch let error as ButtonOrdersError { localError = error }
                guard case .invalidField(let localField, let localMessage)? = localError else {
                    Issue.record("expected a local invalidField for \(field), got \(String(describing: localError))")
                    continue
                }
                #expect(localField == field)
                #expect(
                    try await sandbox.loggedRequests("/v1/order").count == sentBefore,
                    "nothing may be sent for \(field)")

                await #expect(
                    throws: ButtonOrdersError.rejected(
                        statusCode: 400, type: "invalid_request",
                        field: localField, message: localMessage)
                ) {
                    _ = try await remote.create(payload)
                }
            }
        }
    }

    @Test func duplicateIdentifierNamesBothPositions() async throws {
        try await SandboxHarness.with { sandbox async throws in
            let payload = try Self.cases()[3].0
            await #expect(
                throws: ButtonOrdersError.rejected(
                    statusCode: 400, type: "invalid_request", field: "line_items[2].identifier",
                    message: "line_items[2].identifier duplicates line_items[0].identifier")
            ) {
                _ = try await sandbox.ordersClient(validatesLocally: false).orders.create(payload)
            }
        }
    }

    /// M2 over real HTTP: the app id in the Host subdomain (as the SDK's per-app host sends it) must match the body.
    @Test func applicationIdMustMatchTheHostSubdomain() async throws {
        try await SandboxHarness.with { sandbox async throws in
            let body = Data(#"{"application_id":"app-0123456789abcdef"}"#.utf8)
            let mismatched = try await sandbox.raw(
                .post, "/v1/app/deferred-deeplink", body: body,
                headers: ["Host": "app-fedcba9876543210.mobileapi.usebutton.com"],
                contentType: "application/json")
            #expect(mismatched.statusCode == 400)
            let error = try JSONValue.parse(mismatched.body)["error"]
            #expect(error?["message"] == "application_id does not match the request host")
            let matching = try await sandbox.raw(
                .post, "/v1/app/deferred-deeplink", body: body,
                headers: ["Host": "app-0123456789abcdef.mobileapi.usebutton.com"],
                contentType: "application/json")
            #expect(matching.statusCode == 200)
        }
    }

    @Test func wrongAPIKeyIsUnauthorized() async throws {
        try await SandboxHarness.with { sandbox async throws in
            await #expect(throws: ButtonOrdersError.unauthorized(message: "Invalid API key")) {
                _ = try await sandbox.ordersClient(apiKey: "sk-wrong").orders.get("anything")
            }
        }
    }

    @Test func rejectedAppOrderIsNotRetried() async throws {
        try await SandboxHarness.with { sandbox async throws in
            let app = sandbox.merchantCore(installedAgo: nil)
            app.configure(applicationId: "app-sandbox", environment: nil)
            let order = Order(id: "o-zero", purchaseDate: Date(), lineItems: [LineItem(id: "sku-1", total: 0)])
            await #expect(throws: ButtonMerchantError.network(statusCode: 400)) { try await app.reportOrder(order) }
            #expect(try await sandbox.loggedRequests("/v1/app/order").count == 1)
        }
    }
}
