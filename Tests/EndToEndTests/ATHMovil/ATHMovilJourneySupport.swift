import ATHMovilCheckout
import CommerceCore
import CommerceSandbox
import Foundation
import Testing

/// One journey's client side: its own session (journeys run in parallel), a recording transport and opener.
struct ATHMJourneyClient {
    let transport = RecordingTransport()
    let opener: any ATHMURLOpening
    let recorder: ATHMRecordingURLOpener?
    let tokens = ATHMInMemoryTokenStore()
    let session: ATHMPaymentSession
    let api: ATHMBusinessAPI

    init(baseURL: URL, opener custom: (any ATHMURLOpening)? = nil) {
        let recorder = custom == nil ? ATHMRecordingURLOpener(result: true) : nil
        self.recorder = recorder
        self.opener = custom ?? recorder!
        session = ATHMPaymentSession(urlOpener: opener, tokenStore: tokens, transport: transport)
        session.configure(environment: .sandbox(baseURL: baseURL))
        session.deviceIdentifierStore = PersistentStore()
        // The SDK waits 1 s before retrying an authorization; a tenth is enough to prove the retry here.
        session.authorizationRetryDelay = .milliseconds(100)
        api = ATHMBusinessAPI(environment: .sandbox(baseURL: baseURL), sleep: { _ in })
    }

    func secure(_ payment: ATHMPayment, token: String, scheme: String = "athm-checkout") -> ATHMPaymentSecureRequest {
        let request = ATHMPaymentSecureRequest(
            account: ATHMBusinessAccount(token: token), scheme: ATHMURLScheme(urlScheme: scheme),
            payment: payment)
        request.session = session
        return request
    }

    /// The `transaction_data` JSON of an opened link.
    static func linkData(_ url: URL) throws -> JSONValue {
        let value = try #require(
            URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems?
                .first { $0.name == "transaction_data" }?.value)
        return try JSONValue.parse(value)
    }
}

extension SandboxHarness {
    /// A fresh test business; returns (publicToken, privateToken).
    func athmBusiness(_ name: String = "Journey Store \(UUID().uuidString.prefix(6))") async throws -> (String, String)
    {
        let created = try await call(.post, "/sandbox/athmovil/businesses", json: ["name": .string(name)])
        #expect(created.status == 201)
        return (
            try #require(created.body["publicToken"]?.stringValue),
            try #require(created.body["privateToken"]?.stringValue)
        )
    }

    /// Starts a secure payment of `total` for a fresh business through the SDK and waits for the app hand-off;
    /// returns the business's public token, the client, the handler probe and the link the SDK opened.
    func athmSecurePaymentHandedOff(total: NSNumber = 20) async throws
        -> (publicToken: String, client: ATHMJourneyClient, probe: ATHMJourneyProbe, link: URL)
    {
        let (publicToken, _) = try await athmBusiness()
        let client = ATHMJourneyClient(baseURL: baseURL)
        let probe = ATHMJourneyProbe()
        client.secure(ATHMPayment(total: total), token: publicToken).pay(handler: probe.handler)
        let link = try await #require(client.recorder).openedURL()
        return (publicToken, client, probe, link)
    }

    /// Plays the customer: opens the link in the simulated app, then acts; returns the reply body.
    func athmRespond(link: URL, action: String) async throws -> JSONValue {
        let opened = try await call(.post, "/sandbox/athmovil/app/open", json: ["url": .string(link.absoluteString)])
        #expect(opened.status == 200)
        let id = try #require(opened.body["ecommerceId"]?.stringValue)
        let responded = try await call(
            .post, "/sandbox/athmovil/app/respond", json: ["ecommerceId": .string(id), "action": .string(action)])
        #expect(responded.status == 200)
        return responded.body
    }

    /// Calls `/authorization` with a payment token the SDK no longer holds, as a client replaying it would;
    /// returns the `errorcode` of the refusal, which must be a 400.
    func athmReplayedAuthorizationError(token: String) async throws -> String? {
        let authorization = try await call(
            .post, "/api/business-transaction/ecommerce/authorization", json: [:],
            headers: ["Authorization": "Bearer \(token)"])
        #expect(authorization.status == 400)
        return authorization.body["errorcode"]?.stringValue
    }
}

/// Collects handler callbacks for awaiting.
final class ATHMJourneyProbe: Sendable {
    // @unchecked: `dictionary` is the immutable NSDictionary the SDK delivered; the test only reads it.
    struct Event: @unchecked Sendable {
        let name: String
        let response: ATHMPaymentResponse?
        let dictionary: NSDictionary?
        let error: ATHMPaymentError?
    }

    private let stream: AsyncStream<Event>
    private let continuation: AsyncStream<Event>.Continuation

    init() { (stream, continuation) = AsyncStream.makeStream(of: Event.self) }

    var handler: ATHMPaymentHandler {
        let c = continuation
        return ATHMPaymentHandler(
            onCompleted: { c.yield(Event(name: "completed", response: $0, dictionary: nil, error: nil)) },
            onExpired: { c.yield(Event(name: "expired", response: $0, dictionary: nil, error: nil)) },
            onCancelled: { c.yield(Event(name: "cancelled", response: $0, dictionary: nil, error: nil)) },
            onFailed: { c.yield(Event(name: "failed", response: $0, dictionary: nil, error: nil)) }
        ) {
            c.yield(Event(name: "exception", response: nil, dictionary: nil, error: $0))
        }
    }

    /// The README's hybrid-app label order (failed before cancelled).
    var dictionaryHandler: ATHMPaymentHandlerDictionary {
        let c = continuation
        return ATHMPaymentHandlerDictionary(
            onCompleted: { c.yield(Event(name: "completed", response: nil, dictionary: $0, error: nil)) },
            onExpired: { c.yield(Event(name: "expired", response: nil, dictionary: $0, error: nil)) },
            onFailed: { c.yield(Event(name: "failed", response: nil, dictionary: $0, error: nil)) },
            onCancelled: { c.yield(Event(name: "cancelled", response: nil, dictionary: $0, error: nil)) }
        ) {
            c.yield(Event(name: "exception", response: nil, dictionary: nil, error: $0))
        }
    }

    func next() async -> Event? {
        var iterator = stream.makeAsyncIterator()
        return await iterator.next()
    }
}
