import Buy
import CommerceCore
import CommerceTestSupport
import Foundation
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Spec §3.1: Storefront requests never send or store cookies, also when the app's `URLSession` would.
@Suite struct StorefrontCookieJourneyTests {
    private static let shopBody = #"{"data":{"shop":{"name":"Probe"}}}"#

    /// What a plain cookie-handling session does against the probe, so the other tests show a difference.
    private static func plainGet(_ session: URLSession, _ url: URL) async throws {
        _ = try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, Error>) in
            session.dataTask(with: URLRequest(url: url)) { _, _, error in
                if let error { continuation.resume(throwing: error) } else { continuation.resume() }
            }.resume()
        }
    }

    @Test func plainSessionSendsTheProbeCookieBack() async throws {
        let probe = try CookieProbeServer(responseBody: Self.shopBody)
        defer { probe.stop() }
        let session = URLSession(configuration: .default)
        try await Self.plainGet(session, probe.baseURL.appendingPathComponent("a"))
        try await Self.plainGet(session, probe.baseURL.appendingPathComponent("b"))
        #expect(probe.ownCookieValues == [nil, "1"])
    }

    @Test func defaultClientNeitherStoresNorSendsCookies() async throws {
        let probe = try CookieProbeServer(responseBody: Self.shopBody)
        defer { probe.stop() }
        let client = Graph.Client(
            shopDomain: "probe.myshopify.com", apiKey: "tok", environment: .custom(baseURL: probe.baseURL),
            cacheDirectory: TestDirectories.path("CookieE2E"))
        for _ in 0..<2 {
            let shop = try await client.query(Storefront.buildQuery { $0.shop { $0.name() } }).shop
            #expect(shop.name == "Probe")
        }
        #expect(probe.cookieHeaders == [nil, nil])
    }

    /// Every module's default transport wraps `URLSession.shared`: no cookies, and one shared session for all.
    @Test func defaultTransportSendsNoCookiesAndSharesOneSession() async throws {
        let probe = try CookieProbeServer(responseBody: Self.shopBody)
        defer { probe.stop() }
        for path in ["a", "b"] {
            _ = try await URLSessionTransport().send(
                HTTPRequest(method: .get, url: probe.baseURL.appendingPathComponent(path)))
        }
        #expect(probe.cookieHeaders == [nil, nil])
        #expect(URLSessionTransport().session === URLSessionTransport().session)
    }

    @Test func cookieHandlingSessionIsOverriddenPerRequest() async throws {
        let probe = try CookieProbeServer(responseBody: Self.shopBody)
        defer { probe.stop() }
        // The app's session handles cookies and already holds the probe's first cookie.
        let session = URLSession(configuration: .default)
        try await Self.plainGet(session, probe.baseURL.appendingPathComponent("prime"))
        let client = Graph.Client(
            shopDomain: "probe.myshopify.com", apiKey: "tok", environment: .custom(baseURL: probe.baseURL),
            transport: URLSessionTransport(session: session),
            cacheDirectory: TestDirectories.path("CookieE2E"))
        for _ in 0..<2 {
            _ = try await client.query(Storefront.buildQuery { $0.shop { $0.name() } })
        }
        // Nothing sent by the client, and the cookies it was given (values 2 and 3) were not stored.
        try await Self.plainGet(session, probe.baseURL.appendingPathComponent("check"))
        #expect(probe.cookieHeaders.count == 4)
        #expect(probe.cookieHeaders.dropFirst().prefix(2).allSatisfy { $0 == nil })
        #expect(probe.ownCookieValues.last == "1")
    }
}
