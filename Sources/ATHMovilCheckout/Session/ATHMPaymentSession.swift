import CommerceCore
import Foundation

#if canImport(UIKit)
import UIKit
#endif

/// Connects payment requests with the replies the ATH Móvil app sends back to the merchant app.
///
/// Pass every URL the app is opened with to ``url``; URLs that are not ATH Móvil replies are ignored, so
/// no filtering is needed in the app delegate. The session also holds the CommerceKit settings:
/// environment, URL opener, token store and HTTP transport.
public final class ATHMPaymentSession: Sendable {
    /// The session used by requests unless they are given another one.
    public static var shared: ATHMPaymentSession { scopedShared ?? processShared }

    private static let processShared = ATHMPaymentSession()

    /// What ``shared`` answers inside `ATHMPaymentSession.$scopedShared.withValue(session) { … }`, in that task and
    /// the tasks it starts; `nil` everywhere else, where ``shared`` is the one session of the process. Tests that
    /// run code written against ``shared`` give each case a session of its own this way, so they run in parallel
    /// with no lock between them.
    @TaskLocal package static var scopedShared: ATHMPaymentSession?

    /// The App Store listing opened in production when the ATH Móvil app is not installed
    /// (see ``ATHMLinkOpenOptions``).
    public static let appStoreFallbackURL = URL(
        string: "itms://itunes.apple.com/sg/app/ath-movil/id658539297?l=zh&mt=8")

    private struct State {
        var lastURL: URL?
        var environmentName = "production"
        var configuredEnvironment: ATHMEnvironment?
        var opener: any ATHMURLOpening
        var tokens: (any ATHMTokenStoring)?
        var httpTransport: any HTTPTransport
        var retryDelay: Duration = .seconds(1)
        var deviceStore: PersistentStore?
        var pending: PendingPayment?
        var serverCallInFlight = false
        var isWaiting = false
        var armed = false
        var statusCheckObserver: @Sendable () -> Void = {}
    }

    private let state: Locked<State>

    /// Creates a session of its own (most apps use ``shared``). Tests give each case its own session so
    /// they can run in parallel.
    public init(
        urlOpener: (any ATHMURLOpening)? = nil, tokenStore: (any ATHMTokenStoring)? = nil,
        transport: any HTTPTransport = URLSessionTransport()
    ) {
        self.state = Locked(
            State(opener: urlOpener ?? Self.defaultOpener(), tokens: tokenStore, httpTransport: transport))
        #if canImport(UIKit)
        // UIKit's name for didBecomeActiveNotification, spelled out so a nonisolated init can use it.
        NotificationCenter.default.addObserver(
            forName: Notification.Name("UIApplicationDidBecomeActiveNotification"),
            object: nil, queue: nil
        ) { [weak self] _ in self?.applicationDidBecomeActive() }
        #endif
    }

    // MARK: Reply hand-back

    /// The last URL given to the session. Setting it processes the URL when it carries an ATH Móvil reply
    /// for a waiting payment, and ignores it otherwise. Safe from any thread.
    public var url: URL? {
        get { state[\.lastURL] }
        set {
            state[\.lastURL] = newValue
            if let newValue { _ = handle(url: newValue) }
        }
    }

    /// Processes `url` like the ``url`` setter and tells whether it was an ATH Móvil reply for a waiting payment.
    @discardableResult
    public func handle(url: URL) -> Bool {
        guard let text = Self.paymentData(in: url) else { return false }
        guard let taken = takePending() else { return false }
        Task { await self.process(reply: text, for: taken) }
        return true
    }

    /// The value of `athm_payment_data`, decoded by `URLComponents` (which leaves `+` as a plus).
    static func paymentData(in url: URL) -> String? {
        URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems?
            .first { $0.name == "athm_payment_data" && $0.value != nil }?.value
    }

