import CommerceCore
import Foundation

/// Everything the facade needs from outside: storage, network, clock and device facts. The facade builds
/// the production set lazily; the test seam passes its own.
struct CoreDependencies: Sendable {
    var store: PersistentStore
    var environment: ButtonMerchant.Environment
    var transport: any HTTPTransport
    var installDate: InstallDate
    var now: @Sendable () -> Date
    var timeZone: TimeZone
    var appInfo: AppInfo
    /// The wait between order report attempts; tests record it instead of sleeping.
    var sleep: RetryExecutor.Sleep
    var makeUUID: @Sendable () -> String
    var log: @Sendable (String) -> Void

    static func production() -> CoreDependencies {
        let store = PersistentStore.standard(namespace: ButtonStore.namespace)
        #if canImport(Darwin)
        LegacyDefaultsMigration.run(on: store)
        #endif
        return CoreDependencies(
            store: store, environment: .production, transport: URLSessionTransport(), installDate: .platform,
            now: { Date() }, timeZone: .current, appInfo: .current, sleep: { try await Task.sleep(for: $0) },
            makeUUID: { UUID().uuidString }, log: standardErrorLog)
    }

    static let standardErrorLog: @Sendable (String) -> Void = { message in
        FileHandle.standardError.write(Data((message + "\n").utf8))
    }
}

/// The state behind the static ``ButtonMerchant`` facade.
///
/// A lock-protected class rather than an actor: `attributionToken`, `trackIncomingURL` and the token
/// notification are synchronous in 1.8.0, and callers rely on the token being stored when the call returns.
/// Fire-and-forget requests run one after another in call order on a chain of tasks.
final class ButtonCore: Sendable {
    let store: ButtonStore
    let transport: any HTTPTransport
    let installDate: InstallDate
    let now: @Sendable () -> Date
    let timeZone: TimeZone
    let userAgent: String
    let sleep: RetryExecutor.Sleep
    let makeUUID: @Sendable () -> String
    let log: @Sendable (String) -> Void
    /// What `configure(applicationId:)` uses: production, or whatever the test seam stands in for it.
    let defaultEnvironment: ButtonMerchant.Environment

    private let state: Locked<State>

    private struct State {
        /// Set by the first `configure`, valid id or not; until then mobile requests wait in `pending`.
        var configured = false
        var applicationId: String?
        var environment: ButtonMerchant.Environment
        var pending: [QueuedWork] = []
        /// The last request of the send chain, so the next one starts after it.
        var tail: Task<Void, Never>?
        var subscribers: [UUID: AsyncStream<String>.Continuation] = [:]
        /// Test seam: told each time work is queued in `pending`.
        var onQueued: (@Sendable () -> Void)?
    }

    init(_ dependencies: CoreDependencies) {
        state = Locked(State(environment: dependencies.environment))
        defaultEnvironment = dependencies.environment
        store = ButtonStore(store: dependencies.store)
        transport = dependencies.transport
        installDate = dependencies.installDate
        now = dependencies.now
        timeZone = dependencies.timeZone
        userAgent = UserAgent.string(appInfo: dependencies.appInfo)
        sleep = dependencies.sleep
        makeUUID = dependencies.makeUUID
        log = dependencies.log
    }

    // MARK: Configuration

    var applicationId: String? { state.withLock { $0.applicationId } }

    /// Test seam: `observer` is told each time a request or a post-install fetch starts waiting for `configure`,
    /// so a test knows the work is queued without sleeping.
    func observeQueuedWork(_ observer: @escaping @Sendable () -> Void) { state.withLock { $0.onQueued = observer } }

    var environment: ButtonMerchant.Environment { state.withLock { $0.environment } }

    /// `environment == nil` is `configure(applicationId:)`, which uses production (spec §2.1) even after an
    /// earlier call chose another environment; under the test seam, the seam's environment plays production.
    func configure(applicationId id: String, environment: ButtonMerchant.Environment?) {
        let valid = ApplicationId.isValid(id)
        if !valid {
            log(
                "Button :: \(ButtonMerchantError.invalidApplicationId(id).errorDescription ?? "") "
                    + "Copy the App ID (app-…) from the Button Dashboard.")
        }
        state.withLock { state in
            // An invalid id still counts as configured, so queued requests go out (without an app id).
            state.applicationId = valid ? id : nil
            state.environment = environment ?? defaultEnvironment
            state.configured = true
            let queued = state.pending
            state.pending = []
            for work in queued {
                switch work {
                case .request(let request): schedule(request, in: &state)
                case .postInstallFetch(let continuation): releasePostInstallFetch(continuation, in: &state)
                }
            }
        }
    }

