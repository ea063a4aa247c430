import CommerceCore
import CommerceTesting
import Foundation

@testable import ATHMovilCheckout

/// What a handler reported.
enum HandlerEvent: Sendable {
    case completed(ATHMPaymentResponse)
    case expired(ATHMPaymentResponse)
    case cancelled(ATHMPaymentResponse)
    case failed(ATHMPaymentResponse)
    case exception(ATHMPaymentError)

    var name: String {
        switch self {
        case .completed: "completed"
        case .expired: "expired"
        case .cancelled: "cancelled"
        case .failed: "failed"
        case .exception: "exception"
        }
    }

    var response: ATHMPaymentResponse? {
        switch self {
        case .completed(let r), .expired(let r), .cancelled(let r), .failed(let r): r
        case .exception: nil
        }
    }

    var error: ATHMPaymentError? {
        if case .exception(let error) = self { return error }
        return nil
    }
}

/// Collects handler callbacks so a test can await them instead of sleeping.
final class HandlerProbe: Sendable {
    let events: AsyncStream<HandlerEvent>
    private let continuation: AsyncStream<HandlerEvent>.Continuation
    /// One `true` per handler callback that ran on the main actor.
    let mainThreadChecks = Locked<[Bool]>([])

    init() {
        (events, continuation) = AsyncStream.makeStream(of: HandlerEvent.self)
    }

    var handler: ATHMPaymentHandler {
        let continuation = self.continuation
        let checks = mainThreadChecks
        return ATHMPaymentHandler(
            onCompleted: {
                MainActor.assertIsolated()
                checks.withLock { $0.append(true) }
                continuation.yield(.completed($0))
            },
            onExpired: {
                MainActor.assertIsolated()
                checks.withLock { $0.append(true) }
                continuation.yield(.expired($0))
            },
            onCancelled: {
                MainActor.assertIsolated()
                checks.withLock { $0.append(true) }
                continuation.yield(.cancelled($0))
            },
            onFailed: {
                MainActor.assertIsolated()
                checks.withLock { $0.append(true) }
                continuation.yield(.failed($0))
            },
            onException: {
                MainActor.assertIsolated()
                checks.withLock { $0.append(true) }
                continuation.yield(.exception($0))
            })
    }

    func next() async -> HandlerEvent? {
        var iterator = events.makeAsyncIterator()
        return await iterator.next()
    }
}

/// One dictionary-handler callback.
// @unchecked: NSDictionary is not Sendable; this one is never mutated and the test reads it on one task only.
struct DictionaryEvent: @unchecked Sendable {
    let name: String
    let dictionary: NSDictionary?
    let error: ATHMPaymentError?
}

/// Dictionary-handler callbacks.
final class DictionaryProbe: Sendable {
    let events: AsyncStream<DictionaryEvent>
    private let continuation: AsyncStream<DictionaryEvent>.Continuation

    init() {
        (events, continuation) = AsyncStream.makeStream(of: DictionaryEvent.self)
    }

    /// Built with the README's label order (failed before cancelled).
    var readmeOrderHandler: ATHMPaymentHandlerDictionary {
        let c = continuation
        return ATHMPaymentHandlerDictionary(
            onCompleted: { c.yield(.init(name: "completed", dictionary: $0, error: nil)) },
            onExpired: { c.yield(.init(name: "expired", dictionary: $0, error: nil)) },
            onFailed: { c.yield(.init(name: "failed", dictionary: $0, error: nil)) },
            onCancelled: { c.yield(.init(name: "cancelled", dictionary: $0, error: nil)) }
        ) {
            c.yield(.init(name: "exception", dictionary: nil, error: $0))
        }
    }

    /// Built with the published SDK's label order (cancelled before failed).
    var sdkOrderHandler: ATHMPaymentHandlerDictionary {
        let c = continuation
        return ATHMPaymentHandlerDictionary(
            onCompleted: { c.yield(.init(name: "completed", dictionary: $0, error: nil)) },
            onExpired: { c.yield(.init(name: "expired", dictionary: $0, error: nil)) },
            onCancelled: { c.yield(.init(name: "cancelled", dictionary: $0, error: nil)) },
            onFailed: { c.yield(.init(name: "failed", dictionary: $0, error: nil)) }
        ) {
            c.yield(.init(name: "exception", dictionary: nil, error: $0))
        }
    }

    func next() async -> DictionaryEvent? {
        var iterator = events.makeAsyncIterator()
        return await iterator.next()
    }
}

/// Carries a non-Sendable value out of a task in tests.
// @unchecked: the task that makes the value hands it over and never touches it again.
struct Unchecked<Value>: @unchecked Sendable {
    let value: Value
}