    /// Tells the session the app came back to the foreground. A legacy payment that got no reply is then
    /// looked up with the status service. UIKit apps need not call this: the session observes the
    /// notification itself.
    public func applicationDidBecomeActive() {
        let candidate: PendingPayment? = state.withLock { state in
            guard state.armed, !state.isWaiting, let current = state.pending else { return nil }
            state.armed = false
            return current
        }
        guard let candidate else { return }
        // A secure payment with its token stored waits for the reply URL, as the published SDK does.
        if candidate.attempt.kind == .secure, tokenStore.read() != nil { return }
        state[\.isWaiting] = true
        Task { await self.checkStatus(of: candidate) }
    }

    // MARK: Settings

    /// The historical environment name: `"production"` (default) or `"sandbox"`; anything else is production.
    /// ``configure(environment:)`` takes precedence.
    public var enviroment: String {
        get { state[\.environmentName] }
        set { state[\.environmentName] = newValue }
    }

    /// Chooses the back end, for example `.sandbox(baseURL: URL(string: "http://127.0.0.1:8080")!)`.
    public func configure(environment: ATHMEnvironment) {
        state[\.configuredEnvironment] = environment
    }

    /// The back end in use.
    public var environment: ATHMEnvironment {
        state.withLock { $0.configuredEnvironment ?? ATHMEnvironment(name: $0.environmentName) }
    }

    /// Opens the ATH Móvil link: UIKit on iOS, ``ATHMUnavailableURLOpener`` elsewhere unless replaced
    /// (for example by ``ATHMSandboxAppURLOpener``).
    public var urlOpener: any ATHMURLOpening {
        get { state[\.opener] }
        set { state[\.opener] = newValue }
    }

    /// Keeps the `auth_token` of the secure payment in progress: the Keychain on Apple platforms,
    /// a CommerceCore `PersistentStore` file elsewhere.
    public var tokenStore: any ATHMTokenStoring {
        get {
            state.withLock { state in
                if let tokens = state.tokens { return tokens }
                let made = Self.defaultTokenStore()
                state.tokens = made
                return made
            }
        }
        set { state[\.tokens] = newValue }
    }

    /// How the session reaches the payment service.
    public var transport: any HTTPTransport {
        get { state[\.httpTransport] }
        set { state[\.httpTransport] = newValue }
    }

    /// The wait before the single retry of a failed authorization (1 second, as the SDK does).
    public var authorizationRetryDelay: Duration {
        get { state[\.retryDelay] }
        set { state[\.retryDelay] = newValue }
    }

    /// Called after each status lookup has been applied or dropped, so tests await it rather than yield.
    package func observeStatusChecks(_ observer: @escaping @Sendable () -> Void) {
        state[\.statusCheckObserver] = observer
    }

    /// Where the generated device id is kept off iOS (key `athm_checkout/deviceID`).
    public var deviceIdentifierStore: PersistentStore {
        get {
            state.withLock { state in
                if let deviceStore = state.deviceStore { return deviceStore }
                let made = PersistentStore.standard(namespace: "athm_checkout")
                state.deviceStore = made
                return made
            }
        }
        set { state[\.deviceStore] = newValue }
    }

    // MARK: Flow

