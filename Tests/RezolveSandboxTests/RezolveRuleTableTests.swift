import CommerceCore
import Foundation
import SandboxTestSupport
import Testing

@testable import CommerceSandbox

/// The §4.1 rule table: each row is a request and the exact status and `code / type / message` it gets.
@Suite struct RezolveRuleTableTests {
    struct Row: Sendable, CustomTestStringConvertible {
        let name: String
        let method: HTTPMethod
        /// With placeholders `{b1}`…`{b4}`, `{phone}`, `{address}`, `{card}`, `{cart}`, `{option}`, `{order}`.
        let path: String
        let body: String?
        let status: Int
        let code: String
        let message: String
        var testDescription: String { name }

        init(
            _ name: String, _ method: HTTPMethod, _ path: String, _ body: String?, _ status: Int, _ code: String,
            _ message: String
        ) {
            (self.name, self.method, self.path, self.body, self.status, self.code, self.message) = (
                name, method, path, body, status, code, message
            )
        }
    }

    static let rows: [Row] = [
        Row(
            "profile marketing null", .put, "{b1}/profile", #"{"use_data_for_marketing":null}"#, 400, "5",
            "Validation error: [Type mismatch. Expected Boolean but got Null. - #/use_data_for_marketing]"),
        Row(
            "profile marketing absent", .put, "{b1}/profile", #"{"first_name":"Ana"}"#, 400, "3",
            "Validation error: [Required property use_data_for_marketing was not present. - #]"),
        Row(
            "profile bad email", .put, "{b1}/profile", #"{"use_data_for_marketing":true,"email":"nope"}"#, 400, "5",
            "Validation error: [Invalid email address. - #/email]"),
        Row(
            "phone both absent", .post, "{b1}/phonebook", "{}", 400, "3",
            "Validation error: [Required properties name, phone were not present. - #]"),
        Row(
            "phone both empty", .post, "{b1}/phonebook", #"{"name":"","phone":""}"#, 400, "3",
            "Validation error: [Expected value to have a minimum length of 1 but was 0. - #/name, Expected value to have a minimum length of 4 but was 0. - #/phone]"
        ),
        Row(
            "phone update both empty", .put, "{b1}/phonebook/{phone}", #"{"name":"","phone":""}"#, 400, "6",
            "Validation error: [Expected value to have a minimum length of 1 but was 0. - #/name, Expected value to have a minimum length of 4 but was 0. - #/phone]"
        ),
        Row(
            "phone pattern", .post, "{b1}/phonebook", #"{"name":"Home","phone":"12-34"}"#, 400, "5",
            "Validation error: [Value does not match pattern. - #/phone]"),
        Row(
            "phone unknown", .get, "{b1}/phonebook/00000000-0000-0000-0000-000000000000", nil, 404, "4",
            "Phone not found"),
        Row("phone in use", .delete, "{b1}/phonebook/{phone}", nil, 400, "6", "Phone is in use by an address"),
        Row(
            "address required", .post, "{b1}/addressbook", #"{"short_name":"Home","city":"X"}"#, 400, "3",
            "Validation error: [Required properties line_1, zip, country were not present. - #]"),
        Row(
            "address phone unknown", .post, "{b1}/addressbook",
            #"{"short_name":"H","line_1":"1","city":"C","zip":"1","country":"US","phone_id":"nope"}"#, 404, "4",
            "Phone not found"),
        Row("address unknown", .get, "{b1}/addressbook/nope", nil, 404, "4", "Address not found"),
        Row(
            "address in use", .delete, "{b1}/addressbook/{address}", nil, 400, "6", "Address is in use by a credit card"
        ),
        Row(
            "wallet required", .post, "{b1}/wallet", "{}", 400, "3",
            "Validation error: [Required properties short_name, pan, pan6, pan4, brand, type, name_on_card, expires_on, address_id, valid_from were not present. - #]"
        ),
        Row(
            "wallet nulls", .post, "{b1}/wallet",
            #"{"short_name":"V","pan":"x","pan6":"411111","pan4":"1111","brand":null,"type":"credit","name_on_card":"A","expires_on":"1230","address_id":null,"valid_from":"0120"}"#,
            400, "3",
            "Validation error: [Type mismatch. Expected String but got Null. - #/address_id, Type mismatch. Expected String but got Null. - #/brand]"
        ),
        Row(
            "wallet update required", .put, "{b1}/wallet/{card}", "{}", 400, "3",
            "Validation error: [Required properties short_name, name_on_card, address_id were not present. - #]"),
        Row(
            "wallet expiry pattern", .put, "{b1}/wallet/{card}",
            #"{"short_name":"V","name_on_card":"A","address_id":"{address}","expires_on":"1330"}"#, 400, "5",
            "Validation error: [Value does not match pattern MMYY. - #/expires_on]"),
        Row(
            "wallet undecryptable pan", .put, "{b1}/wallet/{card}",
            #"{"short_name":"V","name_on_card":"A","address_id":"{address}","pan":"bm90IGEgY2lwaGVydGV4dA==","pan4":"1111","pan6":"411111"}"#,
            400, "5", "Validation error: [Unable to decrypt value. - #/pan]"),
        Row("wallet unknown", .get, "{b1}/wallet/nope", nil, 404, "4", "Card not found"),
        Row("favourite unknown", .delete, "{b1}/favourite/nope", nil, 404, "4", "Favourite not found"),
        Row("merchant unknown", .get, "{b1}/merchant/999", nil, 404, "4", "Merchant not found"),
        Row("merchant disabled", .get, "{b2}/merchant/80/category", nil, 404, "4", "Merchant not found"),
        Row(
            "category of another merchant", .get, "{b2}/merchant/12/category/3", nil, 404, "4",
            "Requested category doesn't exist"),
        Row(
            "paging not integer", .get, "{b2}/merchant/12/category/71?product_items_per_page=ten", nil, 400, "5",
            "Validation error: [Type mismatch. Expected Integer but got String. - #/product_items_per_page]"),
        Row(
            "paging out of range", .get,
            "{b2}/merchant/12/category/71?category_page_number=0&product_items_per_page=101", nil, 400, "5",
            "Validation error: [Expected value to be between 1 and 100. - #/category_page_number, Expected value to be between 1 and 100. - #/product_items_per_page]"
        ),
        Row(
            "paging direction", .get, "{b2}/merchant/12/category/71?product_sort_direction=up", nil, 400, "5",
            "Validation error: [Value is not allowed in enum. - #/product_sort_direction]"),
        Row(
            "product in other category", .get, "{b1}/merchant/12/category/71/product/6", nil, 404, "4",
            "Requested entity doesn't exist"),
        Row(
            "search required", .post, "/api/v1/search/merchants/317/{eid}", "{}", 400, "6",
            "Validation error: [Required properties order_by, order, device_info were not present. - #]"),
        Row(
            "search empties and enums", .post, "/api/v1/search/products/317/{eid}",
            #"{"order_by":"x","order":"up","device_info":""}"#, 400, "6",
            "Validation error: [Expected value to have a minimum length of 1 but was 0. - #/device_info, Value is not allowed in enum. - #/order, Value is not allowed in enum. - #/order_by]"
        ),
        Row(
            "search device not string", .post, "/api/v1/search/merchants/317/{eid}",
            #"{"order_by":"score","order":"asc","device_info":5}"#, 400, "6",
            "Validation error: [Type mismatch. Expected String but got Integer. - #/device_info]"),
        Row(
            "search device null", .post, "/api/v1/search/products/317/{eid}",
            #"{"order_by":"score","order":"asc","device_info":null}"#, 400, "6",
            "Validation error: [Type mismatch. Expected String but got Null. - #/device_info]"),
        Row(
            "search empty query", .post, "/api/v1/search/products/317/{eid}",
            #"{"order_by":"score","order":"asc","device_info":"d","query":""}"#, 400, "6",
            "Validation error: [Expected value to have a minimum length of 1 but was 0. - #/query]"),
        Row(
            "search paging", .post, "/api/v1/search/merchants/317/{eid}?page=a&limit=b",
            #"{"order_by":"score","order":"asc","device_info":"d"}"#, 400, "6",
            "Validation error: [Type mismatch. Expected Integer but got String. - #/limit, Type mismatch. Expected Integer but got String. - #/page]"
        ),
        Row(
            "search limit", .post, "/api/v1/search/merchants/317/{eid}?limit=101",
            #"{"order_by":"score","order":"asc","device_info":"d"}"#, 400, "6",
            "Validation error: [Expected value to be between 1 and 100. - #/limit]"),
        Row(
            "search location required", .post, "/api/v1/search/merchants/317/{eid}",
            #"{"order_by":"location","order":"asc","device_info":"d"}"#, 400, "6",
            "Validation error: [Location is required when ordering by location. - #/location]"),
        Row(
            "search include enum", .post, "/api/v1/search/products/317/{eid}",
            #"{"order_by":"score","order":"asc","device_info":"d","include_in_results":"both"}"#, 400, "6",
            "Validation error: [Value is not allowed in enum. - #/include_in_results]"),
        Row(
            "cart product absent", .post, "{b1}/merchant/12/cart", "{}", 400, "3",
            "Validation error: [Required property product was not present. - #]"),
        Row(
            "cart product null", .post, "{b1}/merchant/12/cart", #"{"product":null}"#, 400, "3",
            "Validation error: [Type mismatch. Expected Object but got Null. - #/product]"),
        Row(
            "cart id qty absent", .post, "{b1}/merchant/12/cart", #"{"product":{}}"#, 400, "3",
            "Validation error: [Required properties id, qty were not present. - #/product]"),
        Row(
            "cart qty zero", .post, "{b1}/merchant/12/cart", #"{"product":{"id":7,"qty":0}}"#, 400, "5",
            "Validation error: [Expected value to be at least 1. - #/product/qty]"),
        Row(
            "cart over maximum", .post, "{b1}/merchant/12/cart", #"{"product":{"id":7,"qty":6}}"#, 400, "6",
            "The most you may purchase is 5."),
        Row(
            "cart option missing", .post, "{b1}/merchant/12/cart",
            #"{"product":{"id":6,"qty":1,"configurable_options":[{"code":"color","value":"49"}]}}"#, 400, "6",
            "Validation error: [Required option size was not selected. - #/configurable_options]"),
        Row(
            "cart act", .post, "{b1}/merchant/2/cart", #"{"product":{"id":9,"qty":1}}"#, 400, "6",
            "Acts cannot be added to a cart."),
        Row(
            "cart product unknown", .post, "{b1}/merchant/12/cart", #"{"product":{"id":8,"qty":1}}"#, 404, "4",
            "Requested entity doesn't exist"),
        Row("cart unknown", .post, "{b4}/merchant/12/cart/nope/options", "{}", 404, "4", "Cart not found"),
        Row("cart of other merchant", .post, "{b4}/merchant/2/cart/{cart}/options", "{}", 404, "4", "Cart not found"),
        Row(
            "options empty", .post, "{b4}/merchant/12/options", "{}", 400, "3",
            "Validation error: [Required properties id, qty were not present. - #]"),
        Row(
            "options nulls", .post, "{b4}/merchant/12/options", #"{"id":null,"qty":null}"#, 400, "3",
            "Validation error: [Type mismatch. Expected Number but got Null. - #/id, Type mismatch. Expected Integer but got Null. - #/qty]"
        ),
        Row(
            "options qty zero", .post, "{b4}/merchant/12/options", #"{"id":7,"qty":0}"#, 400, "5",
            "Validation error: [Expected value to be at least 1. - #/qty]"),
        // Found while probing the documented bounds: a whole number beyond the integers was reported as "Expected Integer but got Integer".
        Row(
            "options qty beyond integers", .post, "{b4}/merchant/12/options", #"{"id":7,"qty":1e300}"#, 400, "5",
            "Validation error: [Type mismatch. Expected Integer but got Number. - #/qty]"),
        Row(
            "options unavailable combination", .post, "{b4}/merchant/12/options",
            #"{"id":6,"qty":1,"configurable_options":[{"code":"color","value":"50"},{"code":"size","value":"167"}]}"#,
            400, "6",
            "Validation error: [Option combination is not available. - #/configurable_options]"),
        Row(
            "checkout unknown option", .post, "{b3}/merchant/12/checkout/nope", "{}", 404, "4",
            "Unable to find options session"),
        Row(
            "checkout empty", .post, "{b3}/merchant/12/checkout/{option}", "{}", 400, "3",
            "Validation error: [Required properties payment_method, shipping_method were not present. - #]"),
        Row(
            "checkout nulls", .post, "{b3}/merchant/12/checkout/{option}",
            #"{"payment_method":null,"shipping_method":null}"#, 400, "3",
            "Validation error: [Type mismatch. Expected Object but got Null. - #/payment_method, Type mismatch. Expected Object but got Null. - #/shipping_method]"
        ),
        Row(
            "checkout shipping not offered", .post, "{b3}/merchant/12/checkout/{option}",
            #"{"payment_method":{"type":"spgateway"},"shipping_method":{"type":"drone"}}"#, 400, "6",
            "Validation error: [Invalid shipping method - drone]"),
        Row(
            "checkout flatrate without address", .post, "{b3}/merchant/12/checkout/{option}",
            #"{"payment_method":{"type":"spgateway"},"shipping_method":{"type":"flatrate"}}"#, 400, "3",
            "Validation error: [Required property address_id was not present. - #/shipping_method]"),
        Row(
            "checkout address unknown", .post, "{b3}/merchant/12/checkout/{option}",
            #"{"payment_method":{"type":"spgateway"},"shipping_method":{"type":"flatrate","address_id":"nope"}}"#, 404,
            "4",
            "Address not found"),
        Row(
            "checkout pickup store not offered", .post, "{b3}/merchant/12/checkout/{option}",
            #"{"payment_method":{"type":"spgateway"},"shipping_method":{"type":"storepickup","pickup_store":9}}"#, 400,
            "6",
            "Validation error: [Invalid pickup store - 9]"),
        Row(
            "checkout cash with flatrate", .post, "{b3}/merchant/12/checkout/{option}",
            #"{"payment_method":{"type":"cash"},"shipping_method":{"type":"flatrate","address_id":"{address}"}}"#, 400,
            "6",
            "Validation error: [Invalid payment method - cash]"),
        Row(
            "buy unknown checkout", .post, "{b3}/merchant/12/buy/99999", "{}", 404, "4",
            "Unable to find options session"),
        Row(
            "buy empty body", .post, "{b3}/merchant/12/buy/{order}", "", 400, "6",
            "Validation error: [Invalid payment method - nil]"),
        Row(
            "buy other type", .post, "{b3}/merchant/12/buy/{order}", #"{"payment_method":{"type":"external"}}"#, 400,
            "6",
            "Validation error: [Invalid payment method - external]"),
        Row(
            "buy without pay_with", .post, "{b3}/merchant/12/buy/{order}",
            #"{"payment_method":{"type":"spgateway","cvv":"x"}}"#,
            400, "3", "Validation error: [Required property pay_with was not present. - #/payment_method]"),
        Row(
            "buy card unknown", .post, "{b3}/merchant/12/buy/{order}",
            #"{"payment_method":{"type":"spgateway","pay_with":"nope","cvv":"x","phone_id":"{phone}"}}"#, 404, "4",
            "Card not found"),
        Row(
            "buy without phone", .post, "{b3}/merchant/12/buy/{order}",
            #"{"payment_method":{"type":"spgateway","pay_with":"{card}","cvv":"x"}}"#, 400, "3",
            "Validation error: [Required property phone_id was not present. - #/payment_method]"),
        Row(
            "buy phone unknown", .post, "{b3}/merchant/12/buy/{order}",
            #"{"payment_method":{"type":"spgateway","pay_with":"{card}","cvv":"x","phone_id":"nope"}}"#, 404, "4",
            "Phone not found"),
        Row(
            "buy latitude", .post, "{b3}/merchant/12/buy/{order}",
            #"{"payment_method":{"type":"spgateway","pay_with":"{card}","cvv":"x","phone_id":"{phone}"},"location":{"latitude":91,"longitude":0}}"#,
            400, "5", "Validation error: [Value out of range. - #/location/latitude]"),
        Row(
            "buy cvv undecryptable", .post, "{b3}/merchant/12/buy/{order}",
            #"{"payment_method":{"type":"spgateway","pay_with":"{card}","cvv":"x","phone_id":"{phone}"}}"#, 400, "5",
            "Validation error: [Unable to decrypt value. - #/payment_method/cvv]"),
        Row(
            "orders bad date", .get, "{b3}/order?from=2024-13-01&to=2024-12-31", nil, 400, "3",
            "Validation error: [invalid date - #]"),
        Row(
            "orders reversed", .get, "{b3}/order?from=2024-02-01&to=2024-01-31", nil, 400, "3",
            "Validation error: [invalid date - #]"),
        Row("order unknown", .get, "{b3}/order/42", nil, 404, "4", "Order not found"),
        Row("order not yet bought", .get, "{b3}/order/{order}", nil, 404, "4", "Order not found"),
        Row(
            "register email absent", .post, "/api/v1/authentication/register", "{}", 400, "3",
            "Validation error: [Required property email was not present. - #]"),
        Row(
            "register email invalid", .post, "/api/v1/authentication/register", #"{"email":"not-an-address"}"#, 400,
            "2",
            "Registration failed."),
        Row("unknown core path", .get, "/api/v1/nothing/here", nil, 404, "4", "Requested resource not found"),
    ]

