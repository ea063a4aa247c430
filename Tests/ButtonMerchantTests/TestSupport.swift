import CommerceCore
import CommerceTesting
import Foundation
import Testing

@_spi(Testing) @testable import ButtonMerchant

/// Every ButtonMerchant test runs inside this suite, one at a time: the facade is global state and the
/// token notification goes through the process-wide `NotificationCenter.default`.
@Suite(.serialized) struct ButtonMerchantTests {}

/// The instant most vectors use: 2025-01-15T12:00:00Z.
let fixedNow = Date(timeIntervalSince1970: 1_736_942_400)
let utc = TimeZone(identifier: "UTC") ?? TimeZone(secondsFromGMT: 0) ?? .current

/// A mobile API success with the given session verdict (`nil` leaves `session_id` out).
func mobileOK(session: JSONValue? = "sess-1", object: JSONValue = .null) -> HTTPResponse {
    var meta: JSONObject = ["status": "ok"]
    if let session { meta["session_id"] = session }
    return .json(200, JSONValue.object(["meta": .object(meta), "object": object]).serialized())
}

/// The parsed JSON body of a recorded request.
func body(_ request: HTTPRequest?) throws -> JSONValue {
    let request = try #require(request)
    return try JSONValue.parse(request.body ?? Data())
}

/// A core with in-memory store and transport, clock fixed at ``fixedNow`` and UTC.
struct Harness {
    let core: ButtonCore
    let transport: InMemoryTransport
    let store: PersistentStore
    /// Moves only when the core sleeps between retries, so attempt start times are exact.
    let clock: TestClock

    init(
        environment: ButtonMerchant.Environment = .custom(baseURL: sandboxURL),
        installDate: Date? = nil, now: Date = fixedNow, timeZone: TimeZone = utc,
        store: PersistentStore = PersistentStore(),
        transport: InMemoryTransport = InMemoryTransport(responses: [mobileOK()]),
        clock: TestClock = TestClock()
    ) {
        self.clock = clock
        self.transport = transport
        self.store = store
        core = ButtonCore(
            CoreDependencies(
                store: store, environment: environment, transport: transport, installDate: .fixed(installDate),
                now: { now }, timeZone: timeZone, appInfo: AppInfo(), sleep: clock.sleep,
                makeUUID: { UUID().uuidString }, log: { _ in }))
    }

    /// Requests sent so far, after every queued fire-and-forget request has finished.
    func sentRequests() async -> [HTTPRequest] {
        await core.waitUntilIdle()
        return transport.requests
    }
}

/// A sandbox-like base URL for tests that do not care about hosts.
let sandboxURL = URL(string: "http://127.0.0.1:8080") ?? URL(fileURLWithPath: "/")

/// Collects the attribution notifications posted while it is alive.
// @unchecked: `observer` (not Sendable) is only touched by init and deinit; `tokens` is a `Locked`.
final class NotificationRecorder: @unchecked Sendable {
    private let tokens = Locked<[String]>([])
    private var observer: NSObjectProtocol?

    init() {
        observer = NotificationCenter.default.addObserver(
            forName: Notification.Name.Button.AttributionTokenDidChange, object: nil, queue: nil
        ) { [tokens] notification in
            let token = notification.userInfo?[Notification.Key.NewToken] as? String ?? "<missing>"
            tokens.withLock { $0.append(token) }
        }
    }

    /// Tokens received, limited to `relevant` so notifications from unrelated code cannot interfere.
    func received(among relevant: Set<String>) -> [String] {
        tokens.current.filter { relevant.contains($0) }
    }

    deinit {
        if let observer { NotificationCenter.default.removeObserver(observer) }
    }
}
