import CommerceCore
import CommerceTesting
import Foundation
import Testing

@_spi(Testing) @testable import ButtonMerchant

extension ButtonMerchantTests {
    /// Spec §6.6 notifications, through the static facade.
    @Suite struct NotificationTests {
        @Test func sameTokenTwicePostsOnceThenANewTokenPostsAgain() async throws {
            let transport = InMemoryTransport(responses: [mobileOK()])
            ButtonMerchant.resetForTesting(
                store: PersistentStore(), environment: .custom(baseURL: sandboxURL),
                installDate: nil, now: { fixedNow }, timeZone: utc, appInfo: AppInfo(),
                transport: transport)
            ButtonMerchant.configure(applicationId: "app-sandbox")
            let recorder = NotificationRecorder()
            let relevant: Set = ["srctok-123", "srctok-321"]

            let first = try #require(URL(string: "http://usebutton.com/test?btn_ref=srctok-123"))
            ButtonMerchant.trackIncomingURL(first)
            ButtonMerchant.trackIncomingURL(first)
            #expect(recorder.received(among: relevant) == ["srctok-123"])

            ButtonMerchant.trackIncomingURL(try #require(URL(string: "http://usebutton.com/test?btn_ref=srctok-321")))
            #expect(recorder.received(among: relevant) == ["srctok-123", "srctok-321"])
            #expect(ButtonMerchant.attributionToken == "srctok-321")

            // Every call reports its event, token or not.
            await ButtonMerchant.waitForPendingRequests()
            #expect(transport.requests.count == 3)
        }

        @Test func constantsHave1_8_0Values() {
            #expect(
                Notification.Name.Button.AttributionTokenDidChange.rawValue
                    == "com.usebutton.merchant.notification.name.button.AttributionTokenDidChange")
            #expect(Notification.Key.NewToken == "com.usebutton.merchant.notification.key.newToken")
            #expect(
                ButtonMerchant.AttributionTokenDidChangeNotification
                    == Notification.Name.Button.AttributionTokenDidChange)
            #expect(ButtonMerchant.AttributionTokenKey == Notification.Key.NewToken)
        }

        @Test func updatesStreamYieldsTheSameChanges() async throws {
            ButtonMerchant.resetForTesting(
                store: PersistentStore(), environment: .custom(baseURL: sandboxURL),
                installDate: nil, now: { fixedNow }, timeZone: utc, appInfo: AppInfo(),
                transport: InMemoryTransport(responses: [mobileOK()]))
            let stream = ButtonMerchant.attributionTokenUpdates
            let url = try #require(URL(string: "app://open?btn_ref=srctok-s1"))
            ButtonMerchant.trackIncomingURL(url)
            ButtonMerchant.trackIncomingURL(url)
            ButtonMerchant.trackIncomingURL(try #require(URL(string: "app://open?btn_ref=srctok-s2")))
            var received: [String] = []
            for await token in stream {
                received.append(token)
                if received.count == 2 { break }
            }
            #expect(received == ["srctok-s1", "srctok-s2"])
        }
    }
}