    /// Runs one payment attempt to its outcome: validate, register (secure), open the app, wait for the reply.
    func run(_ attempt: PaymentAttempt) async -> PaymentOutcome {
        if let error = PaymentValidator.validate(
            account: attempt.account, scheme: attempt.scheme,
            payment: attempt.payment, timeout: attempt.timeout)
        {
            return .exception(error)
        }
        let environment = self.environment
        let link: URL
        switch attempt.kind {
        case .secure:
            let body = RequestEncoding.paymentBody(
                account: attempt.account, payment: attempt.payment,
                timeout: attempt.timeout, environment: environment)
            guard RequestEncoding.isEncodable(body) else {
                return .exception(ATHMPaymentError(code: .invalidCharacters))
            }
            guard beginServerCall() else { return .exception(ATHMPaymentError(code: .paymentInProgress)) }
            let registration = await serviceClient().register(body: body)
            endServerCall()
            let registered: PaymentServiceClient.Registration
            switch registration {
            case .success(let value): registered = value
            case .failure(let error): return .exception(error)
            }
            do { try tokenStore.save(registered.authToken) } catch {
                return .exception(ATHMPaymentError(code: .decoding, serverMessage: String(describing: error)))
            }
            let data = RequestEncoding.secureLinkData(
                ecommerceId: registered.ecommerceId, account: attempt.account,
                scheme: attempt.scheme, payment: attempt.payment,
                timeout: attempt.timeout)
            guard let url = RequestEncoding.link(base: environment.appLinkBaseURL, path: "mobileSecure", data: data)
            else {
                return .exception(ATHMPaymentError(code: .invalidCharacters))
            }
            link = url
        case .legacy:
            let data = RequestEncoding.legacyLinkData(
                traceId: attempt.traceId, account: attempt.account,
                scheme: attempt.scheme, payment: attempt.payment,
                timeout: attempt.timeout)
            let path = attempt.account.isSimulatedToken ? "mobileDummy" : "mobile"
            guard RequestEncoding.isEncodable(data),
                let url = RequestEncoding.link(base: environment.appLinkBaseURL, path: path, data: data)
            else {
                return .exception(ATHMPaymentError(code: .invalidCharacters))
            }
            link = url
        }

        // Registered before the app opens, so a reply can never arrive before the session expects it.
        let waiting = PendingPayment(attempt: attempt)
        replacePending(with: waiting)
        let options = ATHMLinkOpenOptions(environment: environment)
        let opened = await urlOpener.open(
            link, fallback: options.fallback, universalLinksOnly: options.universalLinksOnly)
        if !opened, remove(waiting) {
            return .exception(ATHMPaymentError(code: .openFailed))
        }
        return await withTaskCancellationHandler {
            await waiting.result()
        } onCancel: {
            if self.remove(waiting) { waiting.finish(.exception(ATHMPaymentError(code: .cancelled))) }
        }
    }

    private func process(reply text: String, for payment: PendingPayment) async {
        guard payment.attempt.kind == .secure, let token = tokenStore.read() else {
            payment.finish(Self.outcome(decoding: text))
            return
        }
        let decoded: ReplyDecoder.Decoded
        switch ReplyDecoder.decode(text) {
        case .success(let value): decoded = value
        case .failure(let failure):
            tokenStore.delete()
            let error: ATHMPaymentError =
                switch failure {
                case .invalidField(let fieldError): fieldError
                case .unreadable: ATHMPaymentError(code: .decoding)
                }
            let response = payment.cancelledResponse(customer: ReplyDecoder.customer(inUnreadable: text), error: error)
            payment.finish(.finished(response, raw: nil))
            return
        }
        let response = decoded.response
        guard response.status.status == .completed else {
            payment.finish(.finished(response, raw: decoded.raw))
            tokenStore.delete()
            return
        }
        switch await serviceClient().authorize(token: token) {
        case .success(let authorization):
            tokenStore.delete()
            response.status.referenceNumber = authorization.referenceNumber
            response.status.dailyTransactionID = authorization.dailyTransactionID
            response.payment.fee = NSNumber(value: authorization.fee)
            response.payment.netAmount = NSNumber(value: authorization.netAmount)
        case .failure(let error):
            // The token stays so the merchant can still look the payment up.
            response.status.status = .failed
            response.error = error
        }
        payment.finish(.finished(response, raw: nil))
    }

