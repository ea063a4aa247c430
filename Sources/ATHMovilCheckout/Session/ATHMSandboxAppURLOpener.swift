import CommerceCore
import Foundation

/// Hands the ATH Móvil link to a CommerceKit sandbox's simulated app over HTTP, for Linux, servers and demos.
///
/// With `autoRespond` the opener also plays the customer: it asks the sandbox to complete, cancel, expire
/// or fail the payment, then feeds the sandbox's reply URL into the session, so a headless process goes
/// through the whole round trip.
///
/// Every failure reaches the payment's handler, so `pay` never waits for a reply that cannot come:
/// - the sandbox refuses the link (`app/open`) or cannot be reached: `onException` with code `.openFailed`
///   (`URL is invalid`);
/// - the simulated customer's action is refused (`app/respond`, for example 409 `payment is CANCELLED`) or
///   its answer has no usable `callbackURL`: `onException` with code `.server(errorcode: nil)`.
///
/// In both cases ``ATHMPaymentError/serverMessage`` names the route and what the sandbox said, and
/// ``ATHMPaymentError/httpStatus`` holds its status when it answered.
public struct ATHMSandboxAppURLOpener: ATHMURLOpening {
    /// What the simulated customer does after the app opens.
    public enum Action: String, Sendable {
        /// Pay, as the customer's Pay button in the simulated app does.
        case complete
        /// Decline, as the customer's Cancel button does.
        case cancel
        /// Let the payment time out without an answer.
        case expire
        /// Make the payment fail, as a payment the service cannot process does.
        case fail
    }

    /// The sandbox whose simulated app receives the link, such as `http://127.0.0.1:8080`.
    public let sandboxBaseURL: URL
    /// What the simulated customer does once the link is open; nil leaves the payment open.
    public let autoRespond: Action?
    private let transport: any HTTPTransport
    private let session: ATHMPaymentSession?

    /// - Parameters:
    ///   - sandboxBaseURL: the sandbox, e.g. `http://127.0.0.1:8080`.
    ///   - autoRespond: the customer's action, or `nil` to leave the payment open in the simulated app.
    ///   - transport: how to reach the sandbox.
    ///   - session: where the reply URL (or the failure) goes; `nil` means ``ATHMPaymentSession/shared``.
    ///     It must be the session the request pays through.
    public init(
        sandboxBaseURL: URL, autoRespond: Action? = nil, transport: any HTTPTransport = URLSessionTransport(),
        session: ATHMPaymentSession? = nil
    ) {
        self.sandboxBaseURL = sandboxBaseURL
        self.autoRespond = autoRespond
        self.transport = transport
        self.session = session
    }

    /// Returns `true` when the sandbox took the link (and, with `autoRespond`, the reply was handed to the
    /// waiting payment). On `false` the waiting payment has already been given the reason.
    public func open(_ url: URL, fallback: URL?, universalLinksOnly: Bool) async -> Bool {
        let target = session ?? .shared
        let callback: URL?
        do {
            callback = try await handOff(url)
        } catch {
            target.failPendingPayment(with: error)
            return false
        }
        guard let callback else { return true }
        // `false` means no payment of `target` was waiting (the opener was given another session than the
        // request's): the caller then reports the failed hand-off itself instead of waiting forever.
        return target.handle(url: callback)
    }

    /// Gives `url` to the simulated app and, with `autoRespond`, plays the customer; returns the reply URL
    /// the sandbox answered with, or `nil` when the payment is left open in the app.
    private func handOff(_ url: URL) async throws(ATHMPaymentError) -> URL? {
        let opened = try await post(
            "/sandbox/athmovil/app/open", ["url": .string(url.absoluteString)], failing: .openFailed)
        guard let action = autoRespond else { return nil }
        var body: JSONObject = ["action": .string(action.rawValue), "url": .string(url.absoluteString)]
        if let id = opened["ecommerceId"]?.stringValue { body["ecommerceId"] = .string(id) }
        let reply = try await post("/sandbox/athmovil/app/respond", .object(body), failing: .server(errorcode: nil))
        guard let text = reply["callbackURL"]?.stringValue, let callback = URL(string: text) else {
            throw ATHMPaymentError(
                code: .server(errorcode: nil),
                serverMessage: "POST /sandbox/athmovil/app/respond answered without a callbackURL")
        }
        return callback
    }

    /// POSTs `body` to the sandbox's `path` and returns the parsed answer; anything else is thrown as an
    /// error with `code`, the route and what the sandbox said.
    private func post(_ path: String, _ body: JSONValue, failing code: ATHMPaymentError.Code)
        async throws(ATHMPaymentError) -> JSONValue
    {
        var base = sandboxBaseURL.absoluteString
        while base.hasSuffix("/") { base.removeLast() }
        guard let url = URL(string: base + path) else {
            throw ATHMPaymentError(code: code, serverMessage: "\(base + path) is not a valid URL")
        }
        let request = HTTPRequest(
            method: .post, url: url, headers: ["Content-Type": "application/json"],
            body: body.serializedData())
        let response: HTTPResponse
        do {
            response = try await transport.send(request)
        } catch {
            throw ATHMPaymentError(code: code, serverMessage: "POST \(path) got no answer from the sandbox: \(error)")
        }
        let parsed = try? JSONValue.parse(response.body)
        guard response.isSuccess else {
            // Control routes explain themselves in {"error": "..."}; show the raw text otherwise.
            let said = parsed?["error"]?.stringValue ?? String(decoding: response.body.prefix(200), as: UTF8.self)
            throw ATHMPaymentError(
                code: code, serverMessage: "POST \(path) answered \(response.statusCode): \(said)",
                httpStatus: response.statusCode)
        }
        guard let parsed else {
            throw ATHMPaymentError(
                code: code,
                serverMessage: "POST \(path) answered \(response.statusCode) with a body that is not JSON",
                httpStatus: response.statusCode)
        }
        return parsed
    }
}