    /// One customer with a phone, address and card; a merchant-12 cart; an option and an unbought order.
    struct Fixture: Sendable {
        let rig: RezolveRig
        let session: RezolveRig.Session
        let values: [String: String]

        static func make() async throws -> Fixture {
            let rig = try RezolveRig()
            let session = try await rig.session()
            let records = try await rig.records(session)
            let cart = try await rig.call(
                session, .post, session.b1 + "/merchant/12/cart", json: ["product": RezolveRig.line(7)])
            let (_, order) = try await rig.checkout(
                session, line: RezolveRig.line(6, qty: 2, options: [("color", "49"), ("size", "168")]),
                shipping: ["type": "flatrate", "address_id": .string(records.address)], payment: "spgateway")
            let option = try await rig.call(
                session, .post, session.b4 + "/merchant/12/options", json: RezolveRig.line(7))
            return Fixture(
                rig: rig, session: session,
                values: [
                    "{b1}": session.b1, "{b2}": session.b2, "{b3}": session.b3, "{b4}": session.b4,
                    "{eid}": session.entityId,
                    "{phone}": records.phone, "{address}": records.address, "{card}": records.card,
                    "{cart}": try RigError.string(cart.json["id"], cart),
                    "{order}": try RigError.string(order.json["id"], order),
                    "{option}": try RigError.string(option.json["id"], option),
                ])
        }

