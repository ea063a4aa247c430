import CommerceCore
import CommerceSandbox
import Foundation
import RezolvePartnerServer
import RezolveSDK
import Testing

/// The Rezolve document's samples (Samples/Rezolve*.swift), run from plain classes off the main actor against a
/// sandbox on 127.0.0.1; their callbacks are awaited through the samples' log.
@Suite struct RezolveSeedCodeTests {
    static let deviceId = "7B1C55D2-4A0E-4C3B-8F0D-3E2A9C6B1D42"
    static let credentials = RezolvePartnerCredentials(
        partnerId: "317", apiKey: "5a4d1c2e-0000-4000-8000-000000000317",
        authKey: "commercekit-sandbox-partner-auth-key-0001")
    static let productTrigger = URL(string: "https://rzlv.co/317/12/70/6?ad=20&placement=25")!
    static let categoryTrigger = URL(string: "https://rzlv.co/317/12/70")!

    @Test func triggersDeliverOnTheMainThreadBetweenStartAndEnd() async throws {
        try await withRezolveSandbox { app in
            #expect(!onMainThread())
            let log = RezolveSampleLog()
            var events = log.events.makeAsyncIterator()
            let (sdk, entityId, jwt) = try await app.customer("trigger-user", log: log)

            // The callback forms of createSession, from this thread.
            let login = RezolveLoginScreen(
                apiKey: Self.credentials.apiKey, environment: app.environment, partnerId: "317")
            login.setUpSDK(config: app.config())
            login.logIn(accessToken: jwt, entityId: entityId, log: log)
            #expect(await next(&events) == "session \(entityId)")
            login.logIn(accessToken: jwt, entityId: entityId, userId: "app-user-7", log: log)
            #expect(await next(&events) == "session app-user-7 ana")
            login.logInLegacy(accessToken: jwt, entityId: entityId, log: log)
            #expect(await next(&events) == "session \(entityId)")
            let session = try await login.logIn(accessToken: jwt, entityId: entityId)
            #expect(sdk.partnerId == session.partnerId)

            let screen = RezolveTriggerScreen(log: log)
            screen.open(url: Self.productTrigger, rezolveSession: session)
            #expect(
                await collect(&events, until: "trigger end") == [
                    "trigger start main=true", "trigger product 6 main=true", "trigger end main=true",
                ])
            screen.openTrigger(url: Self.categoryTrigger, rezolveSession: session)
            #expect(
                await collect(&events, until: "trigger end") == [
                    "trigger start main=true", "trigger category 12 70 main=true", "trigger end main=true",
                ])
            screen.openTrigger(url: URL(string: "https://example.com/promo")!, rezolveSession: session)
            let plain = await collect(&events, until: "trigger end")
            #expect(plain.count == 3)
            #expect(plain.first == "trigger start main=true")
            #expect(plain.dropFirst().first?.hasPrefix("trigger error") == true)
            screen.openTriggerWithDelegateOnly(url: Self.productTrigger, rezolveSession: session)
            #expect(await next(&events) == "trigger product 6 main=true")
            // The document's own sample URL: partner 1, merchant 2, category 3, product 8.
            screen.openSampleTrigger(rezolveSession: session)
            #expect(await next(&events) == "trigger product 8 main=true")
        }
    }

    @Test func videoScanReadsATriggerOnceAndReportsOtherCodesOnce() async throws {
        try await withRezolveSandbox { app in
            let log = RezolveSampleLog()
            var events = log.events.makeAsyncIterator()
            let (_, _, session) = try await app.session("scan-user", log: log)
            let source = RezolveTestCodeSource()
            let screen = RezolveScanScreen(scanCameraView: ScanCameraView(codeSource: source), log: log)

            screen.startScanning(rezolveSession: session)
            #expect(source.rectOfInterest == .frame)
            for _ in 0..<3 { source.show(Self.productTrigger.absoluteString) }
            let scanned = await collect(&events, until: "scan finish")
            #expect(scanned == ["scan start main=true", "scan product 6 main=true", "scan finish main=true"])
            for _ in 0..<3 { source.show("WIFI:S:guest;;") }
            let error = await next(&events)
            #expect(error == "scan error main=true The scanned code is not a Rezolve trigger: WIFI:S:guest;;")
            screen.stopScanning(rezolveSession: session)
            #expect(!source.isReporting)

            // Background listening gathers the trigger instead of resolving it; audio cannot start here.
            screen.startBackgroundListening(rezolveSession: session)
            #expect(await next(&events) == "audio scan unavailable")
            source.show(Self.categoryTrigger.absoluteString)
            screen.stopBackgroundListening(rezolveSession: session)
            // The list names the trigger by its canonical URL.
            #expect(
                await collect(&events, until: "heard 1") == ["heard category — http://rzlv.co/317/12/70", "heard 1"])
            screen.stopScanning(rezolveSession: session)
        }
    }

    @Test func nearbyEngagementsFromABackgroundTaskCallTheDelegateOnTheMainThread() async throws {
        try await withRezolveSandbox { app in
            let log = RezolveSampleLog()
            var events = log.events.makeAsyncIterator()
            let base = app.environment.rawValue
            let settings = RezolveActScreen.sspSettings(
                clientId: "sbx-ssp-client", secret: "sbx-ssp-secret-not-a-secret",
                audience: "commercekit-sandbox-audience", endpoint: base)
            let sdk = RezolveActScreen.makeSDK(
                apiKey: Self.credentials.apiKey, partnerId: "317", environment: app.environment, config: app.config(),
                sspActManagerSettings: settings)
            let watcher = RezolveGeofenceWatcher(log: log)
            _ = watcher.makeSspWhenReady(sdk: sdk)
            #expect(await next(&events) == "ssp ready main=true")
            let ssp = try #require(watcher.makeSsp(sdk: sdk))
            let manager = ssp.nearbyEngagementsManager
            let source = ManualLocationSource()
            await MainActor.run {
                manager.locationSource = source
                manager.notificationSink = nil
            }

            watcher.startWatching(ssp: ssp)
            #expect(await next(&events) == "watching main=false")
            #expect(manager.delegate === watcher)
            // Monitoring starts on the main actor after the call returns; a push before it subscribes is lost.
            await source.waitForSubscribers(1)
            source.push(latitude: 40.7580, longitude: -73.9855)
            let started = await collect(&events, until: "didStartMonitoring")
            let line = try #require(started.last)
            #expect(line.hasPrefix("didStartMonitoring main=true regions="))
            #expect(line.hasSuffix("at=40.758,-73.9855 radius=5000"))
            #expect(!line.contains("regions=0"))

            watcher.stopWatching(ssp: ssp)
            _ = await collect(&events, until: "stopped main=false")
            #expect(manager.delegate == nil)
            await source.waitForSubscribers(0)
            #expect(await MainActor.run { !manager.isMonitoring })
        }
    }

    @Test func sspActIsBuiltAnsweredAndSubmittedAndEngagementsResolve() async throws {
        try await withRezolveSandbox { app in
            let log = RezolveSampleLog()
            var events = log.events.makeAsyncIterator()
            let settings = RezolveActScreen.sampleAppSettings(
                apiKey: "sbx-ssp-secret-not-a-secret", clientId: "sbx-ssp-client",
                audience: "commercekit-sandbox-audience", endpoint: app.environment.rawValue)
            let sdk = RezolveActScreen.makeSDK(
                apiKey: Self.credentials.apiKey, partnerId: "317", environment: app.environment, config: app.config(),
                sspActManagerSettings: settings)
            let (entityId, jwt) = try await app.backend.registerAndMintLogin(
                partnerEntityId: "act-user", deviceId: Self.deviceId)
            let session = try await sdk.createSession(accessToken: jwt, entityId: entityId, partnerId: "317")
            let screen = RezolveActScreen(log: log)

            screen.showAct(id: "act-1", rezolveSession: session)
            let shown = await collect(&events, until: "act act-1 information")
            #expect(shown == ["act act-1 elements 7 valid=false", "act act-1 information=false"])
            let act = try await session.sspActManager.getAct(actId: "act-1")
            #expect(
                screen.describe(act: act).suffix(3) == [
                    "question q-email Email", "question q-size T-shirt size", "question q-birthday Birthday",
                ])

            let user = RezolveActUser(
                id: "app-user-7", username: "ana", title: "Ms", firstName: "Ana", lastName: "Rivera",
                email: "ana@example.com", phone: "7875550101")
            let values: [String: Page.Value] = [
                "q-email": .text("ana@example.com"), "q-size": .option(2),
                "q-birthday": .date(Date(timeIntervalSince1970: 0)),
            ]
            screen.answerAct(
                id: "act-1", values: values, user: user, location: RezolveLocation(longitude: -73.98, latitude: 40.75),
                sspActManager: session.sspActManager)
            #expect(await next(&events) == "submitted act-1 answers 3")

            screen.resolve(engagementId: "eng-product-6", location: nil, sspActManager: session.sspActManager)
            let resolved = await next(&events)
            #expect(resolved.hasPrefix("resolved eng-product-6 "))
            #expect(resolved.hasSuffix("link https://rzlv.co/317/12/70/6?ad=20&placement=25"))

            // A detected engagement reaches the scan screen's onSspEngagementResult.
            let scan = RezolveScanScreen(scanCameraView: ScanCameraView(codeSource: RezolveTestCodeSource()), log: log)
            scan.startScanningReportingErrors(rezolveSession: session)
            #expect(await next(&events) == "video scan started")
            await session.getScanManager().handleDetected(
                RezolveDetection(
                    kind: .qrCode, partnerId: 317, merchantId: 12, categoryId: 70, engagementId: "eng-url-1")
            ).value
            let engagement = await collect(&events, until: "scan finish")
            #expect(engagement.count == 4)
            #expect(engagement.dropFirst().first?.hasPrefix("engagement eng-url-1 ") == true)
            #expect(engagement.dropFirst().first?.hasSuffix(" qrCode") == true)
            #expect(engagement.dropFirst(2).first == "open https://example.com/promo")
            scan.stopScanning(rezolveSession: session)
        }
    }

    @Test func deviceProfileFeedsTheRenewalRequest() throws {
        let sdk = RezolveLoginScreen(
            apiKey: Self.credentials.apiKey, environment: .sandbox, partnerId: "317"
        ).setUpSDK(
            config: RezolveConfig(
                deviceIdProvider: FixedDeviceIdProvider("device-123"), store: PersistentStore(inMemory: [:])))
        let profile = sdk.deviceProfile
        #expect(profile.deviceId == "device-123")
        #expect(!profile.make.isEmpty && !profile.osType.isEmpty && !profile.osVersion.isEmpty)
        #expect(profile.locale == Locale.current.identifier)
        #expect(DeviceProfile(deviceId: "device-123") == profile)
        #expect(profile.dictionary["os_type"] == profile.osType)

        let service = RezolveAuthService(
            rezolveSdk: sdk,
            authServer: RezolvePartnerAuthServer(
                minter: RezolveJWTMinter(credentials: Self.credentials), partnerEntityId: "u1", now: { Date() }),
            entityId: "entity-9", partnerId: "317")
        let body = try #require(
            try JSONSerialization.jsonObject(with: service.renewalBody(), options: []) as? [String: String])
        #expect(
            body == [
                "device_id": "device-123", "make": profile.make, "os_type": profile.osType,
                "os_version": profile.osVersion, "locale": profile.locale, "entityId": "entity-9", "partnerId": "317",
            ])
    }

    @Test func expiredTokenIsRenewedWithTheDeviceProfileAndTheAddressBookRetried() async throws {
        try await withRezolveSandbox { app in
            let log = RezolveSampleLog()
            var events = log.events.makeAsyncIterator()
            let (sdk, entityId, session) = try await app.session("renew-user", log: log)
            // The sandbox's clock moves an hour: the session's 30-minute token has expired there.
            try await app.control("/sandbox/rezolve/clock/advance", ["seconds": 3600])
            let authServer = RezolvePartnerAuthServer(
                minter: RezolveJWTMinter(credentials: Self.credentials), partnerEntityId: "renew-user",
                now: { Date().addingTimeInterval(3600) })
            let service = RezolveAuthService(
                rezolveSdk: sdk, authServer: authServer, entityId: entityId, partnerId: "317")
            let screen = RezolveAddressBookScreen(authService: service, log: log)
            screen.attemptToGetAddressBook(session: session, retryOnFail: true)
            #expect(
                await collect(&events, until: "address book") == ["renewing after 401", "address book 0 retried=true"])
        }
    }

    @Test func accountMallAndCheckoutFlowsThroughCompletionHandlers() async throws {
        try await withRezolveSandbox { app in
            let log = RezolveSampleLog()
            var events = log.events.makeAsyncIterator()
            let (_, _, session) = try await app.session("buyer", log: log)
            let account = RezolveAccountScreen(log: log)
            account.editProfile(session: session)
            #expect(await next(&events) == "profile Ana Rivera")
            account.manageFavourites(session: session)
            #expect(await next(&events) == "favourite TX-2 1 deleted=true")

            let records = await withCheckedContinuation { (done: CheckedContinuation<RezolveRecords, Never>) in
                account.managePhonebook(session: session) { phone in
                    RezolveAccountScreen(log: log).manageAddressBook(session: session, phoneId: phone.id) { address in
                        RezolveAccountScreen(log: log).manageWallet(session: session, addressId: address.id ?? "") {
                            card in
                            done.resume(returning: RezolveRecords(phone: phone, address: address, card: card))
                        }
                    }
                }
            }
            #expect(
                await collect(&events, until: "wallet") == [
                    "phonebook Work 1", "addressbook Apt 4 1", "wallet Everyday Visa 1111 1",
                ])

            let mall = RezolveMallScreen(log: log)
            mall.showRootCategory(merchantId: "12", session: session)
            #expect(await next(&events).hasPrefix("root 1 "))
            mall.showCategoryPage(merchantId: "12", categoryId: 70, session: session)
            #expect(await next(&events).hasPrefix("category 70 "))
            mall.showProduct(merchantId: "12", categoryId: 70, productId: 6, session: session)
            #expect(await next(&events).hasPrefix("product 6 "))
            mall.searchProducts(query: "tee", merchantId: nil, session: session)
            #expect(await next(&events).hasPrefix("product search "))
            mall.searchMerchants(session: session)
            #expect(await next(&events).hasPrefix("merchant search "))

            let product = try await session.productManager.getProductDetails(
                merchantId: "12", categoryId: 70, product: Product(id: 6))
            let choices = RezolveBuyerChoices(
                addressId: records.address.id ?? "", phoneId: records.phone.id, paymentCard: records.card,
                cardCVV: "123", userLocation: RezolveLocation(longitude: -73.9855, latitude: 40.7580))
            let checkout = RezolveCheckoutScreen(log: log)
            checkout.buyNow(product: product, merchantId: "12", choices: choices, session: session)
            #expect(await next(&events).hasPrefix("checked out "))
            #expect(await next(&events).hasPrefix("bought "))
            checkout.collectInStore(
                product: product, merchantId: "12", choices: choices, session: session,
                paymentCallback: app.backend.externalPaymentCallback())
            let pickup = await collect(&events, until: "payment")
            #expect(pickup.first?.hasPrefix("pickup ") == true)
            #expect(pickup.last == "payment applied")

            account.showActivity(session: session)
            #expect(await next(&events).hasPrefix("orders "))
            account.clearRecords(session: session, card: records.card, address: records.address, phone: records.phone)
            #expect(await next(&events) == "records deleted=true")
        }
    }
}

