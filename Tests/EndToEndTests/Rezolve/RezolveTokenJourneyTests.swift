import CommerceCore
import CommerceTesting
import Foundation
import RezolvePartnerServer
import Testing

@testable import RezolveSDK

/// A partner server stand-in that counts how often the SDK asks it for a token.
private final class CountingRenewer: RezolveTokenRenewing, Sendable {
    private let state = Locked<(calls: Int, gate: TestSignal?)>((0, nil))
    private let mint: @Sendable (Int) -> String

    init(mint: @escaping @Sendable (Int) -> String) { self.mint = mint }

    var count: Int { state[\.calls] }

    /// Renewals from now on wait until `gate` fires, so concurrent callers pile up behind the one in flight.
    func hold(until gate: TestSignal) { state[\.gate] = gate }

    func renewAccessToken(for session: RezolveSession) async throws -> String {
        let (call, gate) = state.withLock { state in
            state.calls += 1
            return (state.calls, state.gate)
        }
        try await gate?.wait()
        return mint(call)
    }
}

/// J4 of spec §7: token expiry, renewal, masked refusals and logout.
@Suite struct RezolveTokenJourneyTests {
    /// Envelope code of the first error, whether sent as a string or a number.
    private static func code(_ body: JSONValue?) -> String? {
        let code = body?["errors"]?[0]?["code"]
        return code?.stringValue ?? code?.integerValue.map { String($0) }
    }

    @Test func expiryRenewalMaskingAndLogout() async throws {
        try await SandboxHarness.with { sandbox async throws in
            let journey = try await RezolveJourney.start(sandbox)
            let (sdk, customer, session) = try await journey.customerSession()
            let minter = journey.minter
            let addressbook =
                "/api/v1/partner/\(journey.credentials.partnerId)/customer/\(customer.entityId)/addressbook"

            // 1. The 30-minute token runs out on the sandbox's clock.
            #expect(
                try await sandbox.call(.post, "/sandbox/rezolve/clock/advance", json: ["seconds": 1801]).status == 200)

            // 2. One 401 (code 8), one renewal, one repeat. Renewal n is valid for n × 10 000 s of wall time.
            let renewer = CountingRenewer { call in
                minter.loginToken(
                    entityId: customer.entityId, partnerEntityId: "user-42", deviceId: RezolveJourney.deviceId,
                    expiresAt: Date().addingTimeInterval(Double(call) * 10_000))
            }
            sdk.tokenRenewer = renewer
            #expect(try await session.addressbookManager.getAll().isEmpty)
            #expect(journey.transport.outcomes(addressbook) == [.status(401), .status(200)])
            #expect(Self.code(journey.transport.answers(to: addressbook).first) == "8")
            #expect(renewer.count == 1)

            // Three calls failing together with the same stale token share one renewal.
            #expect(
                try await sandbox.call(.post, "/sandbox/rezolve/clock/advance", json: ["seconds": 10_000]).status == 200
            )
            // The renewal is held until all three callers wait for one (the SDK's test seam tells), so they
            // certainly fail together; without single flight each would have started a renewal of its own.
            let release = TestSignal()
            let waiting = TestSignal()
            renewer.hold(until: release)
            session.core.auth.observeRenewalWaits { waiting.fire() }
            let opened = Task {
                try await waiting.wait(for: 3)
                release.fire()
            }
            async let a = session.addressbookManager.getAll()
            async let b = session.addressbookManager.getAll()
            async let c = session.addressbookManager.getAll()
            let lists = try await [a, b, c]
            try await opened.value
            #expect(lists.map(\.count) == [0, 0, 0])
            #expect(renewer.count == 2)

