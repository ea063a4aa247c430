import CommerceCore
import Foundation
import Testing

@testable import ATHMovilSandbox
@testable import CommerceSandbox

/// Routes and rules of §3.1, §4.2 and §5.1 that the other suites do not reach: vector 5 on the sandbox side,
/// the page's expire form, reset, the legacy link's 400s and the 401s of updatePhoneNumber.
@Suite("ATH Móvil sandbox: remaining routes")
struct ATHMovilCoverageTests {
    /// Vector 5's awkward value.
    static let awkward = #"a+b&c=d e/f?g#h{}"é"#

    @Test("vector 5: a link encoded by URLComponents keeps its + as a plus when the sandbox reads it")
    func plusStaysPlus() async throws {
        var probe = URLComponents()
        probe.queryItems = [URLQueryItem(name: "v", value: Self.awkward)]
        #expect(probe.percentEncodedQuery == #"v=a+b%26c%3Dd%20e/f?g%23h%7B%7D%22%C3%A9"#)

        let traceId = UUID().uuidString
        let json: JSONValue = [
            "expiresIn": 600, "items": [], "metadata1": .string(Self.awkward), "metadata2": "", "phoneNumber": "",
            "publicToken": "dummy", "scheme": "athm-checkout", "subtotal": 0, "tax": 0, "total": 20,
            "traceId": .string(traceId), "version": "3.0",
        ]
        var link = URLComponents(string: "http://sandbox.test/e-commerce/mobileDummy")
        link?.queryItems = [
            URLQueryItem(name: "transaction_data", value: String(decoding: json.serializedData(), as: UTF8.self))
        ]
        let query = try #require(link?.percentEncodedQuery)
        #expect(query.contains("a+b%26c%3Dd%20e/f?g%23h%7B%7D"))

        let read = try ATHMovilAppLink.transactionData(rawQuery: query).get()
        #expect(read["metadata1"] == .string(Self.awkward))

        let rig = try ATHMovilRig()
        #expect(try await rig.call(.get, "/e-commerce/mobileDummy?" + query).status == 200)
        let found = try await rig.call(.get, "/sandbox/athmovil/payments?traceId=\(traceId)")
        #expect(found.json["metadata1"]?.stringValue == Self.awkward)
    }

    @Test("the dummy page's Let it expire form answers 303 with an expired reply and marks the payment EXPIRED")
    func expireForm() async throws {
        let rig = try ATHMovilRig()
        let (id, _) = try await rig.createPayment()
        _ = try await rig.call(.get, ATHMovilRig.secureLink(id, scheme: "myshop"))
        let expired = try await rig.call(
            .post, "/e-commerce/payments/\(id)/expire", raw: "",
            headers: ["Content-Type": "application/x-www-form-urlencoded"])
        #expect(expired.status == 303)
        let location = try #require(expired.headers["Location"])
        #expect(location.hasPrefix("myshop://?athm_payment_data="))
        let reply = try #require(replyJSON(location))
        #expect(reply["status"] == "expired")
        #expect(reply["referenceNumber"] == "" && reply["dailyTransactionID"] == 0)
        #expect(try await rig.call(.get, "/sandbox/athmovil/payments/\(id)").json["state"] == "EXPIRED")
        #expect(try await rig.find(id).json["data"]?["ecommerceStatus"] == "CANCEL")
        #expect(try await rig.call(.post, "/e-commerce/payments/\(id)/approve", raw: "").status == 409)
    }

