import ButtonOrders
import CommerceCore
import Foundation
import Testing

@testable import ButtonMerchant

/// Shared set-up for the Button acceptance journeys (spec button.md §7).
///
/// The journeys drive their own `ButtonCore` instead of the static facade: the facade is process-wide
/// state, and Swift Testing runs suites of every target in parallel in one process.
extension SandboxHarness {
    func merchantCore(
        store: PersistentStore = PersistentStore(), installedAgo: TimeInterval?,
        bundleId: String = "com.example.shop", now: @escaping @Sendable () -> Date = { Date() },
        transport: any HTTPTransport = URLSessionTransport()
    ) -> ButtonCore {
        ButtonCore(
            CoreDependencies(
                store: store, environment: .custom(baseURL: baseURL), transport: transport,
                installDate: .fixed(installedAgo.map { now().addingTimeInterval(-$0) }), now: now,
                timeZone: TimeZone(identifier: "UTC") ?? .current, appInfo: AppInfo(bundleId: bundleId),
                sleep: { try await Task.sleep(for: $0) }, makeUUID: { UUID().uuidString }, log: { _ in }))
    }

    func ordersClient(
        apiKey: String = "sk-sandbox", validatesLocally: Bool = true,
        timeout: Duration = .seconds(10)
    ) throws -> ButtonClient {
        var configuration = ButtonClient.Configuration.sandbox(baseURL)
        configuration.validatesLocally = validatesLocally
        configuration.timeout = timeout
        // The default schedule (250/500 ms) is unit-tested; journeys only need the same shape, faster.
        configuration.retryPolicy = RetryPolicy(
            maxAttempts: 3, delays: [.milliseconds(20), .milliseconds(40)],
            retryableStatuses: RetryPolicy.buttonOrdersDefault.retryableStatuses)
        return try ButtonClient(apiKey: apiKey, configuration: configuration)
    }

    /// `objects` of a control route that lists things.
    func objects(_ path: String) async throws -> [JSONValue] {
        let (status, body) = try await call(.get, path)
        #expect(status == 200, "GET \(path)")
        return body["objects"]?.arrayValue ?? []
    }

    /// The request log entries under a path prefix, oldest first.
    func loggedRequests(_ pathPrefix: String) async throws -> [JSONValue] {
        try await objects("/sandbox/button/requests?path=" + pathPrefix)
    }

    func freezeClock(at instant: String) async throws {
        let (status, _) = try await call(
            .post, "/sandbox/button/clock", json: ["now": .string(instant), "frozen": true])
        #expect(status == 200)
    }
}

func date(_ text: String) throws -> Date { try #require(ISO8601.parse(text)) }

/// Counts the attribution-token notifications that carry one particular token.
// @unchecked: `observer` (not Sendable) is only touched by init and deinit; the count is behind a `Locked`.
final class TokenNotificationCounter: @unchecked Sendable {
    private let seen: Locked<Int>
    private let observer: NSObjectProtocol

    init(token: String) {
        let seen = Locked(0)
        self.seen = seen
        observer = NotificationCenter.default.addObserver(
            forName: Notification.Name.Button.AttributionTokenDidChange, object: nil, queue: nil
        ) { note in
            guard note.userInfo?[Notification.Key.NewToken] as? String == token else { return }
            seen.withLock { $0 += 1 }
        }
    }

    var count: Int { seen.current }

    deinit { NotificationCenter.default.removeObserver(observer) }
}
