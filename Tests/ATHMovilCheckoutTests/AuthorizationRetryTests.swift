import CommerceCore
import CommerceTesting
import Foundation
import Testing

@testable import ATHMovilCheckout

/// §3.9: `/authorization` is retried once after a transport error (no answer at all), not only after a 5xx.
@Suite("Authorization retry after a transport error")
struct AuthorizationRetryTests {
    /// Counts `/authorization` attempts and fails the first `failures` of them before any answer arrives.
    final class FlakyAuthorization: Sendable {
        private let attempts = Locked(0)
        private let failures: Int
        init(failures: Int) { self.failures = failures }

        var count: Int { attempts.current }

        func answer(_ request: HTTPRequest) throws -> HTTPResponse {
            guard request.url.path.hasSuffix("/authorization") else { return Fixtures.registered() }
            let attempt = attempts.withLock { attempts in
                attempts += 1
                return attempts
            }
            if attempt <= failures { throw TransportError.connectionFailed("connection reset by peer") }
            return Fixtures.authorized()
        }
    }

    @Test("one transport error: exactly one retry, then onCompleted with the authorization's values")
    func retriedOnce() async throws {
        let flaky = FlakyAuthorization(failures: 1)
        let rig = TestRig { try flaky.answer($0) }
        let task = Task { try await rig.secure(20).pay() }
        _ = await rig.opener.openedURL()
        rig.session.url = Fixtures.currentReply(status: "completed")
        let response = try await task.value
        #expect(flaky.count == 2)
        #expect(response.status.status == .completed)
        #expect(response.status.referenceNumber == "215070682-8a36d42f859d623b0185a1a80b08009d")
        #expect(response.status.dailyTransactionID == 13)
        #expect(rig.tokens.read() == nil)
    }

    @Test("two transport errors: no third attempt; onFailed with a network error, and the token is kept")
    func retriedOnlyOnce() async throws {
        let flaky = FlakyAuthorization(failures: 2)
        let rig = TestRig { try flaky.answer($0) }
        let task = Task { try await rig.secure(20).pay() }
        _ = await rig.opener.openedURL()
        rig.session.url = Fixtures.currentReply(status: "completed")
        let response = try await task.value
        #expect(flaky.count == 2)
        #expect(response.status.statusPayment == "FAILED")
        #expect((response.error as? ATHMPaymentError)?.code == .network)
        #expect(rig.tokens.read() == "jwt-token")
    }

    @Test("the SDK waits 1 s before the retry unless told otherwise")
    func defaultDelay() {
        #expect(
            ATHMPaymentSession(
                urlOpener: ATHMRecordingURLOpener(), tokenStore: ATHMInMemoryTokenStore(),
                transport: InMemoryTransport()
            ).authorizationRetryDelay == .seconds(1))
    }
}
