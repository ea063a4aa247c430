import CommerceCore
import Foundation
import Testing

@testable import ButtonMerchant

extension ButtonMerchantTests {
    /// Spec §3.2.1 / §6.6 endpoint URLs and request envelope.
    @Suite struct EndpointTests {
        @Test func productionWithAppIdUsesThePerAppHost() async throws {
            let harness = Harness(environment: .production, installDate: fixedNow.addingTimeInterval(-3600))
            harness.core.configure(applicationId: "app-test", environment: nil)
            _ = try await harness.core.handlePostInstallURL()
            try await harness.core.reportOrder(Order(id: "o-1", purchaseDate: fixedNow, lineItems: []))
            harness.core.trackIncomingURL(try #require(URL(string: "app://x")))
            let urls = await harness.sentRequests().map(\.url.absoluteString)
            #expect(
                urls == [
                    "https://app-test.mobileapi.usebutton.com/v1/app/deferred-deeplink",
                    "https://app-test.mobileapi.usebutton.com/v1/app/order",
                    "https://app-test.mobileapi.usebutton.com/v1/app/events",
                ])
        }

        @Test func productionWithoutAppIdUsesTheBareHost() async throws {
            let harness = Harness(environment: .production)
            harness.core.configure(applicationId: "not-an-app-id", environment: nil)
            harness.core.trackIncomingURL(try #require(URL(string: "app://x")))
            let requests = await harness.sentRequests()
            #expect(requests.map(\.url.absoluteString) == ["https://mobileapi.usebutton.com/v1/app/events"])
            #expect(try body(requests.first)["application_id"] == nil)
        }

        @Test(arguments: ["http://127.0.0.1:8080", "http://127.0.0.1:8080/", "http://127.0.0.1:8080//"])
        func customBaseURLGetsExactlyOneSlash(_ base: String) async throws {
            let harness = Harness(environment: .custom(baseURL: try #require(URL(string: base))))
            harness.core.configure(applicationId: "app-sandbox", environment: nil)
            try await harness.core.reportOrder(Order(id: "o-1", purchaseDate: fixedNow, lineItems: []))
            #expect(harness.transport.requests.map(\.url.absoluteString) == ["http://127.0.0.1:8080/v1/app/order"])
        }

        @Test func everyRequestIsAnUnauthenticatedJSONPost() async throws {
            let harness = Harness()
            harness.core.configure(applicationId: "app-sandbox", environment: nil)
            harness.core.reportEvent("e", properties: nil)
            let request = try #require(await harness.sentRequests().first)
            #expect(request.method == .post)
            #expect(request.headers["Content-Type"] == "application/json")
            #expect(request.headers["User-Agent"]?.hasPrefix("com.usebutton.merchant/1.8.0-commercekit+1 (") == true)
            #expect(request.headers["Authorization"] == nil)
            #expect(try body(request)["application_id"] == "app-sandbox")
        }
    }

    /// Spec §3.2.1 / §6.6 User-Agent.
    @Suite struct UserAgentTests {
        @Test func matchesThe1_8_0Vector() {
            let info = AppInfo(
                bundleId: "com.usebutton.app", appVersion: "1.0.1", build: "1", language: "en",
                region: "US", osName: "iOS", osVersion: "11.0", machine: "iPhone10,1", screenScale: 2)
            #expect(
                UserAgent.string(libraryVersion: "0.1.0-test", appInfo: info)
                    == "com.usebutton.merchant/0.1.0-test+1 (iOS 11.0; iPhone10,1; com.usebutton.app/1.0.1+1; Scale/2.00; en-US)"
            )
        }

        @Test func defaultsAndLibraryVersion() {
            let info = AppInfo(osName: "Linux", osVersion: "6.1", machine: "x86_64")
            #expect(
                UserAgent.string(appInfo: info)
                    == "com.usebutton.merchant/1.8.0-commercekit+1 (Linux 6.1; x86_64; unknown/0.0.0+0; Scale/1.00; en-US)"
            )
        }

        @Test func currentDeviceFactsAreFilledIn() {
            let current = AppInfo.current
            #expect(!current.machine.isEmpty)
            #expect(current.region.count == 2)
            #if os(Linux)
            #expect(current.osName == "Linux")
            #expect(current.screenScale == 1)
            #endif
        }
    }

    @Suite struct ApplicationIdTests {
        @Test(arguments: ["app-abc123", "app-A", "app-0123456789abcdef"])
        func valid(_ id: String) { #expect(ApplicationId.isValid(id)) }

        @Test(arguments: ["abc", "app-", "app-abc-def", "App-abc", "app-ab c", "app-é", " app-abc", "app-abc\n"])
        func invalid(_ id: String) { #expect(!ApplicationId.isValid(id)) }
    }
}