    private func checkStatus(of payment: PendingPayment) async {
        defer { state[\.statusCheckObserver]() }
        let result = await serviceClient().legacyStatus(
            publicToken: payment.attempt.account.token,
            paymentID: payment.attempt.traceId.uuidString.uppercased())
        let stillOurs: Bool = state.withLock { state in
            state.isWaiting = false
            guard state.pending === payment else { return false }
            state.pending = nil
            return true
        }
        // A reply URL that arrived meanwhile has already delivered the outcome.
        guard stillOurs else { return }
        switch result {
        case .failure(let error):
            payment.finish(.exception(error))
        case .success(let body):
            switch ReplyDecoder.decode(String(decoding: body, as: UTF8.self)) {
            case .success(let decoded): payment.finish(.finished(decoded.response, raw: decoded.raw))
            case .failure:
                payment.finish(.finished(payment.cancelledResponse(error: ATHMPaymentError(code: .decoding)), raw: nil))
            }
        }
    }

    static func outcome(decoding text: String) -> PaymentOutcome {
        switch ReplyDecoder.decode(text) {
        case .success(let decoded): .finished(decoded.response, raw: decoded.raw)
        case .failure(.invalidField(let error)): .exception(error)
        case .failure(.unreadable): .exception(ATHMPaymentError(code: .decoding))
        }
    }

    // MARK: Pending payment bookkeeping

    private func replacePending(with payment: PendingPayment) {
        let replaced: PendingPayment? = state.withLock { state in
            let old = state.pending
            state.pending = payment
            state.armed = true
            return old
        }
        // The older request gets an answer too, so no caller waits forever.
        if let replaced {
            replaced.finish(.finished(replaced.cancelledResponse(error: ATHMPaymentError(code: .cancelled)), raw: nil))
        }
    }

    private func takePending() -> PendingPayment? {
        state.withLock { state in
            let taken = state.pending
            state.pending = nil
            state.armed = false
            return taken
        }
    }

    /// Removes `payment` if it is still the waiting one; tells whether it was.
    private func remove(_ payment: PendingPayment) -> Bool {
        state.withLock { state in
            guard state.pending === payment else { return false }
            state.pending = nil
            state.armed = false
            return true
        }
    }

    private func beginServerCall() -> Bool {
        state.withLock { state in
            guard !state.serverCallInFlight else { return false }
            state.serverCallInFlight = true
            return true
        }
    }

    private func endServerCall() {
        state[\.serverCallInFlight] = false
    }

    /// Ends the payment waiting for its reply, if any, with `error`, for openers that know why the hand-off
    /// failed (``ATHMSandboxAppURLOpener``).
    func failPendingPayment(with error: ATHMPaymentError) {
        takePending()?.finish(.exception(error))
    }

    /// Whether a payment is waiting for its reply.
    public var hasPendingPayment: Bool { state.withLock { $0.pending != nil } }

    // MARK: Plumbing

    private func serviceClient() async -> PaymentServiceClient {
        PaymentServiceClient(
            environment: environment, transport: transport,
            headers: DeviceHeaders.make(deviceID: await deviceIdentifier()),
            authorizationRetryDelay: authorizationRetryDelay,
            sleep: { try await Task.sleep(for: $0) })
    }

    private func deviceIdentifier() async -> String {
        #if canImport(UIKit)
        if let vendorID = await MainActor.run(body: { UIDevice.current.identifierForVendor?.uuidString }) {
            return vendorID
        }
        #endif
        let store = deviceIdentifierStore
        if let known = store.string(forKey: "athm_checkout/deviceID") { return known }
        let made = UUID().uuidString
        store.set(made, forKey: "athm_checkout/deviceID")
        return made
    }

    private static func defaultOpener() -> any ATHMURLOpening {
        #if canImport(UIKit)
        ATHMSystemURLOpener()
        #else
        ATHMUnavailableURLOpener()
        #endif
    }

    private static func defaultTokenStore() -> any ATHMTokenStoring {
        #if canImport(Security) && canImport(Darwin)
        ATHMKeychainTokenStore()
        #else
        ATHMPersistentTokenStore()
        #endif
    }
}