            // 3. A renewer whose token is already expired: one repeat, then `.expiredToken`.
            #expect(
                try await sandbox.call(.post, "/sandbox/rezolve/clock/advance", json: ["seconds": 20_000]).status == 200
            )
            let stale = CountingRenewer { _ in
                minter.loginToken(
                    entityId: customer.entityId, partnerEntityId: "user-42", deviceId: RezolveJourney.deviceId,
                    expiresAt: Date().addingTimeInterval(-60))
            }
            sdk.tokenRenewer = stale
            let before = journey.transport.count(addressbook)
            let expired = await #expect(throws: RezolveError.self) { _ = try await session.addressbookManager.getAll() }
            guard case .expiredToken? = expired else {
                Issue.record("expected .expiredToken, got \(String(describing: expired))")
                return
            }
            #expect(journey.transport.count(addressbook) == before + 2)
            #expect(stale.count == 1)

            // 4. The seed's legacy callback without a renewer sees HTTP 401.
            sdk.tokenRenewer = nil
            let legacyStatus: Int = await withCheckedContinuation { continuation in
                session.addressbookManager.getAll(
                    callback: { _ in continuation.resume(returning: 200) },
                    errorCallback: { response in continuation.resume(returning: response.statusCode) })
            }
            #expect(legacyStatus == 401)

            // 5. Masked refusals: wrong signing key, another device, wrong API key. Same 403 body, no renewal.
            #expect(try await sandbox.call(.delete, "/sandbox/rezolve/clock").status == 200)
            let masked = CountingRenewer { _ in "unused" }
            sdk.tokenRenewer = masked
            let forger = RezolveJWTMinter(
                credentials: RezolvePartnerCredentials(
                    partnerId: journey.credentials.partnerId, apiKey: journey.credentials.apiKey,
                    authKey: "not-the-partner-auth-key"))
            let badSignature = forger.loginToken(
                entityId: customer.entityId, partnerEntityId: "user-42",
                deviceId: RezolveJourney.deviceId, expiresAt: Date().addingTimeInterval(1800))
            let otherDevice = minter.loginToken(
                entityId: customer.entityId, partnerEntityId: "user-42",
                deviceId: "0D2F4C8A-1111-4222-8333-944455556666", expiresAt: Date().addingTimeInterval(1800))
            var bodies: [Data] = []
            for token in [badSignature, otherDevice] {
                session.updateAccessToken(token)
                let refused = await #expect(throws: RezolveError.self) {
                    _ = try await session.addressbookManager.getAll()
                }
                guard case .authentication(let apiError)? = refused else {
                    Issue.record("expected .authentication, got \(String(describing: refused))")
                    return
                }
                #expect(apiError.message == "Access is denied.")
                bodies.append(try #require(journey.transport.answers(to: addressbook).last).serializedData())
                #expect(journey.transport.outcomes(addressbook).last == .status(403))
            }
            let wrongKeySDK = Rezolve(
                apiKey: "00000000-0000-4000-8000-000000000000", partnerId: journey.credentials.partnerId,
                subPartnerId: nil, environment: journey.environment, config: journey.config(),
                sspActManagerSettings: nil, coordinatesConverter: .default)
            wrongKeySDK.tokenRenewer = masked
            let wrongKey = await #expect(throws: RezolveError.self) {
                _ = try await wrongKeySDK.createSession(
                    accessToken: journey.loginToken(customer, partnerEntityId: "user-42"),
                    entityId: customer.entityId, partnerId: journey.credentials.partnerId)
            }
            guard case .authentication? = wrongKey else {
                Issue.record("expected .authentication, got \(String(describing: wrongKey))")
                return
            }
            let publicKeyPath =
                "/api/v1/partner/\(journey.credentials.partnerId)/customer/\(customer.entityId)/publickey"
            #expect(journey.transport.outcomes(publicKeyPath).last == .status(403))
            bodies.append(try #require(journey.transport.answers(to: publicKeyPath).last).serializedData())
            #expect(Set(bodies).count == 1)
            #expect(masked.count == 0)

            // 6. Logout: every later call fails locally.
            session.updateAccessToken(
                minter.logoutToken(
                    entityId: customer.entityId, partnerEntityId: "user-42",
                    deviceId: RezolveJourney.deviceId, now: Date()))
            #expect(session.isLoggedOut)
            let sent = journey.transport.requests.count
            for attempt in 0..<3 {
                let error = await #expect(throws: RezolveError.self) {
                    switch attempt {
                    case 0: _ = try await session.addressbookManager.getAll()
                    case 1: _ = try await session.merchantManager.getMerchants()
                    default: _ = try await session.consumerProfileManager.get()
                    }
                }
                #expect(error == .loggedOut)
            }
            #expect(journey.transport.requests.count == sent)
        }
    }
}