/// The phone, address and card one test made, handed from the samples' callbacks.
private struct RezolveRecords: Sendable {
    let phone: Phone
    let address: Address
    let card: PaymentCard
}

/// A code source a test drives by hand: `show(_:)` reports a code's text as a camera would, on every frame.
private final class RezolveTestCodeSource: ScanCodeSource, Sendable {
    private let report = Locked<(@Sendable (String) -> Void)?>(nil)
    private let rect = Locked<RectOfInterest?>(nil)

    var rectOfInterest: RectOfInterest? { rect.get() }
    var isReporting: Bool { report.get() != nil }

    func startReporting(rectOfInterest: RectOfInterest, to report: @escaping @Sendable (String) -> Void)
        throws(RezolveError)
    {
        rect.set(rectOfInterest)
        self.report.set(report)
    }

    func stopReporting() { report.set(nil) }

    func show(_ text: String) { report.get()?(text) }
}

/// The sandbox and the partner server's view of it.
private struct RezolveSandboxApp: Sendable {
    let sandbox: Sandbox
    let environment: RezolveEnv
    var backend: RezolvePartnerBackend {
        RezolvePartnerBackend(credentials: RezolveSeedCodeTests.credentials, environment: environment)
    }

    func config() -> RezolveConfig {
        RezolveConfig(
            sleep: { _ in }, deviceIdProvider: FixedDeviceIdProvider(RezolveSeedCodeTests.deviceId),
            store: PersistentStore(inMemory: [:]))
    }

