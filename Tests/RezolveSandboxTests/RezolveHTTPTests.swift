import CommerceCore
import Foundation
import Testing

@testable import CommerceSandbox

#if canImport(FoundationNetworking)
import FoundationNetworking
@testable import SandboxCore
#endif

/// Rezolve over a real socket (`Sandbox.start` and URLSession). The `/api/` prefixes it shares with ATH Móvil and
/// Storefront are tested in CommerceSandboxTests (`ServicePrefixNeighbourTests`), which may use two services.
@Suite struct RezolveHTTPTests {
    private func send(
        _ sandbox: Sandbox, _ method: String, _ path: String, body: String? = nil,
        headers: [String: String] = [:]
    ) async throws -> (Int, HTTPURLResponse, Data) {
        let url = try #require(URL(string: sandbox.baseURL.absoluteString + path))
        var request = URLRequest(url: url)
        request.httpMethod = method
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        request.httpBody = body.map { Data($0.utf8) }
        let (data, response) = try await URLSession.shared.data(for: request)
        let http = try #require(response as? HTTPURLResponse)
        return (http.statusCode, http, data)
    }

    @Test func registerBrowseAndBuyOverHTTP() async throws {
        let sandbox = try await Sandbox.start(.testing)
        do {
            let now = Int(sandbox.context.clock.now().timeIntervalSince1970)
            let (status, _, data) = try await send(
                sandbox, "POST", "/api/v1/authentication/register", body: #"{"email":"http@example.com"}"#,
                headers: [
                    "x-rezolve-partner-apikey": RezolveRig.apiKey,
                    "Authorization": "Bearer " + RezolveRig.registrationToken("http-user", exp: now + 600),
                ])
            #expect(status == 201)
            let entity = try #require(try JSONValue.parse(data)["entity_id"]?.stringValue)
            let auth = [
                "x-rezolve-partner-apikey": RezolveRig.apiKey, "x-rezolve-device-id": RezolveRig.device,
                "Authorization": "Bearer " + RezolveRig.loginToken(entity, "http-user", exp: now + 1800),
            ]
            let b = "/api/v1/partner/317/customer/\(entity)"
            let (merchantsStatus, _, merchants) = try await send(sandbox, "GET", b + "/merchant", headers: auth)
            #expect(merchantsStatus == 200)
            #expect(try JSONValue.parse(merchants).arrayValue?.count == 3)
            let (optionStatus, _, option) = try await send(
                sandbox, "POST", "/api/v4/partner/317/customer/\(entity)/merchant/12/options",
                body: #"{"id":7,"qty":1}"#, headers: auth)
            #expect(optionStatus == 200)
            let optionId = try #require(try JSONValue.parse(option)["id"]?.stringValue)
            let (checkoutStatus, _, checkout) = try await send(
                sandbox, "POST", "/api/v3/partner/317/customer/\(entity)/merchant/12/checkout/\(optionId)",
                body:
                    #"{"payment_method":{"type":"external"},"shipping_method":{"type":"storepickup","pickup_store":1}}"#,
                headers: auth)
            #expect(checkoutStatus == 200)
            #expect(try JSONValue.parse(checkout)["final_price"] == 49.5)
            let orderId = try #require(try JSONValue.parse(checkout)["id"]?.stringValue)
            var keyed = auth
            keyed["Idempotency-Key"] = "http-key"
            let buyPath = "/api/v3/partner/317/customer/\(entity)/merchant/12/buy/\(orderId)"
            let (buyStatus, _, bought) = try await send(
                sandbox, "POST", buyPath, body: #"{"payment_method":{"type":"external"}}"#, headers: keyed)
            #expect(buyStatus == 200)
            let (_, replayHead, replayed) = try await send(
                sandbox, "POST", buyPath, body: #"{"payment_method":{"type":"external"}}"#, headers: keyed)
            #expect(replayed == bought)
            #expect(replayHead.value(forHTTPHeaderField: "Idempotent-Replayed") == "true")
            let paymentId = try #require(try JSONValue.parse(bought)["data"]?["callback"]?["payment_id"]?.stringValue)
            let (callbackStatus, _, callbackBody) = try await send(
                sandbox, "POST", "/api/v3/external/callback/\(paymentId)",
                body: #"{"action":"approve","reason":null}"#)
            #expect(callbackStatus == 204)
            #expect(callbackBody.isEmpty)
            let (expiredStatus, _, _) = try await send(
                sandbox, "GET", b + "/profile",
                headers: [
                    "x-rezolve-partner-apikey": RezolveRig.apiKey, "x-rezolve-device-id": RezolveRig.device,
                    "Authorization": "Bearer " + RezolveRig.loginToken(entity, "http-user", exp: now - 5),
                ])
            #expect(expiredStatus == 401)
        } catch {
            await sandbox.stop()
            throw error
        }
        await sandbox.stop()
    }
}
