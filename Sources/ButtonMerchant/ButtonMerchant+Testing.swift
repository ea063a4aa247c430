import CommerceCore
import Foundation

extension ButtonMerchant {
    /// Test seam: replaces the running state with a fresh, unconfigured one built from these values, so
    /// tests can drive the static API against their own store, clock, time zone, device facts and network.
    ///
    /// - Parameters:
    ///   - installDate: the install timestamp for the deferred deep link window; `nil` means unknown.
    ///   - transport: where requests go, e.g. an `InMemoryTransport`.
    ///   - sleep: the wait between order report attempts; record the durations instead of sleeping.
    @_spi(Testing)
    public static func resetForTesting(
        store: PersistentStore = PersistentStore(),
        environment: Environment = .production,
        installDate: Date? = nil,
        now: @escaping @Sendable () -> Date = { Date() },
        timeZone: TimeZone = .current,
        appInfo: AppInfo = AppInfo(),
        transport: any HTTPTransport = URLSessionTransport(),
        sleep: @escaping RetryExecutor.Sleep = { try await Task.sleep(for: $0) }
    ) {
        let dependencies = CoreDependencies(
            store: store, environment: environment, transport: transport, installDate: .fixed(installDate),
            now: now, timeZone: timeZone, appInfo: appInfo, sleep: sleep,
            makeUUID: { UUID().uuidString }, log: CoreDependencies.standardErrorLog)
        CoreHolder.shared.replace(with: ButtonCore(dependencies))
    }

    /// Test seam: returns once every event, activity and deferred deep link request issued so far has
    /// been answered. Order reports are awaited by their own callers.
    @_spi(Testing)
    public static func waitForPendingRequests() async {
        await core.waitUntilIdle()
    }
}
