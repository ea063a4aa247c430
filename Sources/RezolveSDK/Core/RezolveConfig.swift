import CommerceCore
import Foundation
import Logging

/// Optional settings of a ``Rezolve`` instance. The seed passes `nil`, which means the defaults of `RezolveConfig()`.
public struct RezolveConfig: Sendable {
    /// How requests reach the network; tests pass an `InMemoryTransport`.
    public var transport: any HTTPTransport
    /// Time limit of each attempt.
    public var timeout: Duration
    /// Retries for GETs and `buy` (§3.10). Other writes are never repeated automatically.
    public var retryPolicy: RetryPolicy
    /// How the client waits between retries; tests pass a closure that returns at once.
    public var sleep: RetryExecutor.Sleep
    /// The value of `x-rezolve-device-id`; it must equal the login JWT's `device_id`.
    public var deviceIdProvider: any DeviceIdProvider
    /// Where the default device id is kept.
    public var store: PersistentStore
    /// "Now", used to recognise an already-expired JWT (the seed's logout).
    public var clock: @Sendable () -> Date
    /// Where the SDK writes its debug diagnostics, such as which paths were called and how they answered.
    public var logger: Logger

    /// Creates a configuration; every argument has a default suited to a shipping app.
    /// - Parameters:
    ///   - transport: Sends the HTTP requests; swap in a test transport to run without a network.
    ///   - timeout: How long one attempt may take.
    ///   - retryPolicy: When failed calls are tried again.
    ///   - sleep: Waits between retries; tests pass one that does not sleep.
    ///   - deviceIdProvider: Supplies `x-rezolve-device-id`; nil picks the platform default.
    ///   - store: Where the default device id is kept.
    ///   - clock: The current time, used to spot an expired login token.
    ///   - logger: Where diagnostics go.
    public init(
        transport: any HTTPTransport = URLSessionTransport(),
        timeout: Duration = .seconds(30),
        retryPolicy: RetryPolicy = .rezolveDefault,
        sleep: @escaping RetryExecutor.Sleep = RezolveConfig.sleepWithJitter,
        deviceIdProvider: (any DeviceIdProvider)? = nil,
        store: PersistentStore = .standard(namespace: "rezolve"),
        clock: @escaping @Sendable () -> Date = { Date() },
        logger: Logger = Logger(label: "CommerceKit.RezolveSDK")
    ) {
        self.transport = transport
        self.timeout = timeout
        self.retryPolicy = retryPolicy
        self.sleep = sleep
        self.store = store
        self.deviceIdProvider = deviceIdProvider ?? Self.defaultDeviceIdProvider(store: store)
        self.clock = clock
        self.logger = logger
    }

    /// Spec §2: `identifierForVendor` where UIKit exists (falling back to a stored UUID while it is `nil`),
    /// a stored UUID elsewhere.
    static func defaultDeviceIdProvider(store: PersistentStore) -> any DeviceIdProvider {
        #if canImport(UIKit) && !os(watchOS)
        VendorDeviceIdProvider(store: store)
        #else
        StoredDeviceIdProvider(store: store)
        #endif
    }

    /// Sleeps for the planned delay plus up to 0.25 s of random extra, as §3.10 asks.
    public static let sleepWithJitter: RetryExecutor.Sleep = { delay in
        try await Task.sleep(for: delay + .milliseconds(Int.random(in: 0...250)))
    }
}

extension RetryPolicy {
    /// Rezolve's policy: up to 2 retries after 0.5 s and 1 s, on a missing response or HTTP 503 only.
    public static let rezolveDefault = RetryPolicy(
        maxAttempts: 3, delays: [.milliseconds(500), .seconds(1)], jitter: 0,
        retryableStatuses: [503], retriesTransportErrors: true,
        retryAfterStatuses: [503], maxRetryAfter: .seconds(5))
}

/// Supplies the device id sent as `x-rezolve-device-id`.
public protocol DeviceIdProvider: Sendable {
    /// The id to send; it must not change while a login token issued for it is in use.
    var deviceId: String { get }
}

/// A device id that never changes; for tests and for apps that manage the id themselves.
public struct FixedDeviceIdProvider: DeviceIdProvider {
    /// The id sent with every call.
    public let deviceId: String
    /// Wraps an id the app already has; it must match the `device_id` in the customer's login token.
    public init(_ deviceId: String) { self.deviceId = deviceId }
}

/// The default where UIKit is missing (and Apple's fallback while `identifierForVendor` is `nil`): a UUID
/// created on first use and kept in the store under `rezolve/device_id`, never rotated.
public struct StoredDeviceIdProvider: DeviceIdProvider {
    static let key = "rezolve/device_id"
    let store: PersistentStore

    /// Keeps the id in `store`, creating it on first use.
    public init(store: PersistentStore) { self.store = store }

    /// The stored id, or a new UUID saved to the store the first time it is asked for.
    public var deviceId: String {
        if let existing = store.string(forKey: Self.key), !existing.isEmpty { return existing }
        var created = UUID().uuidString
        store.mutate { values in
            // Another thread may have won the race; keep its value so every caller sees one id.
            if case .string(let winner)? = values[Self.key], !winner.isEmpty {
                created = winner
            } else {
                values[Self.key] = .string(created)
            }
        }
        return created
    }
}
