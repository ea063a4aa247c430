import CommerceCore
import CommerceTestSupport
import CommerceTesting
import Foundation
import Testing

@testable import ButtonMerchant

extension ButtonMerchantTests {
    /// Spec §3.3: the attribution token and session survive an app restart because they live in a file-backed
    /// ``PersistentStore``, and the production facade opens exactly that store.
    @Suite struct PersistenceTests {
        @Test func tokenAndSessionSurviveARestart() async throws {
            let directory = TestDirectories.path("ck-button")
            let firstLaunch = Harness(
                store: try PersistentStore(directory: directory, namespace: ButtonStore.namespace),
                transport: InMemoryTransport(responses: [mobileOK(session: "sess-kept")]))
            firstLaunch.core.configure(applicationId: "app-sandbox", environment: nil)
            firstLaunch.core.trackIncomingURL(try #require(URL(string: "https://shop.example/p/1?btn_ref=srctok-kept")))
            _ = await firstLaunch.sentRequests()

            let transport = InMemoryTransport(responses: [mobileOK(session: "sess-kept")])
            let relaunch = Harness(
                store: try PersistentStore(directory: directory, namespace: ButtonStore.namespace),
                transport: transport)
            #expect(relaunch.core.attributionToken == "srctok-kept")
            relaunch.core.configure(applicationId: "app-sandbox", environment: nil)
            relaunch.core.reportEvent("after-restart", properties: nil)
            let sent = await relaunch.sentRequests()
            #expect(try body(sent.last)["session_id"] == "sess-kept")
        }

        @Test func productionStateLivesInTheButtonMerchantFile() throws {
            let store = CoreDependencies.production().store
            #expect(store.fileURL == PersistentStore.defaultDirectory.appendingPathComponent("button-merchant.json"))
        }
    }
}
