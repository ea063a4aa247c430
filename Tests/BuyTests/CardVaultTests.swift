import CommerceCore
import CommerceTesting
import Foundation
import Testing

@testable import Buy

/// Card vaulting (spec §2.6, §3.7, §6.5): the exact request, every failure as a typed error, and the
/// seed's callback form.
@Suite struct CardVaultTests {
    private let vaultURL = URL(string: "https://vault.example/sessions")!
    private let seedCard = Card.CreditCard(
        firstName: "John", middleName: "Singleton", lastName: "Smith",
        number: "1234567812345678", expiryMonth: "07", expiryYear: "19", verificationCode: "1234")

    private func client(_ transport: InMemoryTransport) -> Card.Client {
        Card.Client(transport: transport, callbackQueue: DispatchQueue(label: "CardVaultTests.callbacks"))
    }

    private func vaultError(_ response: HTTPResponse) async -> Card.VaultError? {
        do {
            _ = try await client(InMemoryTransport(responses: [response])).vault(seedCard, to: vaultURL)
            return nil
        } catch {
            return error
        }
    }

    @Test func requestIsThePostOfTheSpec() async throws {
        let transport = InMemoryTransport(responses: [.json(200, #"{"id":"token-123"}"#)])
        let token = try await client(transport).vault(seedCard, to: vaultURL)
        #expect(token == "token-123")
        let request = try #require(transport.requests.first)
        #expect(transport.requests.count == 1)
        #expect(request.method == .post)
        #expect(request.url == vaultURL)
        #expect(request.headers["Accept"] == "application/json")
        #expect(request.headers["Content-Type"] == "application/json")
        #expect(request.headers["X-Shopify-Storefront-Access-Token"] == nil)
        #expect(request.isRetryable == false)
        #expect(
            request.body.map { String(decoding: $0, as: UTF8.self) }
                == #"{"credit_card":{"number":"1234567812345678","first_name":"John Singleton","last_name":"Smith","month":"07","year":"19","verification_value":"1234"}}"#
        )
    }

    @Test func bodyWithoutMiddleNameOrCodeAndWithEscapes() {
        let plain = Card.CreditCard(
            firstName: "John", lastName: "Smith", number: "1234567812345678", expiryMonth: "07", expiryYear: "19")
        #expect(
            String(decoding: Card.VaultRequest.body(for: plain), as: UTF8.self)
                == #"{"credit_card":{"number":"1234567812345678","first_name":"John","last_name":"Smith","month":"07","year":"19"}}"#
        )
        let odd = Card.CreditCard(
            firstName: "Jo\"hn", lastName: "O/Neil\\\n", number: "1", expiryMonth: "1", expiryYear: "2")
        #expect(
            String(decoding: Card.VaultRequest.body(for: odd), as: UTF8.self)
                == #"{"credit_card":{"number":"1","first_name":"Jo\"hn","last_name":"O\/Neil\\\n","month":"1","year":"2"}}"#
        )
    }

    @Test func failuresAreTypedErrors() async {
        if case .missingToken? = await vaultError(.json(200, "{}")) {} else { Issue.record("{} must be .missingToken") }
        if case .missingToken? = await vaultError(.json(200, #"{"id":42}"#)) {
        } else {
            Issue.record("numeric id must be .missingToken")
        }
        if case .missingToken? = await vaultError(.json(200, "[1]")) {
        } else {
            Issue.record("array must be .missingToken")
        }
        if case .http(500)? = await vaultError(.json(500, #"{"id":"ignored"}"#)) {
        } else {
            Issue.record("500 must be .http")
        }
        if case .http(400)? = await vaultError(.json(400, "")) {} else { Issue.record("400 must be .http") }
        if case .noData? = await vaultError(HTTPResponse(statusCode: 200)) {
        } else {
            Issue.record("empty body must be .noData")
        }
        if case .jsonDeserializationFailed(let body)? = await vaultError(.json(200, "abc")) {
            #expect(body == Data("abc".utf8))
        } else {
            Issue.record("abc must be .jsonDeserializationFailed")
        }
    }

    @Test func transportFailureIsARequestError() async {
        let transport = InMemoryTransport { _ in throw TransportError.connectionFailed("refused") }
        do {
            _ = try await client(transport).vault(seedCard, to: vaultURL)
            Issue.record("expected a failure")
        } catch {
            if case .request(.some(let underlying as TransportError)) = error {
                #expect(underlying == .connectionFailed("refused"))
            } else {
                Issue.record("expected .request, got \(error)")
            }
        }
    }

    @Test func callbackFormNeedsResumeAndCallsBackOnce() async throws {
        let transport = InMemoryTransport(responses: [.json(200, #"{"id":"token-123"}"#)])
        let vault = client(transport)
        let calls = Counter()
        let result: Graph.Unchecked<(String?, (any Error)?)> = await withCheckedContinuation { continuation in
            let task = vault.vault(seedCard, to: vaultURL) { token, error in
                calls.increment()
                continuation.resume(returning: Graph.Unchecked(value: (token, error)))
            }
            #expect(transport.requests.isEmpty)
            task.resume()
            task.resume()
        }
        #expect(result.value.0 == "token-123")
        #expect(result.value.1 == nil)
        #expect(transport.requests.count == 1)
        #expect(calls.value == 1)
    }

    @Test func callbackFormPassesTheTypedError() async {
        let vault = client(InMemoryTransport(responses: [.json(200, "{}")]))
        let error: Graph.Unchecked<(any Error)?> = await withCheckedContinuation { continuation in
            vault.vault(seedCard, to: vaultURL) { token, error in
                #expect(token == nil)
                continuation.resume(returning: Graph.Unchecked(value: error))
            }.resume()
        }
        if case .missingToken? = error.value as? Card.VaultError {
        } else {
            Issue.record("expected Card.VaultError.missingToken")
        }
    }

    @Test func cancelledCallbackNeverCalls() async throws {
        // The vault answers only after the test has cancelled (the answer's wait is shielded from the cancellation).
        let answer = TestSignal()
        let transport = InMemoryTransport { _ in
            await Task { try? await answer.wait() }.value
            return .json(200, #"{"id":"late"}"#)
        }
        let vault = client(transport)
        let calls = Counter()
        let released = TestSignal()
        do {
            let marker = ReleaseMarker(released)
            let task = vault.vault(seedCard, to: vaultURL) { _, _ in
                _ = marker
                calls.increment()
            }
            task.resume()
            try await transport.waitForRequests()
            task.cancel()
        }
        answer.fire()
        // The client lets go of the request once the work serving it has ended, after the late answer.
        try await released.wait()
        await withCheckedContinuation { continuation in vault.callbackQueue.async { continuation.resume() } }
        #expect(calls.value == 0)
    }
}