    /// Registers a customer through the partner server and mints their login JWT; the SDK is the document's.
    func customer(_ partnerEntityId: String, log: RezolveSampleLog) async throws -> (Rezolve, String, String) {
        let (entityId, jwt) = try await backend.registerAndMintLogin(
            partnerEntityId: partnerEntityId, deviceId: RezolveSeedCodeTests.deviceId)
        let sdk = RezolveLoginScreen(
            apiKey: RezolveSeedCodeTests.credentials.apiKey, environment: environment, partnerId: "317"
        ).setUpSDKWithRxp(config: config(), sspSettings: nil)
        return (sdk, entityId, jwt)
    }

    /// A customer with an open session.
    func session(_ partnerEntityId: String, log: RezolveSampleLog) async throws -> (Rezolve, String, RezolveSession) {
        let (sdk, entityId, jwt) = try await customer(partnerEntityId, log: log)
        let session = try await sdk.createSession(accessToken: jwt, entityId: entityId, partnerId: "317")
        return (sdk, entityId, session)
    }

    /// Posts to one of the sandbox's control routes.
    func control(_ path: String, _ body: JSONValue) async throws {
        let url = try #require(URL(string: environment.rawValue + path))
        let response = try await URLSessionTransport().send(
            HTTPRequest(
                method: .post, url: url, headers: ["Content-Type": "application/json"], body: body.serializedData()))
        try #require(response.statusCode < 300)
    }
}

/// Runs `body` against a private sandbox and stops it afterwards, also when `body` throws.
private func withRezolveSandbox(_ body: (RezolveSandboxApp) async throws -> Void) async throws {
    try await Sandbox.withRunning { sandbox in
        let environment = try #require(RezolveEnv(rawValue: sandbox.baseURL.absoluteString))
        try await body(RezolveSandboxApp(sandbox: sandbox, environment: environment))
    }
}

/// The next event the samples logged.
private func next(_ events: inout AsyncStream<String>.Iterator) async -> String {
    await events.next() ?? "<log ended>"
}

/// The events up to and including the first that starts with `prefix`.
private func collect(_ events: inout AsyncStream<String>.Iterator, until prefix: String) async -> [String] {
    var seen: [String] = []
    while let event = await events.next() {
        seen.append(event)
        if event.hasPrefix(prefix) { break }
    }
    return seen
}

private func onMainThread() -> Bool { Thread.isMainThread }
