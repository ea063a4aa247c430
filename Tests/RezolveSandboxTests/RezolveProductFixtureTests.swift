import CommerceCore
import Foundation
import Testing

@testable import CommerceSandbox

/// `POST /sandbox/rezolve/products`: a product for a test, e.g. one with a required custom option (spec §4.1),
/// refused with the field named when the body is wrong, and gone after a reset.
@Suite struct RezolveProductFixtureTests {
    static let keyring: JSONValue = [
        "id": 500, "merchantId": "12", "categoryId": 71, "name": "Engraved Keyring", "priceMinor": 1500,
        "customOptions": [
            ["optionId": 4, "title": "Engraving", "type": "field", "isRequire": true, "priceMinor": 300]
        ],
    ]

    @Test func addedProductIsServedAndItsRequiredCustomOptionEnforced() async throws {
        let rig = try RezolveRig()
        let added = try await rig.call(.post, "/sandbox/rezolve/products", json: Self.keyring)
        #expect(added.status == 201)
        #expect(try await rig.call(.post, "/sandbox/rezolve/products", json: Self.keyring).status == 409)

        let session = try await rig.session()
        let details = try await rig.call(session, .get, session.b1 + "/merchant/12/category/71/product/500")
        #expect(details.json["custom_options"]?[0]?["is_require"] == true)
        #expect(details.json["custom_options"]?[0]?["option_id"] == 4)

        let refused = try await rig.call(
            session, .post, session.b1 + "/merchant/12/cart", json: ["product": RezolveRig.line(500)])
        #expect(refused.status == 400)
        #expect(
            RezolveRig.error(refused) == (
                "6", "Bad Request",
                "Validation error: [Required custom option 4 was not provided. - #/custom_options]"
            ))
        let accepted = try await rig.call(
            session, .post, session.b1 + "/merchant/12/cart",
            json: ["product": RezolveRig.line(500, custom: [(4, ["Ana"])])])
        #expect(accepted.status == 201)

        try await rig.call(.post, "/sandbox/rezolve/reset")
        let fresh = try await rig.session()
        #expect(try await rig.call(fresh, .get, fresh.b1 + "/merchant/12/category/71/product/500").status == 404)
    }

    static let badBodies: [(JSONValue, String)] = [
        (["merchantId": "12", "categoryId": 71, "name": "X"], "id: is required"),
        (["id": 501, "merchantId": "404", "categoryId": 71, "name": "X"], "merchantId: unknown merchant"),
        (["id": 501, "merchantId": "12", "categoryId": 3, "name": "X"], "categoryId: not a category of merchant 12"),
        (["id": 501, "merchantId": "12", "categoryId": 71, "name": " "], "name: must be a non-empty string"),
        (
            ["id": 501, "merchantId": "12", "categoryId": 71, "name": "X", "priceMinor": 1.5],
            "priceMinor: must be an integer from 0 to 100000000"
        ),
        (
            [
                "id": 501, "merchantId": "12", "categoryId": 71, "name": "X",
                "customOptions": [["optionId": 4, "title": "T", "type": "dial"]],
            ],
            "customOptions[0].type: must be one of field, area, drop_down, radio, checkbox, multiple"
        ),
        (
            [
                "id": 501, "merchantId": "12", "categoryId": 71, "name": "X",
                "customOptions": [
                    [
                        "optionId": 4, "title": "T", "type": "field",
                        "isRequire": "yes",
                    ]
                ],
            ],
            "customOptions[0].isRequire: must be a boolean"
        ),
    ]

    @Test(arguments: badBodies)
    func badBodiesNameTheirField(_ body: JSONValue, _ error: String) async throws {
        let rig = try RezolveRig()
        let reply = try await rig.call(.post, "/sandbox/rezolve/products", json: body)
        #expect(reply.status == 400)
        #expect(reply.json["error"] == .string(error))
    }
}