        func fill(_ text: String) -> String {
            values.reduce(text) { $0.replacingOccurrences(of: $1.key, with: $1.value) }
        }
    }

    /// One fixture for every row: each row is a refused request, so none changes what the others see, and
    /// a single sandbox keeps the table from costing a sandbox and an RSA key pair per row.
    static let sharedFixture = Task { try await Fixture.make() }

    @Test(arguments: rows)
    func row(_ row: Row) async throws {
        let fixture = try await Self.sharedFixture.value
        let path = fixture.fill(row.path)
        let body = row.body.map(fixture.fill)
        let reply: RezolveRig.Reply
        if path.hasPrefix("/api/v1/authentication/register") {
            reply = try await fixture.rig.call(
                row.method, path, raw: body,
                headers: [
                    "x-rezolve-partner-apikey": RezolveRig.apiKey,
                    "Authorization": "Bearer "
                        + RezolveRig.registrationToken("new-user", exp: fixture.rig.nowSeconds + 600),
                ])
        } else {
            reply = try await fixture.rig.call(fixture.session, row.method, path, raw: body)
        }
        #expect(reply.status == row.status, "\(reply.text)")
        let (code, type, message) = RezolveRig.error(reply)
        #expect(code == row.code)
        #expect(message == row.message)
        let expectedType =
            switch row.code {
            case "2": "Registration"
            case "4": "Not Found"
            default: "Bad Request"
            }
        #expect(type == expectedType)
    }

