import CommerceCore
import CommerceTesting
import Foundation

@testable import RezolveSDK

/// A `Rezolve` with SSP settings over an `InMemoryTransport` whose OAuth proxy hands out numbered bearers
/// (`bearer-1`, `bearer-2` …) valid for one hour from a clock the test moves.
final class SspFixture: Sendable {
    static let settings = SspActManagerSettings(
        auth0ClientId: "client", auth0Secret: "secret", auth0Audience: "audience",
        auth0Endpoint: "http://oauth.test/", sspEndpoint: "http://ssp.test",
        sspWidth: "800", baiduLocationKey: nil)

    let now = Locked(Fixture.now)
    let issued = Locked(0)
    let transport: InMemoryTransport

    /// `handler` answers every request that is not the OAuth proxy.
    init(_ handler: @escaping @Sendable (HTTPRequest) async throws -> HTTPResponse) {
        let issued = self.issued
        let now = self.now
        transport = InMemoryTransport { request in
            if request.url.path == "/v1/OAuthProxy/token" {
                let count = issued.withLock { value -> Int in
                    value += 1
                    return value
                }
                let expiry = ISO8601.format(now.get().addingTimeInterval(3600))
                return .json(200, #"{"bearerToken":"bearer-\#(count)","expirationUtc":"\#(expiry)"}"#)
            }
            return try await handler(request)
        }
    }

    func rezolve(settings: SspActManagerSettings? = SspFixture.settings) -> Rezolve {
        let config = RezolveConfig(
            transport: transport, sleep: { _ in }, deviceIdProvider: FixedDeviceIdProvider(Fixture.deviceId),
            store: PersistentStore(inMemory: [:]), clock: { [now] in now.get() })
        return Rezolve(
            apiKey: "api-key-36-characters-long-000000000", partnerId: Fixture.partnerId, subPartnerId: nil,
            environment: RezolveEnv(rawValue: "http://127.0.0.1:8080")!, config: config,
            sspActManagerSettings: settings, coordinatesConverter: .default)
    }

    /// The non-OAuth requests sent so far.
    var serviceRequests: [HTTPRequest] { transport.requests.filter { $0.url.path != "/v1/OAuthProxy/token" } }
}
