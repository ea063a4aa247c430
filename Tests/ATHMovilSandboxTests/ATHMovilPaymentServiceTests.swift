import CommerceCore
import Foundation
import Testing

@testable import CommerceSandbox

/// §3.2, §4.2, §5.2: the payment service routes and their exact error bodies.
@Suite("ATH Móvil payment service")
struct ATHMovilPaymentServiceTests {
    @Test("/payment answers with an ecommerceId and a JWT and creates an OPEN payment")
    func createPayment() async throws {
        let rig = try ATHMovilRig()
        let (id, token) = try await rig.createPayment()
        #expect(UUID(uuidString: id) != nil)
        #expect(token.split(separator: ".").count == 3)
        let found = try await rig.find(id)
        #expect(found.json["status"] == "success")
        #expect(found.json["data"]?["ecommerceStatus"] == "OPEN")
        #expect(found.json["data"]?["referenceNumber"] == "")
        #expect(found.json["data"]?["dailyTransactionId"] == "")
        #expect(found.json["data"]?["fee"] == 0)
        #expect(found.json["data"]?["total"] == 20)
    }

    struct BadPayment: Sendable, CustomTestStringConvertible {
        let label: String
        let body: String?
        let errorcode: String
        let message: String
        var testDescription: String { label }
    }

    static let badPayments: [BadPayment] = [
        .init(label: "no body", body: nil, errorcode: "BTRA_0006", message: "Required request body is missing"),
        .init(label: "array body", body: "[]", errorcode: "BTRA_0006", message: "Required request body is missing"),
        .init(
            label: "total as text", body: #"{"total":"20","publicToken":"dummy"}"#, errorcode: "BTRA_0006",
            message: "Invalid format"),
        .init(
            label: "unknown token", body: #"{"total":20,"publicToken":"nope"}"#, errorcode: "BTRA_0009",
            message: "Business is not active"),
        .init(
            label: "empty token", body: #"{"total":20,"publicToken":""}"#, errorcode: "BTRA_0009",
            message: "Business is not active"),
        .init(
            label: "total under 1", body: #"{"total":0.5,"publicToken":"dummy","timeout":600}"#, errorcode: "BTRA_0001",
            message: "The transfer amount is under Minimum allowed"),
        .init(
            label: "total over 1500", body: #"{"total":1500.01,"publicToken":"dummy"}"#, errorcode: "BTRA_0004",
            message: "Amount is Over the limits"),
        .init(
            label: "three decimals", body: #"{"total":20.125,"publicToken":"dummy"}"#, errorcode: "BTRA_0020",
            message: "numeric value out of bounds (<4 digits>.<2 digits> expected)"),
        .init(
            label: "item price with three decimals",
            body: #"{"total":20,"publicToken":"dummy","items":[{"name":"A","price":2.125,"quantity":1}]}"#,
            errorcode: "BTRA_0020", message: "numeric value out of bounds (<4 digits>.<2 digits> expected)"),
        // §4.2's order: the business is judged before any amount, item prices included.
        .init(
            label: "unknown token and an out-of-bounds item price",
            body: #"{"total":20,"publicToken":"nope","items":[{"name":"A","price":2.125,"quantity":1}]}"#,
            errorcode: "BTRA_0009", message: "Business is not active"),
        .init(
            label: "negative tax", body: #"{"total":20,"tax":-1,"publicToken":"dummy"}"#, errorcode: "BTRA_0006",
            message: "Invalid format"),
        .init(
            label: "metadata1 of 41",
            body: #"{"total":20,"publicToken":"dummy","metadata1":"\#(String(repeating: "x", count: 41))"}"#,
            errorcode: "BTRA_0038", message: "The metadata field exceeds the maximum supported characters (40)"),
        .init(
            label: "item price under 1",
            body: #"{"total":20,"publicToken":"dummy","items":[{"name":"A","price":0.5,"quantity":1}]}"#,
            errorcode: "BTRA_0006", message: "Invalid format"),
        .init(
            label: "item without name",
            body: #"{"total":20,"publicToken":"dummy","items":[{"name":" ","price":2,"quantity":1}]}"#,
            errorcode: "BTRA_0006", message: "Invalid format"),
        .init(
            label: "timeout 59", body: #"{"total":20,"publicToken":"dummy","timeout":59}"#, errorcode: "BTRA_0006",
            message: "Invalid format"),
        .init(
            label: "timeout 60.5", body: #"{"total":20,"publicToken":"dummy","timeout":60.5}"#, errorcode: "BTRA_0006",
            message: "Invalid format"),
        .init(
            label: "metadata2 of 41",
            body: #"{"total":20,"publicToken":"dummy","metadata2":"\#(String(repeating: "y", count: 41))"}"#,
            errorcode: "BTRA_0038", message: "The metadata field exceeds the maximum supported characters (40)"),
        .init(
            label: "subtotal below 0", body: #"{"total":20,"subtotal":-0.01,"publicToken":"dummy"}"#,
            errorcode: "BTRA_0006", message: "Invalid format"),
        .init(
            label: "item quantity 0",
            body: #"{"total":20,"publicToken":"dummy","items":[{"name":"A","price":2,"quantity":0}]}"#,
            errorcode: "BTRA_0006", message: "Invalid format"),
        .init(
            label: "item quantity -1",
            body: #"{"total":20,"publicToken":"dummy","items":[{"name":"A","price":2,"quantity":-1}]}"#,
            errorcode: "BTRA_0006", message: "Invalid format"),
        .init(
            label: "subtotal with 5 integer digits", body: #"{"total":20,"subtotal":10000,"publicToken":"dummy"}"#,
            errorcode: "BTRA_0020", message: "numeric value out of bounds (<4 digits>.<2 digits> expected)"),
        .init(
            label: "tax with 5 integer digits", body: #"{"total":20,"tax":10000,"publicToken":"dummy"}"#,
            errorcode: "BTRA_0020", message: "numeric value out of bounds (<4 digits>.<2 digits> expected)"),
        .init(
            label: "item price with 5 integer digits",
            body: #"{"total":20,"publicToken":"dummy","items":[{"name":"A","price":10000,"quantity":1}]}"#,
            errorcode: "BTRA_0020", message: "numeric value out of bounds (<4 digits>.<2 digits> expected)"),
    ]

