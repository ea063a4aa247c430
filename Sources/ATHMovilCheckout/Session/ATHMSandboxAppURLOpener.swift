import CommerceCore
import Foundation

/// Hands the ATH Móvil link to a CommerceKit sandbox's simulated app over HTTP, for Linux, servers and demos.
///
/// With `autoRespond` the opener also plays the customer: it asks the sandbox to complete, cancel, expire
/// or fail the payment, then feeds the sandbox's reply URL into the session, so a headless process goes
/// through the whole round trip.
public struct ATHMSandboxAppURLOpener: ATHMURLOpening {
    /// What the simulated customer does after the app opens.
    public enum Action: String, Sendable {
        case complete
        case cancel
        case expire
        case fail
    }

    public let sandboxBaseURL: URL
    public let autoRespond: Action?
    private let transport: any HTTPTransport
    private let session: ATHMPaymentSession?

    /// - Parameters:
    ///   - sandboxBaseURL: the sandbox, e.g. `http://127.0.0.1:8080`.
    ///   - autoRespond: the customer's action, or `nil` to leave the payment open in the simulated app.
    ///   - transport: how to reach the sandbox.
    ///   - session: where the reply URL goes; `nil` means ``ATHMPaymentSession/shared``.
    public init(sandboxBaseURL: URL, autoRespond: Action? = nil, transport: any HTTPTransport = URLSessionTransport(),
                session: ATHMPaymentSession? = nil) {
        self.sandboxBaseURL = sandboxBaseURL
        self.autoRespond = autoRespond
        self.transport = transport
        self.session = session
    }

    public func open(_ url: URL, fallback: URL?, universalLinksOnly: Bool) async -> Bool {
        guard let opened = await post("/sandbox/athmovil/app/open", ["url": .string(url.absoluteString)]) else { return false }
        guard let action = autoRespond else { return true }
        var body: JSONObject = ["action": .string(action.rawValue), "url": .string(url.absoluteString)]
        if let id = opened["ecommerceId"]?.stringValue { body["ecommerceId"] = .string(id) }
        guard let reply = await post("/sandbox/athmovil/app/respond", .object(body)),
              let callback = reply["callbackURL"]?.stringValue.flatMap(URL.init(string:)) else { return true }
        (session ?? .shared).url = callback
        return true
    }

    private func post(_ path: String, _ body: JSONValue) async -> JSONValue? {
        var base = sandboxBaseURL.absoluteString
        while base.hasSuffix("/") { base.removeLast() }
        guard let url = URL(string: base + path) else { return nil }
        let request = HTTPRequest(method: .post, url: url, headers: ["Content-Type": "application/json"],
                                  body: body.serializedData())
        guard let response = try? await transport.send(request), response.isSuccess else { return nil }
        return try? JSONValue.parse(response.body)
    }
}