    // MARK: Attribution

    var attributionToken: String? { store.attributionToken }

    func trackIncomingURL(_ url: URL) {
        guard let incoming = IncomingURL(url) else { return }
        for token in incoming.tokens {
            tokenStored(token, replacing: store.exchangeAttributionToken(token))
        }
        let time = now()
        // The event names only the token found in this URL, never the stored one.
        let event = AppEvent(
            name: "btn:deeplink-opened", value: ["url": .string(incoming.filteredURL)],
            sourceToken: incoming.token, time: time, uuid: makeUUID(), source: .button)
        report([event], at: time)
    }

    func handlePostInstallURL() async throws(ButtonMerchantError) -> URL? {
        let outcome: PostInstallOutcome = await withCheckedContinuation { continuation in
            state.withLock { state in
                // A fetch that could never be made is answered at once, configured or not.
                guard mayFetchPostInstall(at: now()) else { return continuation.resume(returning: .skipped) }
                if state.configured {
                    releasePostInstallFetch(continuation, in: &state)
                } else {
                    // Spec §3.2.7: the request waits in memory, in call order, until `configure`.
                    state.pending.append(.postInstallFetch(continuation))
                    state.onQueued?()
                }
            }
        }
        switch outcome {
        case .skipped: return nil
        case .noApplicationId: throw .noApplicationId
        case .answered(let response): return acceptPostInstall(response)
        }
    }

    /// Not fetched yet on this install, and installed less than twelve hours before `time`.
    private func mayFetchPostInstall(at time: Date) -> Bool {
        !store.postInstallFetched
            && InstallDate.isNewInstall(installedAt: installDate.resolve(store: store, now: time), now: time)
    }

    /// Called with the lock held, once configured. The rules are judged again here because a queued fetch
    /// may have waited behind another one, or past the end of the install window.
    private func releasePostInstallFetch(
        _ continuation: CheckedContinuation<PostInstallOutcome, Never>,
        in state: inout State
    ) {
        guard mayFetchPostInstall(at: now()) else { return continuation.resume(returning: .skipped) }
        guard state.applicationId != nil else { return continuation.resume(returning: .noApplicationId) }
        // Set before the request, under the lock: at most one request per install, even if it fails.
        store.setPostInstallFetched()
        schedule(
            PendingRequest(route: .deferredDeeplink, parameters: [:]) { response in
                continuation.resume(returning: .answered(response))
            }, in: &state)
    }

    /// Errors and unexpected bodies are swallowed: the app just gets no link.
    private func acceptPostInstall(_ response: HTTPResponse?) -> URL? {
        guard let response, response.isSuccess, let json = try? JSONValue.parse(response.body),
            case .object(let object)? = json["object"], let action = object["action"]?.stringValue,
            case .object(let attribution)? = object["attribution"]
        else { return nil }
        // An existing attribution wins over the deferred one, and its URL is discarded with it.
        guard store.attributionToken == nil, let token = attribution["btn_ref"]?.stringValue,
            store.storeAttributionTokenIfAbsent(token)
        else { return nil }
        tokenStored(token, replacing: nil)
        return Self.actionURL(action)
    }

