import CommerceCore
import Foundation
import Testing

@testable import ButtonMerchant

extension ButtonMerchantTests {
    /// Spec §6.6 URL table: what `trackIncomingURL` stores and reports.
    @Suite struct IncomingURLTests {
        struct Vector: Sendable, CustomTestStringConvertible {
            let input: String
            /// `nil`: the stored token stays unchanged (the test pre-stores `srctok-old`).
            let storedToken: String?
            let reportedURL: String
            let sourceToken: String?
            var testDescription: String { input }
        }

        static let vectors: [Vector] = [
            Vector(
                input: "http://usebutton.com/test?btn_ref=srctok-123", storedToken: "srctok-123",
                reportedURL: "http://usebutton.com/test?btn_ref=srctok-123", sourceToken: "srctok-123"),
            Vector(
                input: "http://usebutton.com/no-token", storedToken: nil,
                reportedURL: "http://usebutton.com/no-token", sourceToken: nil),
            Vector(
                input: "http://usebutton.com/no-token/?btn_1=1&btn_2=2&btn_ref=faketok-123",
                storedToken: "faketok-123",
                reportedURL: "http://usebutton.com/no-token/?btn_1=1&btn_2=2&btn_ref=faketok-123",
                sourceToken: "faketok-123"),
            Vector(
                input: "http://usebutton.com/no-token/?from_landing=true&from_tracking=false&from_appstore=false",
                storedToken: nil,
                reportedURL: "http://usebutton.com/no-token/?from_landing=true&from_tracking=false&from_appstore=false",
                sourceToken: nil),
            Vector(
                input: "http://usebutton.com/no-token/?not_ours=param&also_not=same&utm_campaign=nope",
                storedToken: nil, reportedURL: "http://usebutton.com/no-token/?", sourceToken: nil),
            Vector(
                input: "http://usebutton.com/no-token/?theirs=param&from_landing=1&btn_test=0", storedToken: nil,
                reportedURL: "http://usebutton.com/no-token/?from_landing=1&btn_test=0", sourceToken: nil),
            Vector(
                input: "http://usebutton.com/no-token/?theirs=param&From_landing=1&Btn_test=0", storedToken: nil,
                reportedURL: "http://usebutton.com/no-token/?From_landing=1&Btn_test=0", sourceToken: nil),
            Vector(
                input: "https://shop.example/p/1?btn_ref=srctok-a&utm_source=x#frag", storedToken: "srctok-a",
                reportedURL: "https://shop.example/p/1?btn_ref=srctok-a", sourceToken: "srctok-a"),
            Vector(
                input: "https://shop.example/?btn_ref=", storedToken: "",
                reportedURL: "https://shop.example/?btn_ref=", sourceToken: ""),
        ]

        @Test(arguments: vectors)
        func trackIncomingURL(_ vector: Vector) async throws {
            let harness = Harness(
                store: PersistentStore(inMemory: [ButtonStore.attributionTokenKey: .string("srctok-old")]))
            harness.core.configure(applicationId: "app-sandbox", environment: nil)
            harness.core.trackIncomingURL(try #require(URL(string: vector.input)))

            #expect(harness.core.attributionToken == (vector.storedToken ?? "srctok-old"))
            let requests = await harness.sentRequests()
            #expect(requests.count == 1)
            let json = try body(requests.first)
            let event = try #require(json["events"]?[0])
            #expect(json["events"]?.arrayValue?.count == 1)
            #expect(event["name"] == "btn:deeplink-opened")
            #expect(event["value"] == ["url": .string(vector.reportedURL)])
            // The event carries the token of this URL only; it never falls back to the stored one.
            #expect(event["source_token"] == vector.sourceToken.map(JSONValue.string))
            #expect(event["source"] == "button")
            #expect(event["time"] == "2025-01-15T12:00:00Z")
            #expect(json["current_time"] == "2025-01-15T12:00:00Z")
            #expect(UUID(uuidString: event["uuid"]?.stringValue ?? "") != nil)
            #expect(json["application_id"] == "app-sandbox")
        }

        @Test func lastOfSeveralTokensWinsAndANameWithoutValueIsIgnored() throws {
            let url = try #require(URL(string: "app://x?btn_ref=a&BTN_REF=b&btn_ref"))
            let incoming = try #require(IncomingURL(url))
            #expect(incoming.tokens == ["a", "b"])
            #expect(incoming.token == "b")
            #expect(incoming.filteredURL == "app://x?btn_ref=a&BTN_REF=b&btn_ref")
        }

        @Test func eventCarriesTheStoredSession() async throws {
            let harness = Harness(store: PersistentStore(inMemory: [ButtonStore.sessionIdKey: .string("sess-9")]))
            harness.core.configure(applicationId: "app-sandbox", environment: nil)
            harness.core.trackIncomingURL(try #require(URL(string: "https://shop.example/")))
            let json = try body(await harness.sentRequests().first)
            #expect(json["session_id"] == "sess-9")
        }
    }
}