    @Test("reset deletes payments and ATH Móvil faults, and keeps businesses and customers")
    func reset() async throws {
        let rig = try ATHMovilRig()
        let (id, _) = try await rig.createPayment()
        let business = try await rig.call(.post, "/sandbox/athmovil/businesses", json: ["name": "Kept Store"])
        let token = try #require(business.json["publicToken"]?.stringValue)
        try await rig.call(
            .post, "/sandbox/athmovil/customers",
            json: ["name": "Kept Customer", "phoneNumber": "7875550177", "email": "kept@example.com", "pin": "1111"])
        try await rig.call(.post, "/sandbox/athmovil/faults", json: ["route": "payment", "count": 1])

        let reset = try await rig.call(.post, "/sandbox/athmovil/reset")
        #expect(reset.status == 200 && reset.json == ["reset": true])

        #expect(try await rig.call(.get, "/sandbox/athmovil/payments/\(id)").status == 404)
        #expect(envelope(try await rig.find(id)) == (400, "BTRA_0031", "EcommerceId does not exist"))
        let businesses = try await rig.call(.get, "/sandbox/athmovil/businesses").json["businesses"]?.arrayValue ?? []
        #expect(businesses.contains { $0["publicToken"]?.stringValue == token })
        let customers = try await rig.call(.get, "/sandbox/athmovil/customers").json["customers"]?.arrayValue ?? []
        #expect(customers.contains { $0["name"] == "Kept Customer" })
        // The fault was cleared: the next /payment succeeds, for the business created before the reset too.
        _ = try await rig.createPayment(token: token)
    }

    @Test(
        "legacy links: total under 1 and a missing scheme or publicToken are 400 pages naming the field",
        arguments: [
            ("total", JSONValue.double(0.99)), ("scheme", ""), ("scheme", nil), ("scheme", "  "),
            ("publicToken", ""), ("publicToken", nil), ("publicToken", "  "),
        ] as [(String, JSONValue?)])
    func legacyLinkFields(_ field: String, _ value: JSONValue?) async throws {
        let rig = try ATHMovilRig()
        var link: JSONObject = [
            "expiresIn": 600, "items": [], "metadata1": "", "metadata2": "", "phoneNumber": "", "publicToken": "dummy",
            "scheme": "athm-checkout", "subtotal": 0, "tax": 0, "total": 20, "traceId": .string(UUID().uuidString),
            "version": "3.0",
        ]
        link[field] = value
        let data = String(decoding: JSONValue.object(link).serializedData(), as: UTF8.self)
        for kind in ["mobileDummy", "mobile"] {
            let page = try await rig.call(
                .get,
                "/e-commerce/\(kind)?transaction_data="
                    + (data.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""))
            #expect(page.status == 400, "\(kind)")
            #expect(page.text.contains("Invalid payment link") && page.text.contains(field), "\(kind)")
        }
    }

    @Test("updatePhoneNumber: no header, a forged token and an expired token are 401s")
    func updatePhoneUnauthorized() async throws {
        let rig = try ATHMovilRig()
        let (id, token) = try await rig.createPayment(timeout: 60)
        let path = ATHMovilRig.api + "/business/updatePhoneNumber"
        let body: JSONValue = ["ecommerceId": .string(id), "phoneNumber": "7875550101"]
        let missing = try await rig.call(.post, path, json: body)
        #expect(envelope(missing) == (401, "token.invalid.header", "No authorization header present."))
        let forged = try await rig.call(
            .post, path, json: body, headers: ["Authorization": "Bearer \(token.dropLast(2))xx"])
        #expect(envelope(forged) == (401, "BTRA_0401", "Invalid authorization token"))
        let notBearer = try await rig.call(.post, path, json: body, headers: ["Authorization": "Basic \(token)"])
        #expect(envelope(notBearer) == (401, "BTRA_0401", "Invalid authorization token"))
        try await rig.call(.post, "/sandbox/athmovil/clock/advance", json: ["seconds": 361])
        let expired = try await rig.call(.post, path, json: body, headers: ["Authorization": "Bearer \(token)"])
        #expect(expired.status == 401)
        #expect(expired.json["errorcode"] == "token.expired")
        // Nothing was recorded by the refused calls.
        #expect(try await rig.call(.get, "/sandbox/athmovil/payments/\(id)").json["phoneNumber"] == "")
    }
}
