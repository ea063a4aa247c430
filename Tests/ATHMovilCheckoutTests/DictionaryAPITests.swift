import CommerceCore
import Foundation
import Testing

@testable import ATHMovilCheckout

/// §2.1 dictionary rules, §2.3 dictionary handler, vector 11.
@Suite("Dictionary (hybrid app) API")
struct DictionaryAPITests {
    /// The README's `requestDic`, verbatim.
    nonisolated(unsafe) static let requestDic = NSDictionary(dictionary: [
        "scheme": "athm-checkout",
        "publicToken": "dummy",
        "total": 20.00,
        "subtotal": 1.00,
        "tax": "2.00",
        "phoneNumber": "7879729437",
        "metadata1": "This is metadata1",
        "metadata2": "This is metadata2",
        "items": [
            [
                "name": "ItemTest",
                "price": 2.0,
                "quantity": 1,
                "desc": "Description",
                "metadata": "Metadata",
            ]
        ],
    ])

    @Test("vector 11: the README dictionary builds account, scheme, payment and items")
    func readmeDictionary() throws {
        let account = ATHMBusinessAccount(dictionary: Self.requestDic)
        let scheme = ATHMURLScheme(dictionary: Self.requestDic)
        let payment = ATHMPayment(dictionary: Self.requestDic)
        #expect(account.token == "dummy")
        #expect(scheme.urlScheme == "athm-checkout")
        #expect(payment.total == 20)
        #expect(payment.subtotal == 1)
        #expect(payment.tax == 2)
        #expect(payment.phoneNumber == "7879729437")
        #expect(payment.metadata1 == "This is metadata1")
        #expect(payment.metadata2 == "This is metadata2")
        let item = try #require(payment.items.first)
        #expect(item.name == "ItemTest")
        #expect(item.price == 2)
        #expect(item.quantity == 1)
        #expect(item.desc == "Description")
        #expect(item.metadata == "Metadata")
    }

    @Test("wrong types give empty values; strings are trimmed of spaces and tabs only")
    func forgivingRules() {
        let payment = ATHMPayment(
            dictionary: NSDictionary(dictionary: [
                "total": "abc", "subtotal": true, "metadata1": " \tx\t ", "metadata2": 5, "items": "nope",
            ]))
        #expect(payment.total == 0)
        #expect(payment.subtotal == 0)
        #expect(payment.metadata1 == "x")
        #expect(payment.metadata2 == "")
        #expect(payment.items.isEmpty)
        let item = ATHMPaymentItem(
            dictionary: NSDictionary(dictionary: ["name": "A", "price": "3.5", "quantity": "2"]))
        #expect(item.price == 3.5)
        #expect(item.quantity == 2)
        #expect(ATHMPaymentItem(dictionary: NSDictionary(dictionary: ["quantity": "x"])).quantity == 0)
    }

    @Test("numeric text must parse as it is: surrounding spaces give 0 (§2.1)")
    func numericTextIsNotTrimmed() {
        let payment = ATHMPayment(
            dictionary: NSDictionary(dictionary: ["total": " 2.00", "subtotal": "2.00 ", "tax": "2.00"]))
        #expect(payment.total == 0)
        #expect(payment.subtotal == 0)
        #expect(payment.tax == 2)
        let item = ATHMPaymentItem(
            dictionary: NSDictionary(dictionary: ["name": "A", "price": "\t3", "quantity": " 2"]))
        #expect(item.price == 0)
        #expect(item.quantity == 0)
    }

    @Test("vector 11: a dictionary with token instead of publicToken fails in pay with the token message")
    func wrongTokenKey() async throws {
        let rig = TestRig()
        let request = ATHMPaymentSecureRequest(
            account: ATHMBusinessAccount(dictionary: NSDictionary(dictionary: ["token": "abc"])),
            scheme: ATHMURLScheme(dictionary: Self.requestDic),
            payment: ATHMPayment(dictionary: Self.requestDic))
        request.session = rig.session
        let probe = DictionaryProbe()
        request.pay(dictionaryHandler: probe.readmeOrderHandler)
        let event = try #require(await probe.next())
        #expect(event.name == "exception")
        #expect(event.error?.failureReason == "The business's token is required")
        #expect(rig.transport.requests.isEmpty)
    }

    @Test(
        "both label orders route each status to the right closure",
        arguments: ["completed", "expired", "failed", "cancelled"])
    func labelOrders(_ status: String) async throws {
        for readmeOrder in [true, false] {
            let rig = TestRig()
            let probe = DictionaryProbe()
            rig.legacy(20).pay(dictionaryHandler: readmeOrder ? probe.readmeOrderHandler : probe.sdkOrderHandler)
            _ = await rig.opener.openedURL()
            rig.session.url = Fixtures.currentReply(status: status)
            let event = try #require(await probe.next())
            #expect(event.name == status)
            #expect(event.dictionary?["status"] as? String == status)
        }
    }

    @Test("the raw reply dictionary carries the flat keys")
    func rawKeys() async throws {
        let rig = TestRig()
        let probe = DictionaryProbe()
        rig.legacy(20).pay(dictionaryHandler: probe.sdkOrderHandler)
        _ = await rig.opener.openedURL()
        rig.session.url = Fixtures.vector6
        let dictionary = try #require(await probe.next()?.dictionary)
        #expect(dictionary["total"] as? NSNumber == 20)
        #expect(dictionary["referenceNumber"] as? String == "000000001-0123456789abcdef0123456789abcdef")
        #expect(dictionary["dailyTransactionID"] as? NSNumber == 1)
        #expect(dictionary["name"] as? String == "Valeria Herrero")
        #expect(dictionary["email"] as? String == "email@example.com")
        #expect(dictionary["version"] as? String == "3.0")
        let items = try #require(dictionary["items"] as? [Any])
        #expect((items.first as? NSDictionary)?["name"] as? String == "Test Item")
    }

    @Test("the secure completed dictionary is re-encoded with authorization values, fee and net kept")
    func secureReencoded() async throws {
        let rig = TestRig { request in
            request.url.path.hasSuffix("/payment")
                ? Fixtures.registered() : Fixtures.authorized(daily: "0007", fee: 0.5, net: 19.5)
        }
        let request = rig.secure(20)
        let task = Task { Unchecked(value: try await request.payDictionary()) }
        _ = await rig.opener.openedURL()
        rig.session.url = Fixtures.currentReply(status: "COMPLETED")
        let dictionary = try await task.value.value
        #expect(dictionary["status"] as? String == "completed")
        #expect(dictionary["dailyTransactionID"] as? NSNumber == 7)
        #expect(dictionary["referenceNumber"] as? String == "215070682-8a36d42f859d623b0185a1a80b08009d")
        #expect(dictionary["fee"] as? NSNumber == 0.5)
        #expect(dictionary["netAmount"] as? NSNumber == 19.5)
        #expect(dictionary["date"] as? String == "2024/01/31 14:05:07.0")
        #expect(dictionary["total"] as? NSNumber == 20)
    }
}
