import CommerceCore
import CommerceTesting
import Foundation
import Testing

@testable import RezolveSDK

@Suite("Token renewal and 403 masking (§3.3)")
struct RenewalTests {
    static let fresh = Fixture.jwt(exp: 1_700_009_999)

    /// Answers 401 code 8 to the old token and 200 to the renewed one.
    static func expiringTransport() -> InMemoryTransport {
        Fixture.transport { request in
            request.headers["Authorization"] == "Bearer \(fresh)" ? .json(200, "[]") : Fixture.expired
        }
    }

    @Test func oneRenewalAndOneRepeat() async throws {
        let transport = Self.expiringTransport()
        let renewer = CountingRenewer(token: Self.fresh)
        let session = try await Fixture.session(transport, renewer: renewer)
        #expect(try await session.addressbookManager.getAll().isEmpty)
        #expect(renewer.count == 1)
        let calls = transport.requests.filter { $0.url.path.hasSuffix("/addressbook") }
        #expect(calls.count == 2)
        #expect(calls.last?.headers["Authorization"] == "Bearer \(Self.fresh)")
        #expect(session.accessToken == Self.fresh)
    }

    @Test func concurrentExpiredCallsShareOneRenewal() async throws {
        let transport = Self.expiringTransport()
        // The renewal is held until all three callers wait for a renewal: with single flight they share the one
        // in flight; without it, each would have started its own.
        let release = TestSignal()
        let waiting = TestSignal()
        let renewer = CountingRenewer(token: Self.fresh, gate: release)
        let session = try await Fixture.session(transport, renewer: renewer)
        session.core.auth.observeRenewalWaits { waiting.fire() }
        let opened = Task {
            try await waiting.wait(for: 3)
            release.fire()
        }
        async let first = session.addressbookManager.getAll()
        async let second = session.addressbookManager.getAll()
        async let third = session.addressbookManager.getAll()
        let results = try await [first, second, third]
        try await opened.value
        #expect(results.allSatisfy { $0.isEmpty })
        #expect(renewer.count == 1)
    }

    @Test func aRenewedTokenThatIsStillExpiredFailsAfterExactlyTwoRequests() async throws {
        let transport = Fixture.transport { _ in Fixture.expired }
        let renewer = CountingRenewer(token: Fixture.jwt(exp: 1))
        let session = try await Fixture.session(transport, renewer: renewer)
        do {
            _ = try await session.addressbookManager.getAll()
            Issue.record("expected .expiredToken")
        } catch {
            guard case .expiredToken = error else {
                Issue.record("unexpected \(error)")
                return
            }
        }
        #expect(transport.requests.filter { $0.url.path.hasSuffix("/addressbook") }.count == 2)
        #expect(renewer.count == 1)
        #expect(!session.isLoggedOut)
    }

    @Test func forbiddenIsNeverRenewedNorRetried() async throws {
        let transport = Fixture.transport { _ in Fixture.denied }
        let renewer = CountingRenewer(token: Self.fresh)
        let session = try await Fixture.session(transport, renewer: renewer)
        await #expect(
            throws: RezolveError.authentication(
                RezolveAPIError(type: "Authentication", code: "1", message: "Access is denied."))
        ) {
            try await session.phonebookManager.getAll()
        }
        #expect(renewer.count == 0)
        #expect(transport.requests.filter { $0.url.path.hasSuffix("/phonebook") }.count == 1)
    }

    @Test func withoutARenewerTheLegacyCallbackSeesStatus401() async throws {
        let transport = Fixture.transport { _ in Fixture.expired }
        let session = try await Fixture.session(transport)
        let status: Int = await withCheckedContinuation { continuation in
            session.addressbookManager.getAll(
                callback: { _ in continuation.resume(returning: 200) },
                errorCallback: { continuation.resume(returning: $0.statusCode) })
        }
        #expect(status == 401)
        #expect(transport.requests.filter { $0.url.path.hasSuffix("/addressbook") }.count == 1)
    }

    @Test func aFailingRenewerGivesExpiredToken() async throws {
        struct Failing: RezolveTokenRenewing {
            func renewAccessToken(for session: RezolveSession) async throws -> String { throw CancellationError() }
        }
        let session = try await Fixture.session(Self.expiringTransport(), renewer: Failing())
        do {
            _ = try await session.addressbookManager.getAll()
            Issue.record("expected .expiredToken")
        } catch {
            #expect(error.statusCode == 401)
        }
    }
}