/// A session of its own per test, wired to an in-memory transport, a recording opener and an in-memory token store.
struct TestRig {
    let transport: InMemoryTransport
    let opener: ATHMRecordingURLOpener
    let tokens = ATHMInMemoryTokenStore()
    let session: ATHMPaymentSession

    init(
        openerResult: Bool = true,
        environment: ATHMEnvironment = .sandbox(baseURL: URL(string: "http://sandbox.test")!),
        handler: @escaping InMemoryTransport.Handler = { _ in HTTPResponse(statusCode: 404) }
    ) {
        transport = InMemoryTransport(handler: handler)
        opener = ATHMRecordingURLOpener(result: openerResult)
        session = ATHMPaymentSession(urlOpener: opener, tokenStore: tokens, transport: transport)
        session.deviceIdentifierStore = PersistentStore()
        session.authorizationRetryDelay = .zero
        session.configure(environment: environment)
    }

    func secure(_ payment: ATHMPayment, token: String = "dummy", scheme: String = "athm-checkout")
        -> ATHMPaymentSecureRequest
    {
        let request = ATHMPaymentSecureRequest(
            account: ATHMBusinessAccount(token: token), scheme: ATHMURLScheme(urlScheme: scheme),
            payment: payment)
        request.session = session
        return request
    }

    func legacy(_ payment: ATHMPayment, token: String = "dummy", scheme: String = "athm-checkout") -> ATHMPaymentRequest
    {
        let request = ATHMPaymentRequest(
            account: ATHMBusinessAccount(token: token), scheme: ATHMURLScheme(urlScheme: scheme),
            payment: payment)
        request.session = session
        return request
    }

    /// Paths of the requests the transport saw.
    var paths: [String] { transport.requests.map(\.url.path) }
}

/// Payment-service answers used across tests.
enum Fixtures {
    static let ecommerceId = "18a2d3fa-3dc1-11ed-a1c1-e19d31c39706"

    static func registered(token: String = "jwt-token") -> HTTPResponse {
        .json(200, #"{"status":"success","data":{"ecommerceId":"\#(ecommerceId)","auth_token":"\#(token)"}}"#)
    }

    static func authorized(daily: String = "0013", fee: Double = 0.06, net: Double = 0.95) -> HTTPResponse {
        .json(
            200,
            #"{"status":"success","data":{"ecommerceStatus":"COMPLETED","ecommerceId":"\#(ecommerceId)","referenceNumber":"215070682-8a36d42f859d623b0185a1a80b08009d","dailyTransactionId":"\#(daily)","fee":\#(fee),"netAmount":\#(net),"total":1.01,"unknownKey":true}}"#
        )
    }

    /// A reply URL as the app sends it, built from a JSON object.
    static func reply(_ json: String, scheme: String = "athm-checkout") -> URL {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        let encoded = json.addingPercentEncoding(withAllowedCharacters: allowed)!
        return URL(string: "\(scheme)://?athm_payment_data=\(encoded)")!
    }

    static func currentReply(status: String, total: Double = 20, extra: String = "") -> URL {
        reply(
            #"{"version":"3.0","status":"\#(status)","date":"2024/01/31 14:05:07.0","referenceNumber":"","dailyTransactionID":0,"total":\#(total),"subtotal":0,"tax":0,"fee":0,"netAmount":0,"metadata1":"","metadata2":"","items":[],"name":"Valeria Herrero","email":"email@example.com","phoneNumber":"(787) 123-4567"\#(extra)}"#
        )
    }

    /// Vector 6 of the spec, byte for byte.
    static let vector6 = URL(
        string:
            "athm-checkout://?athm_payment_data=%7B%22dailyTransactionID%22%3A1%2C%22date%22%3A%222024%2F01%2F31%2014%3A05%3A07.0%22%2C%22email%22%3A%22email%40example.com%22%2C%22fee%22%3A0.5%2C%22items%22%3A%5B%7B%22desc%22%3A%22%22%2C%22description%22%3A%22%22%2C%22metadata%22%3A%22%22%2C%22name%22%3A%22Test%20Item%22%2C%22price%22%3A20%2C%22quantity%22%3A1%7D%5D%2C%22metadata1%22%3A%22%22%2C%22metadata2%22%3A%22%22%2C%22name%22%3A%22Valeria%20Herrero%22%2C%22netAmount%22%3A19.5%2C%22phoneNumber%22%3A%22%28787%29%20123-4567%22%2C%22referenceNumber%22%3A%22000000001-0123456789abcdef0123456789abcdef%22%2C%22status%22%3A%22completed%22%2C%22subtotal%22%3A0%2C%22tax%22%3A0%2C%22total%22%3A20%2C%22version%22%3A%223.0%22%7D"
    )!
}