    /// A malformed `action` yields nil instead of a crash; its token has been stored by then.
    static func actionURL(_ text: String) -> URL? {
        if #available(macOS 14, iOS 17, *) {
            return URL(string: text, encodingInvalidCharacters: false)
        }
        return URL(string: text)
    }

    private func tokenStored(_ token: String, replacing previous: String?) {
        guard token != previous else { return }
        NotificationCenter.default.post(
            name: Notification.Name.Button.AttributionTokenDidChange, object: nil,
            userInfo: [Notification.Key.NewToken: token])
        let subscribers = state.withLock { Array($0.subscribers.values) }
        for subscriber in subscribers { subscriber.yield(token) }
    }

    func attributionTokenUpdates() -> AsyncStream<String> {
        let (stream, continuation) = AsyncStream.makeStream(of: String.self)
        let id = UUID()
        state.withLock { $0.subscribers[id] = continuation }
        continuation.onTermination = { [weak self] _ in
            self?.state.withLock { _ = $0.subscribers.removeValue(forKey: id) }
        }
        return stream
    }

    func clearAllData() {
        store.clearButtonData()
        let dropped = state.withLock { state in
            defer { state.pending = [] }
            return state.pending
        }
        // Whoever waits on dropped work (a post-install fetch) gets "no response" rather than hanging.
        for work in dropped {
            switch work {
            case .request(let request): request.completion(nil)
            case .postInstallFetch(let continuation): continuation.resume(returning: .skipped)
            }
        }
    }

    // MARK: Events and activity

    func reportEvent(_ name: String, properties: [String: String]?) {
        let time = now()
        let event = AppEvent(
            name: name, value: properties.map { ["extra": .object(stringMap($0))] },
            sourceToken: store.attributionToken, time: time, uuid: makeUUID(), source: .custom)
        report([event], at: time)
    }

    private func report(_ events: [AppEvent], at time: Date) {
        guard let parameters = try? EventBody.parameters(for: events, now: time, timeZone: timeZone) else { return }
        enqueue(PendingRequest(route: .events, parameters: parameters) { _ in })
    }

    func reportActivity(name: String, products: [JSONValue]?) {
        let parameters = ActivityBody.parameters(
            name: name, products: products,
            attributionToken: store.attributionToken)
        enqueue(PendingRequest(route: .activity, parameters: parameters) { _ in })
    }

    // MARK: Orders

    /// Sent at once (never queued) under ``RetryPolicy/buttonMerchantOrders``; only 200 counts as success.
    func reportOrder(_ order: Order) async throws(ButtonMerchantError) {
        let (applicationId, environment) = state.withLock { ($0.applicationId, $0.environment) }
        guard let applicationId else { throw .noApplicationId }
        guard let url = environment.url(for: .order, applicationId: applicationId) else {
            throw .network(statusCode: nil)
        }
        let parameters = OrderBody.parameters(
            for: order, attributionToken: store.attributionToken,
            timeZone: timeZone)
        var request = httpRequest(url: url, body: envelope(parameters, applicationId: applicationId))
        // A repeated order signal is harmless (the server keys it by order id), so POST may be retried.
        request.allowsRetry = true
        let executor = RetryExecutor(policy: .buttonMerchantOrders, sleep: sleep, random: { 0.5 })
        let outcome = await executor.run(request, on: transport)
        switch outcome.result {
        case .success(let response):
            store.applySession(fromResponseBody: response.body)
            guard response.statusCode == 200 else { throw .network(statusCode: response.statusCode) }
        case .failure:
            throw .network(statusCode: nil)
        }
    }

    // MARK: Sending

    /// Queues the request until `configure`, then sends it after every request queued before it.
    private func enqueue(_ request: PendingRequest) {
        state.withLock { state in
            if state.configured {
                schedule(request, in: &state)
            } else {
                state.pending.append(.request(request))
                state.onQueued?()
            }
        }
    }

    /// Called with the lock held.
    private func schedule(_ request: PendingRequest, in state: inout State) {
        let previous = state.tail
        state.tail = Task {
            await previous?.value
            await self.perform(request)
        }
    }

    /// One attempt, no retries. A 2xx carries the session verdict.
    private func perform(_ request: PendingRequest) async {
        let (applicationId, environment) = state.withLock { ($0.applicationId, $0.environment) }
        // The URL is built now, so a request queued before configure goes to the per-app production host.
        guard let url = environment.url(for: request.route, applicationId: applicationId) else {
            request.completion(nil)
            return
        }
        let http = httpRequest(url: url, body: envelope(request.parameters, applicationId: applicationId))
        let response = try? await transport.send(http)
        if let response, response.isSuccess { store.applySession(fromResponseBody: response.body) }
        request.completion(response)
    }

    /// The caller's parameters plus the stored session and the app id, when there are any.
    private func envelope(_ parameters: JSONObject, applicationId: String?) -> JSONValue {
        var body = parameters
        if let sessionId = store.sessionId { body["session_id"] = .string(sessionId) }
        if let applicationId { body["application_id"] = .string(applicationId) }
        return .object(body)
    }

    private func httpRequest(url: URL, body: JSONValue) -> HTTPRequest {
        HTTPRequest(
            method: .post, url: url,
            headers: ["Content-Type": "application/json", "User-Agent": userAgent],
            body: body.serializedData())
    }

    /// Returns once every fire-and-forget request issued so far has finished. For tests.
    func waitUntilIdle() async {
        while let tail = state.withLock({ $0.tail }) {
            await tail.value
            let finished = state.withLock { state in
                guard state.tail == tail else { return false }
                state.tail = nil
                return true
            }
            if finished { return }
        }
    }
}
