import CommerceCore
import CommerceTestSupport
import Foundation
import Testing

@testable import ATHMovilSandbox
@testable import CommerceSandbox
@testable import SandboxCore

/// §3.4, §5.3, §5.7: the simulated app page, its forms, the reply URL, the legacy status service.
@Suite("ATH Móvil simulated app")
struct ATHMovilAppTests {
    @Test("vector 6: the reply of a completed legacy dummy payment, byte for byte")
    func vector6() {
        var payment = ATHMovilEcommerce(
            id: "e", flow: .legacyDummy, traceId: "t", businessNumber: "000000000", createdAt: Date(),
            expiresAt: Date(),
            totalCents: 2000, subtotalCents: 0, taxCents: 0, metadata1: "", metadata2: "",
            items: [.init(name: "Test Item", priceCents: 2000, quantity: 1, desc: "", metadata: "")], phoneNumber: "",
            scheme: "athm-checkout", timeout: 600, env: "app")
        payment.state = .completed
        payment.customer = .simulated
        payment.referenceNumber = "000000001-0123456789abcdef0123456789abcdef"
        payment.dailyTransactionId = 1
        payment.feeCents = 50
        payment.netCents = 1950
        let url = ATHMovilAppAction.callbackURL(for: payment, now: Date(timeIntervalSince1970: 1_706_724_307))
        #expect(
            url
                == "athm-checkout://?athm_payment_data=%7B%22dailyTransactionID%22%3A1%2C%22date%22%3A%222024%2F01%2F31%2014%3A05%3A07.0%22%2C%22email%22%3A%22email%40example.com%22%2C%22fee%22%3A0.5%2C%22items%22%3A%5B%7B%22desc%22%3A%22%22%2C%22description%22%3A%22%22%2C%22metadata%22%3A%22%22%2C%22name%22%3A%22Test%20Item%22%2C%22price%22%3A20%2C%22quantity%22%3A1%7D%5D%2C%22metadata1%22%3A%22%22%2C%22metadata2%22%3A%22%22%2C%22name%22%3A%22Valeria%20Herrero%22%2C%22netAmount%22%3A19.5%2C%22phoneNumber%22%3A%22%28787%29%20123-4567%22%2C%22referenceNumber%22%3A%22000000001-0123456789abcdef0123456789abcdef%22%2C%22status%22%3A%22completed%22%2C%22subtotal%22%3A0%2C%22tax%22%3A0%2C%22total%22%3A20%2C%22version%22%3A%223.0%22%7D"
        )
    }

    @Test("a scheme that already ends in :// is used as is, and + is escaped")
    func schemeAndPlus() {
        let url = ATHMovilWire.callbackURL(scheme: "attt://", reply: ["metadata1": "a+b c"])
        #expect(url == "attt://?athm_payment_data=%7B%22metadata1%22%3A%22a%2Bb%20c%22%7D")
        #expect(replyJSON(url)?["metadata1"] == "a+b c")
    }

    @Test("the secure page shows the business, items, totals and the Pay and Cancel buttons")
    func securePage() async throws {
        let rig = try ATHMovilRig()
        let (id, _) = try await rig.createPayment(extra: [
            "subtotal": 18, "tax": 2, "metadata1": "order <1001>",
            "items": [["name": "Shirt", "price": 9, "quantity": 2, "desc": "Blue", "metadata": ""]],
        ])
        let page = try await rig.call(.get, ATHMovilRig.secureLink(id))
        #expect(page.status == 200)
        #expect(page.headers["Content-Type"]?.hasPrefix("text/html") == true)
        for fragment in [
            "Dummy Business", "Shirt", "Blue", "$18.00", "$2.00", "$20.00", "order &lt;1001&gt;",
            "Simulated payment — no credentials needed", "id=\"approve\"", "id=\"cancel\"", "Let it expire",
            "/e-commerce/payments/\(id)/approve",
        ] {
            #expect(page.text.contains(fragment), "missing \(fragment)")
        }
        #expect(!page.text.contains("<script"))
    }

    @Test("approving on the page redirects (303) to the merchant's scheme with the reply")
    func approveForm() async throws {
        let rig = try ATHMovilRig()
        let (id, _) = try await rig.createPayment()
        _ = try await rig.call(.get, ATHMovilRig.secureLink(id, scheme: "myshop"))
        let approved = try await rig.call(
            .post, "/e-commerce/payments/\(id)/approve", raw: "",
            headers: ["Content-Type": "application/x-www-form-urlencoded"])
        #expect(approved.status == 303)
        let location = try #require(approved.headers["Location"])
        #expect(location.hasPrefix("myshop://?athm_payment_data="))
        #expect(replyJSON(location)?["status"] == "completed")
        #expect(approved.text.contains("Return to merchant"))
        let again = try await rig.call(.get, ATHMovilRig.secureLink(id, scheme: "myshop"))
        #expect(again.text.contains("Status: CONFIRM"))
        #expect(try await rig.call(.post, "/e-commerce/payments/\(id)/cancel").status == 409)
    }

    @Test("a real business's page asks for phone and PIN and checks them")
    func phoneAndPin() async throws {
        let rig = try ATHMovilRig()
        let (id, _) = try await rig.createPayment(token: ATHMovilRig.testStoreToken)
        let page = try await rig.call(.get, ATHMovilRig.secureLink(id, token: ATHMovilRig.testStoreToken))
        #expect(page.text.contains("name=\"customerPhone\"") && page.text.contains("name=\"pin\""))
        #expect(!page.text.contains("Simulated payment"))
        let wrong = try await rig.call(
            .post, "/e-commerce/payments/\(id)/approve", raw: "customerPhone=%28787%29+555-0101&pin=9999")
        #expect(wrong.status == 400)
        #expect(wrong.text.contains("pin: does not match"))
        let right = try await rig.call(
            .post, "/e-commerce/payments/\(id)/approve", raw: "customerPhone=%28787%29+555-0101&pin=1234")
        #expect(right.status == 303)
        #expect(replyJSON(right.headers["Location"] ?? "")?["name"] == "Ana Rivera")
    }

    @Test("the page needs both phone and PIN: a blank one is shown as an error on the page, nothing is approved")
    func pageRequiresPhoneAndPin() async throws {
        let rig = try ATHMovilRig()
        let (id, _) = try await rig.createPayment(token: ATHMovilRig.testStoreToken)
        _ = try await rig.call(.get, ATHMovilRig.secureLink(id, token: ATHMovilRig.testStoreToken))
        for (form, message) in [
            ("customerPhone=&pin=1234", "customerPhone: enter the phone number"),
            ("pin=1234", "customerPhone: enter the phone number"),
            ("customerPhone=%28787%29+555-0101&pin=", "pin: enter the customer&#39;s PIN"),
            ("customerPhone=%28787%29+555-0101", "pin: enter the customer&#39;s PIN"),
            ("", "customerPhone: enter the phone number"),
        ] {
            let refused = try await rig.call(.post, "/e-commerce/payments/\(id)/approve", raw: form)
            #expect(refused.status == 400, "\(form)")
            #expect(refused.text.contains("id=\"error\"") && refused.text.contains(message), "\(form)")
            #expect(refused.text.contains("id=\"approve\""), "the review page is shown again")
        }
        #expect(try await rig.find(id, token: ATHMovilRig.testStoreToken).json["data"]?["ecommerceStatus"] == "OPEN")
        // The JSON control route asks for no PIN and still defaults to the first test customer (§5.2).
        let completed = try await rig.call(.post, "/sandbox/athmovil/payments/\(id)/complete", json: [:])
        #expect(completed.status == 200)
        #expect(replyJSON(completed.json["callbackURL"]?.stringValue ?? "")?["name"] == "Ana Rivera")
    }

    @Test("bad links: missing or broken transaction_data, unknown payment, wrong token")
    func badLinks() async throws {
        let rig = try ATHMovilRig()
        let missing = try await rig.call(.get, "/e-commerce/mobileSecure")
        #expect(missing.status == 400)
        #expect(missing.text.contains("Invalid payment link") && missing.text.contains("transaction_data is missing"))
        let broken = try await rig.call(.get, "/e-commerce/mobileSecure?transaction_data=%7Bnope")
        #expect(broken.status == 400 && broken.text.contains("transaction_data is not valid JSON"))
        let unknown = try await rig.call(.get, ATHMovilRig.secureLink("00000000-0000-0000-0000-000000000000"))
        #expect(unknown.status == 404 && unknown.text.contains("Payment not found"))
        let (id, _) = try await rig.createPayment()
        let wrongToken = try await rig.call(.get, ATHMovilRig.secureLink(id, token: ATHMovilRig.testStoreToken))
        #expect(wrongToken.status == 404)
        let shortExpiry = try await rig.call(.get, ATHMovilRig.legacyLink(traceId: "T", expiresIn: 30))
        #expect(shortExpiry.status == 400 && shortExpiry.text.contains("expiresIn"))
        let inactive = try await rig.call(.get, ATHMovilRig.legacyLink("mobile", traceId: "T", token: "unknown-token"))
        #expect(inactive.status == 200 && inactive.text.contains("Business is not active"))
        #expect(inactive.text.contains("athm-checkout://?athm_payment_data="))
    }

    @Test("a legacy dummy link creates the payment once per trace id; approving completes it in one step")
    func legacyDummy() async throws {
        let rig = try ATHMovilRig()
        let link = ATHMovilRig.legacyLink(traceId: "2F5B0E36-6C2B-4C0E-9C44-6F3A4A1B2C3D")
        #expect(try await rig.call(.get, link).status == 200)
        #expect(try await rig.call(.get, link).status == 200)
        let record = try await rig.call(.get, "/sandbox/athmovil/payments?traceId=2F5B0E36-6C2B-4C0E-9C44-6F3A4A1B2C3D")
        let id = try #require(record.json["ecommerceId"]?.stringValue)
        #expect(record.json["flow"] == "legacy_dummy")
        let respond = try await rig.call(
            .post, "/sandbox/athmovil/app/respond", json: ["ecommerceId": .string(id), "action": "complete"])
        #expect(respond.json["status"] == "COMPLETED")
        let reply = try #require(replyJSON(respond.json["callbackURL"]?.stringValue ?? ""))
        #expect(reply["dailyTransactionID"] == 1)
        #expect(reply["fee"] == 0.5)
        #expect(reply["netAmount"] == 19.5)
        #expect(reply["referenceNumber"]?.stringValue?.hasPrefix("000000000-") == true)
        #expect(reply["items"]?[0]?["name"] == "Test Item")
        #expect(reply["date"]?.stringValue?.count == 21)
        let page = try await rig.call(.get, link)
        #expect(page.text.contains("Status: COMPLETED") && page.text.contains("Return to merchant"))
    }

    @Test("the legacy status service cancels an open payment and answers the flat reply")
    func legacyStatus() async throws {
        let rig = try ATHMovilRig()
        let opened = try await rig.call(
            .post, "/sandbox/athmovil/app/open",
            json: ["url": .string("http://x" + ATHMovilRig.legacyLink(traceId: "TRACE-1"))])
        #expect(opened.json["flow"] == "legacy_dummy")
        #expect(opened.json["status"] == "OPEN")
        let status = try await rig.call(
            .post, "/rs/eCommerceTransfer/consultTransactionStatus",
            json: ["publicToken": "dummy", "paymentID": "TRACE-1"])
        #expect(status.status == 200)
        #expect(status.json["status"] == "cancelled")
        #expect(status.json["version"] == "3.0")
        #expect(status.json["total"] == 20)
        let id = try #require(opened.json["ecommerceId"]?.stringValue)
        let late = try await rig.call(.post, "/sandbox/athmovil/payments/\(id)/complete")
        #expect(late.json == ["error": "payment is CANCELLED"])
        let unknown = try await rig.call(
            .post, "/rs/eCommerceTransfer/consultTransactionStatus",
            json: ["publicToken": "dummy", "paymentID": "nope"])
        #expect(envelope(unknown) == (400, "BTRA_0007", "TransactionId does not exist"))
    }

    @Test("control routes name the bad field, 404 unknown payments, 409 disallowed actions")
    func controlErrors() async throws {
        let rig = try ATHMovilRig()
        #expect(
            try await rig.call(.post, "/sandbox/athmovil/app/respond", json: ["action": "dance", "ecommerceId": "x"])
                .json
                == ["error": "action: must be complete, cancel, fail or expire"])
        #expect(try await rig.call(.post, "/sandbox/athmovil/payments/nope/complete").status == 404)
        #expect(
            try await rig.call(.post, "/sandbox/athmovil/app/open", json: ["url": "https://example.com/"]).status == 400
        )
        #expect(
            try await rig.call(.post, "/sandbox/athmovil/clock/advance", json: ["seconds": "ten"]).json == [
                "error": "seconds: must be a number"
            ])
        #expect(try await rig.call(.post, "/sandbox/athmovil/faults", json: ["route": "nowhere"]).status == 400)
        #expect(
            try await rig.call(.post, "/sandbox/athmovil/customers", json: ["name": "X", "phoneNumber": "123"]).status
                == 400)
        let (id, _) = try await rig.createPayment(token: ATHMovilRig.testStoreToken)
        let unknownCustomer = try await rig.call(
            .post, "/sandbox/athmovil/payments/\(id)/complete", json: ["customerPhone": "7870000000"])
        #expect(unknownCustomer.status == 400)
        #expect(try await rig.call(.get, "/sandbox/athmovil/nothing").status == 404)
    }

    @Test("a new test customer can approve; failed payments keep the chosen customer")
    func customers() async throws {
        let rig = try ATHMovilRig()
        let created = try await rig.call(
            .post, "/sandbox/athmovil/customers",
            json: ["name": "Luis Ortiz", "phoneNumber": "787 555 0199", "email": "luis@example.com", "pin": "4321"])
        #expect(created.status == 201)
        #expect(created.json["phoneNumber"] == "(787) 555-0199")
        let (id, _) = try await rig.createPayment(token: ATHMovilRig.testStoreToken)
        let failed = try await rig.call(
            .post, "/sandbox/athmovil/payments/\(id)/fail", json: ["customerPhone": "(787) 555-0199"])
        let reply = try #require(replyJSON(failed.json["callbackURL"]?.stringValue ?? ""))
        #expect(reply["status"] == "failed")
        #expect(reply["name"] == "Luis Ortiz")
    }

    @Test("faults fail the next calls of a route in the service's envelope, then stop")
    func faults() async throws {
        let rig = try ATHMovilRig()
        let added = try await rig.call(
            .post, "/sandbox/athmovil/faults", json: ["route": "payment", "count": 1, "status": 503])
        #expect(added.status == 201)
        let request = SandboxRequest(
            method: .post, rawPath: ATHMovilRig.api + "/payment",
            body: Data(#"{"total":20,"publicToken":"dummy"}"#.utf8))
        let failed = try await rig.rig.send(request)
        #expect(failed.status == 503)
        #expect(failed.json["errorcode"] == "BTRA_9999")
        let next = try await rig.rig.send(request)
        #expect(next.status == 200)
    }

    @Test("state survives a restart (same database file)")
    func restart() async throws {
        let directory = TestDirectories.path("athm")
        defer { try? FileManager.default.removeItem(at: directory) }
        let options = SandboxOptions(port: 0, dataDirectory: directory, inMemory: false)
        let id: String
        do {
            let rig = try ATHMovilRig(options)
            let business = try await rig.call(.post, "/sandbox/athmovil/businesses", json: ["name": "Persisted"])
            let token = try #require(business.json["publicToken"]?.stringValue)
            let created = try await rig.createPayment(token: token)
            id = created.0
            try await rig.call(.post, "/sandbox/athmovil/payments/\(id)/complete")
        }
        let reopened = try ATHMovilRig(options)
        let record = try await reopened.call(.get, "/sandbox/athmovil/payments/\(id)")
        #expect(record.json["state"] == "CONFIRM")
        #expect(record.json["businessName"] == "Persisted")
        #expect(record.json["callbackURLs"]?.arrayValue?.count == 1)
    }

    @Test("credentials list the dummy business, the test store and the test customer")
    func credentials() async throws {
        let rig = try ATHMovilRig()
        let document = try await rig.call(.get, "/sandbox/credentials").json["athmovil"]
        let tokens = document?["businesses"]?.arrayValue?.compactMap { $0["publicToken"]?.stringValue } ?? []
        #expect(tokens.contains("dummy"))
        #expect(tokens.contains(ATHMovilRig.testStoreToken))
        #expect(document?["customers"]?[0]?["pin"] == "1234")
    }
}