    @Test("bad /payment input gets a 400 with the exact envelope", arguments: badPayments)
    func badPayment(_ bad: BadPayment) async throws {
        let rig = try ATHMovilRig()
        let reply = try await rig.call(
            .post, ATHMovilRig.api + "/payment", raw: bad.body,
            headers: ["Content-Type": "application/json"])
        #expect(reply.status == 400)
        #expect(
            reply.json == [
                "status": "error", "message": .string(bad.message), "errorcode": .string(bad.errorcode), "data": nil,
            ])
    }

    @Test("an inactive business is refused")
    func inactiveBusiness() async throws {
        let rig = try ATHMovilRig()
        let created = try await rig.call(
            .post, "/sandbox/athmovil/businesses", json: ["name": "Closed", "isActive": false])
        let token = try #require(created.json["publicToken"]?.stringValue)
        let reply = try await rig.call(
            .post, ATHMovilRig.api + "/payment", json: ["total": 20, "publicToken": .string(token)])
        #expect(envelope(reply) == (400, "BTRA_0009", "Business is not active"))
    }

    @Test(
        "secure flow: approve moves to CONFIRM, authorization completes with fee, net and daily number; repeat is idempotent"
    )
    func secureFlow() async throws {
        let rig = try ATHMovilRig()
        let (id, token) = try await rig.createPayment(token: " DUMMY ")
        let early = try await rig.authorize(token)
        #expect(envelope(early) == (400, "BTRA_0032", "The status of the e-commerce is not confirm"))

        let respond = try await rig.call(
            .post, "/sandbox/athmovil/app/respond", json: ["ecommerceId": .string(id), "action": "complete"])
        #expect(respond.json["status"] == "CONFIRM")
        let callback = try #require(respond.json["callbackURL"]?.stringValue)
        let reply = try #require(replyJSON(callback))
        #expect(reply["status"] == "completed")
        #expect(reply["referenceNumber"] == "")
        #expect(reply["dailyTransactionID"] == 0)
        #expect(reply["name"] == "Valeria Herrero")

        let authorized = try await rig.authorize(token)
        #expect(authorized.status == 200)
        let data = try #require(authorized.json["data"])
        #expect(data["ecommerceStatus"] == "COMPLETED")
        #expect(data["dailyTransactionId"] == "0001")
        #expect(data["fee"] == 0.5)
        #expect(data["netAmount"] == 19.5)
        #expect(data["businessName"] == "Dummy Business")
        let reference = try #require(data["referenceNumber"]?.stringValue)
        #expect(reference.hasPrefix("000000000-") && reference.count == 42)
        #expect(data["transactionDate"]?.stringValue?.count == 19)

        let again = try await rig.authorize(token)
        #expect(again.json == authorized.json)
        #expect(try await rig.find(id).json["data"]?["ecommerceStatus"] == "COMPLETED")
    }

    @Test("daily transaction numbers count up per business")
    func dailyCounter() async throws {
        let rig = try ATHMovilRig()
        var numbers: [JSONValue?] = []
        for _ in 0..<2 {
            let (id, token) = try await rig.createPayment()
            try await rig.call(.post, "/sandbox/athmovil/payments/\(id)/complete")
            numbers.append(try await rig.authorize(token).json["data"]?["dailyTransactionId"])
        }
        #expect(numbers == ["0001", "0002"])
    }

    @Test("authorization tokens: missing, forged, expired")
    func tokens() async throws {
        let rig = try ATHMovilRig()
        let missing = try await rig.call(.post, ATHMovilRig.api + "/authorization", json: [:])
        #expect(envelope(missing) == (401, "token.invalid.header", "No authorization header present."))
        let (_, token) = try await rig.createPayment(timeout: 60)
        let forged = try await rig.authorize(String(token.dropLast(2)) + "xx")
        #expect(envelope(forged) == (401, "BTRA_0401", "Invalid authorization token"))
        try await rig.call(.post, "/sandbox/athmovil/clock/advance", json: ["seconds": 361])
        let expired = try await rig.authorize(token)
        #expect(expired.status == 401)
        #expect(expired.json["errorcode"] == "token.expired")
        let message = try #require(expired.json["message"]?.stringValue)
        #expect(message.hasPrefix("The Token has expired on ") && message.contains(" AST ") && message.hasSuffix("."))
    }

    @Test("a clock move too large to print is refused and leaves the clock unchanged")
    func hugeClockMoveRefused() async throws {
        let rig = try ATHMovilRig()
        let before = try await rig.call(.get, "/sandbox/clock").json["offset_seconds"]
        let huge = try await rig.call(.post, "/sandbox/athmovil/clock/advance", json: ["seconds": 1e300])
        #expect(huge.status == 400)
        #expect(huge.json["error"]?.stringValue?.contains("seconds") == true)
        #expect(try await rig.call(.get, "/sandbox/clock").json["offset_seconds"] == before)
    }

    @Test("expiry by the shared clock: OPEN expires after the timeout, authorization then says so")
    func expiry() async throws {
        let rig = try ATHMovilRig()
        // Frozen, as in confirmGrace: only the advance below may move time past the payment's timeout.
        try await rig.call(.post, "/sandbox/clock", json: ["frozen": true])
        let (id, token) = try await rig.createPayment(timeout: 60)
        try await rig.call(.post, "/sandbox/athmovil/clock/advance", json: ["seconds": 61])
        #expect(try await rig.find(id).json["data"]?["ecommerceStatus"] == "CANCEL")
        let record = try await rig.call(.get, "/sandbox/athmovil/payments/\(id)")
        #expect(record.json["state"] == "EXPIRED")
        let complete = try await rig.call(
            .post, "/sandbox/athmovil/app/respond", json: ["ecommerceId": .string(id), "action": "complete"])
        #expect(complete.status == 409)
        #expect(complete.json == ["error": "payment is EXPIRED"])
        let expire = try await rig.call(
            .post, "/sandbox/athmovil/app/respond", json: ["ecommerceId": .string(id), "action": "expire"])
        #expect(replyJSON(expire.json["callbackURL"]?.stringValue ?? "")?["status"] == "expired")
        #expect(
            envelope(try await rig.authorize(token)) == (
                400, "BTRA_0039", "Valid time to execute the transaction has expired"
            ))
    }

    @Test("a CONFIRM payment nobody authorizes expires 300 s after expiresAt")
    func confirmGrace() async throws {
        let rig = try ATHMovilRig()
        // A frozen clock: under a loaded parallel run, real seconds between the steps must not count.
        try await rig.call(.post, "/sandbox/clock", json: ["frozen": true])
        let (id, _) = try await rig.createPayment(timeout: 60)
        try await rig.call(.post, "/sandbox/athmovil/payments/\(id)/complete")
        try await rig.call(.post, "/sandbox/athmovil/clock/advance", json: ["seconds": 300])
        #expect(try await rig.find(id).json["data"]?["ecommerceStatus"] == "CONFIRM")
        try await rig.call(.post, "/sandbox/athmovil/clock/advance", json: ["seconds": 61])
        #expect(try await rig.find(id).json["data"]?["ecommerceStatus"] == "CANCEL")
    }

    @Test("cancelled and failed payments cannot be authorized", arguments: ["cancel", "fail"])
    func cancelledCannotAuthorize(_ action: String) async throws {
        let rig = try ATHMovilRig()
        let (id, token) = try await rig.createPayment()
        let acted = try await rig.call(.post, "/sandbox/athmovil/payments/\(id)/\(action)")
        #expect(acted.status == 200)
        #expect(
            envelope(try await rig.authorize(token)) == (
                400, "BTRA_0037", "Cannot confirm a transaction with status Canceled or Failed"
            ))
    }

    @Test("findPayment and cancel check the id, the owner and the state")
    func merchantChecks() async throws {
        let rig = try ATHMovilRig()
        let (id, _) = try await rig.createPayment()
        #expect(envelope(try await rig.find("nope")) == (400, "BTRA_0031", "EcommerceId does not exist"))
        #expect(
            envelope(try await rig.find(id, token: ATHMovilRig.testStoreToken)) == (
                400, "BTRA_0043", "The business ins't owner of payment"
            ))
        let cancel = try await rig.call(
            .post, ATHMovilRig.api + "/business/cancel", json: ["ecommerceId": .string(id), "publicToken": "dummy"])
        #expect(cancel.json == ["status": "success", "data": "Payment Cancelled."])
        let again = try await rig.call(
            .post, ATHMovilRig.api + "/business/cancel", json: ["ecommerceId": .string(id), "publicToken": "dummy"])
        #expect(envelope(again) == (400, "BTRA_0035", "The e-commerce transaction has not the expected status"))
        let callback = try await rig.call(
            .post, "/sandbox/athmovil/app/respond", json: ["ecommerceId": .string(id), "action": "cancel"])
        #expect(replyJSON(callback.json["callbackURL"]?.stringValue ?? "")?["status"] == "cancelled")
    }

    @Test("updatePhoneNumber records the phone once")
    func updatePhone() async throws {
        let rig = try ATHMovilRig()
        let (id, token) = try await rig.createPayment()
        let path = ATHMovilRig.api + "/business/updatePhoneNumber"
        let first = try await rig.call(
            .post, path, json: ["ecommerceId": .string(id), "phoneNumber": "7875550101"],
            headers: ["Authorization": "Bearer \(token)"])
        #expect(first.json == ["status": "success", "data": "Phone number updated."])
        let second = try await rig.call(
            .post, ATHMovilRig.api + "/updatePhoneNumber",
            json: ["ecommerceId": .string(id), "phoneNumber": "7875550102"],
            headers: ["Authorization": "Bearer \(token)"])
        #expect(
            envelope(second) == (400, "BTRA_0041", "The e-commerce transaction already has a phone number assigned"))
        #expect(try await rig.call(.get, "/sandbox/athmovil/payments/\(id)").json["phoneNumber"] == "7875550101")
    }

    @Test("unknown paths under the payment service keep its envelope")
    func fallback() async throws {
        let rig = try ATHMovilRig()
        let reply = try await rig.call(.post, ATHMovilRig.api + "/nothing", json: [:])
        #expect(reply.status == 404)
        #expect(reply.json["status"] == "error")
        let wrongMethod = try await rig.call(.get, ATHMovilRig.api + "/payment")
        #expect(wrongMethod.status == 405)
        #expect(wrongMethod.json["status"] == "error")
    }
}
