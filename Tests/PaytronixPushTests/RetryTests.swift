import CommerceCore
import CommerceTesting
import Foundation
import Testing

@testable import PaytronixPush

@Suite("Retry policy (spec §3.7)")
struct RetryTests {
    @Test func defaultPolicyValues() {
        let policy = RetryPolicy.paytronixDefault
        #expect(policy.maxAttempts == 3)
        #expect(policy.delays == [.milliseconds(250), .milliseconds(500)])
        #expect(policy.jitter == 0.2)
        #expect(policy.retryableStatuses == [408, 429, 500, 502, 503, 504])
        #expect(policy.maxRetryAfter == .seconds(5))
        #expect(Fixture.configuration().retryPolicy.maxAttempts == 3)
    }

    @Test func readsAreRetriedUntilTheThirdAttempt() async throws {
        let fault = HTTPResponse.json(
            503, #"{"result":"failure","errorCode":"sandbox.fault","errorMessage":"Injected fault"}"#)
        let transport = InMemoryTransport(responses: [fault, fault, .json(200, Fixture.accountInformation())])
        _ = try await Fixture.client(transport).accountInformation(
            printedCardNumber: nil, authentication: .oauth(accessToken: "t"))
        #expect(transport.requests.count == 3)
    }

    @Test func threeFailuresSurfaceTheLastEnvelope() async {
        let fault = HTTPResponse.json(
            503, #"{"result":"failure","errorCode":"sandbox.fault","errorMessage":"Injected fault"}"#)
        let transport = InMemoryTransport(responses: [fault])
        await #expect(
            throws: PaytronixError.failure(
                code: "sandbox.fault", message: "Injected fault", fieldErrors: [:], httpStatus: 503)
        ) {
            try await Fixture.client(transport).editExternalAccounts(
                .add, [], printedCardNumber: nil, authentication: .oauth(accessToken: "t"))
        }
        #expect(transport.requests.count == 3)
    }

    @Test func clientErrorsAreNotRetried() async {
        let transport = InMemoryTransport(responses: [
            .json(400, #"{"result":"failure","errorCode":"x","errorMessage":"y"}"#)
        ])
        _ = try? await Fixture.client(transport).requestGuestToken(.password(username: "a", password: "b"))
        #expect(transport.requests.count == 1)
    }

    @Test func registrationIsNeverRetried() async {
        let transport = InMemoryTransport { _ in throw TransportError.timedOut }
        await #expect(throws: PaytronixError.transport(TransportError.timedOut.description)) {
            try await Fixture.client(transport).createAndRegister(RequestTests.janeRequest)
        }
        #expect(transport.requests.count == 1)
        let busy = InMemoryTransport(responses: [
            .json(503, #"{"result":"failure","errorCode":"sandbox.fault","errorMessage":"x"}"#)
        ])
        _ = try? await Fixture.client(busy).register(
            RegisterRequest(userFields: UserFields(username: "a")),
            authentication: .card(printedCardNumber: "1", registrationCode: "2"))
        #expect(busy.requests.count == 1)
    }

    @Test func missingResponsesAreRetriedForIdempotentCalls() async {
        let transport = InMemoryTransport { _ in throw TransportError.connectionFailed("refused") }
        _ = try? await Fixture.client(transport).requestGuestToken(.refreshToken("r"))
        #expect(transport.requests.count == 3)
    }
}