    @Test func productNotFoundCarriesTheReason() async throws {
        let fixture = try await Self.sharedFixture.value
        let reply = try await fixture.rig.call(
            fixture.session, .get, fixture.session.b1 + "/merchant/12/category/70/product/99")
        #expect(
            reply.json["errors"]?[0]?["reason"] == [
                "message": "Product with the given ID not found", "code": "rce_product_not_found",
            ])
    }

    @Test func noInputGetsA5xx() async throws {
        let fixture = try await Fixture.make()
        let s = fixture.session
        let bodies = [
            "", "null", "[]", "\"x\"", "{", #"{"product":[]}"#, #"{"id":"x","qty":1.5}"#, #"{"payment_method":7}"#,
            #"{"order_by":[],"order":{},"device_info":null}"#, #"{"location":"here"}"#,
            #"{"shipping_method":{"type":7}}"#,
        ]
        let paths = [
            s.b1 + "/profile", s.b1 + "/phonebook", s.b1 + "/addressbook", s.b1 + "/wallet", s.b1 + "/favourite",
            s.b1 + "/merchant/12/cart", s.b4 + "/merchant/12/options",
            s.b3 + "/merchant/12/checkout/" + fixture.fill("{option}"),
            s.b3 + "/merchant/12/buy/" + fixture.fill("{order}"), "/api/v1/search/merchants/317/\(s.entityId)",
            "/api/v1/search/products/317/\(s.entityId)", "/api/v3/external/callback/nope",
        ]
        for path in paths {
            for body in bodies {
                for method in [HTTPMethod.post, .put] {
                    let reply = try await fixture.rig.call(s, method, path, raw: body)
                    #expect(reply.status < 500, "\(method) \(path) \(body) → \(reply.status) \(reply.text)")
                }
            }
        }
    }
}
