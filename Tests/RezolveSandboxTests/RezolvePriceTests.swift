import CommerceCore
import Foundation
import Testing

@testable import CommerceSandbox
@testable import RezolveSandbox

/// The §6.4 price vectors through options and checkout, and the §5.5 rounding rule.
@Suite struct RezolvePriceTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let merchant: String
        let line: JSONValue
        let shipping: String?
        let payment: String
        let breakdown: [Double]
        let final: Double
        var testDescription: String { name }
    }

    static let cases = [
        Case(
            name: "tee red/M ×2 flatrate", merchant: "12",
            line: RezolveRig.line(6, qty: 2, options: [("color", "49"), ("size", "168")]), shipping: "flatrate",
            payment: "spgateway", breakdown: [40, 5, 4], final: 49),
        Case(
            name: "tee red/M ×2 pickup store 2", merchant: "12",
            line: RezolveRig.line(6, qty: 2, options: [("color", "49"), ("size", "168")]), shipping: "storepickup",
            payment: "cash", breakdown: [40, 0, 4], final: 44),
        Case(
            name: "tee blue/M with name print", merchant: "12",
            line: RezolveRig.line(6, options: [("color", "50"), ("size", "168")], custom: [(3, ["Ana"])]),
            shipping: "flatrate",
            payment: "spgateway", breakdown: [24, 5, 2.4], final: 31.4),
        Case(
            name: "handbook flatrate", merchant: "2", line: RezolveRig.line(8), shipping: "flatrate",
            payment: "external",
            breakdown: [12.5, 3.5, 0], final: 16),
        Case(
            name: "newsletter act", merchant: "2", line: RezolveRig.line(9), shipping: nil, payment: "free",
            breakdown: [0, 0, 0], final: 0),
    ]

    @Test(arguments: cases)
    func checkoutTotals(_ item: Case) async throws {
        let rig = try RezolveRig()
        let session = try await rig.session()
        let records = try await rig.records(session)
        let shipping: JSONValue? =
            switch item.shipping {
            case "flatrate": ["type": "flatrate", "address_id": .string(records.address)]
            case "storepickup": ["type": "storepickup", "pickup_store": 2]
            default: nil
            }
        let (_, reply) = try await rig.checkout(
            session, merchant: item.merchant, line: item.line, shipping: shipping, payment: item.payment)
        #expect(reply.status == 200, "\(reply.text)")
        #expect(reply.json["final_price"]?.doubleValue == item.final)
        let breakdown = reply.json["price_breakdown"]?.arrayValue ?? []
        #expect(breakdown.map { $0["type"]?.stringValue } == ["subtotal", "shipping", "tax"])
        #expect(breakdown.map { $0["amount"]?.doubleValue } == item.breakdown)
        #expect(Int(reply.json["id"]?.stringValue ?? "") ?? 0 >= 1501)
    }

    @Test func actOptionOffersOnlyFreeAndNoShipping() async throws {
        let rig = try RezolveRig()
        let session = try await rig.session()
        let options = try await rig.call(session, .post, session.b4 + "/merchant/2/options", json: RezolveRig.line(9))
        #expect(options.json["supported_payment_methods"]?.arrayValue?.map { $0["type"] } == ["free"])
        #expect(options.json["supported_shipping_methods"] == [])
    }

    @Test func optionsOfferFlatrateAndEveryPickupStore() async throws {
        let rig = try RezolveRig()
        let session = try await rig.session()
        let options = try await rig.call(session, .post, session.b4 + "/merchant/12/options", json: RezolveRig.line(7))
        let methods = try #require(options.json["supported_shipping_methods"]?.arrayValue)
        #expect(methods.map { $0["execute"]?["method_code"] } == ["flatrate", "storepickup", "storepickup"])
        #expect(methods[0]["execute"]?["price"] == 5)
        #expect(methods[2]["details"]?["store_details"]?["pickup_store"] == 2)
        #expect(methods[2]["details"]?["store_details"]?["name"] == "Manhattan Store")
        #expect(methods[2]["execute"]?["extension_attributes"] == [["code": "pickup_store", "value": "2"]])
        #expect(
            options.json["supported_payment_methods"]?.arrayValue?.map { $0["type"] } == [
                "spgateway", "external", "cash",
            ])
        #expect(
            options.json["supported_payment_methods"]?[0]?["data"]?["requirements"] == [
                "rezolve_phone": true, "rezolve_credit_card": true,
            ])
    }

    @Test func optionVectorsThatFail() async throws {
        let rig = try RezolveRig()
        let session = try await rig.session()
        let blueS = try await rig.call(
            session, .post, session.b4 + "/merchant/12/options",
            json: RezolveRig.line(6, options: [("color", "50"), ("size", "167")]))
        #expect(
            RezolveRig.error(blueS).2
                == "Validation error: [Option combination is not available. - #/configurable_options]")
        let hoodies = try await rig.call(
            session, .post, session.b4 + "/merchant/12/options", json: RezolveRig.line(7, qty: 6))
        #expect(hoodies.status == 400)
        #expect(RezolveRig.error(hoodies).2 == "The most you may purchase is 5.")
    }

    @Test(arguments: [
        (Int64(1234), Int64(1000), Int64(123)), (1235, 1000, 124), (1225, 1000, 122), (25, 2000, 5),
        (5, 1000, 0), (15, 1000, 2), (4000, 1000, 400),
    ])
    func taxRoundsHalfToEven(_ subtotal: Int64, _ basisPoints: Int64, _ tax: Int64) {
        // 123.4 → 123, 123.5 → 124, 122.5 → 122 (even), 0.5 → 0, 1.5 → 2.
        #expect(RezolvePricing.tax(subtotalMinor: subtotal, basisPoints: basisPoints) == tax)
    }

    @Test func optionSessionExpiresAfterThirtyMinutes() async throws {
        let rig = try RezolveRig()
        let session = try await rig.session()
        let records = try await rig.records(session)
        let options = try await rig.call(session, .post, session.b4 + "/merchant/12/options", json: RezolveRig.line(7))
        let optionId = try #require(options.json["id"]?.stringValue)
        try await rig.context.clock.advance(by: 1800)
        // The JWT also expired; a fresh one shows it is the session that is gone.
        var fresh = session
        fresh.token = RezolveRig.loginToken(session.entityId, session.partnerEntityId, exp: rig.nowSeconds + 600)
        let reply = try await rig.call(
            fresh, .post, session.b3 + "/merchant/12/checkout/\(optionId)",
            json: [
                "payment_method": ["type": "spgateway"],
                "shipping_method": ["type": "flatrate", "address_id": .string(records.address)],
            ])
        #expect(reply.status == 404)
        #expect(RezolveRig.error(reply).2 == "Unable to find options session")
    }
}
