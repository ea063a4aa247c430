import CommerceCore
import Foundation

/// Calls a running sandbox's Paytronix control routes for `commercekit paytronix push-package upload` and
/// `commercekit paytronix push send` (spec §2.1, §5.6).
///
/// Request building and reply reading are separate from sending, so that they can be checked without a
/// network or a subprocess. Neither route is a Paytronix API; they exist only in the sandbox.
package struct PaytronixControlClient: Sendable {
    /// Why a control call failed: the sandbox's failure envelope, or a problem found before or after the call.
    package struct Failure: Error, Equatable, Sendable, CustomStringConvertible {
        /// The HTTP status, or nil when the sandbox was never asked or did not answer.
        package var status: Int?
        /// The sandbox's `errorCode`, or `cli.*` for problems found here.
        package var code: String
        package var message: String
        /// `errorsByField`, when the sandbox named fields.
        package var fields: [String: [String]]

        package init(status: Int? = nil, code: String, message: String, fields: [String: [String]] = [:]) {
            self.status = status
            self.code = code
            self.message = message
            self.fields = fields
        }

        package var description: String {
            var text = status.map { "\(code) (HTTP \($0)): \(message)" } ?? "\(code): \(message)"
            for field in fields.keys.sorted() where fields[field] != [message] {
                text += "\n  \(field): \((fields[field] ?? []).joined(separator: "; "))"
            }
            return text
        }
    }

    /// Who receives a simulated push and what it says (the body of `POST /sandbox/paytronix/push/send`, §5.5).
    package struct PushSend: Sendable, Equatable {
        package enum Recipient: Sendable, Equatable {
            case printedCardNumber(String)
            case username(String)
        }

        package enum Content: Sendable, Equatable {
            /// Sent as `{"aps":{"alert": message}}`.
            case message(String)
            /// A complete APNs payload; it must hold an `aps` object.
            case payload(JSONValue)
        }

        package var merchantId: Int64
        package var recipient: Recipient
        package var appIdentifier: String
        package var environment: String
        package var content: Content

        package init(
            merchantId: Int64, recipient: Recipient, appIdentifier: String, environment: String, content: Content
        ) {
            self.merchantId = merchantId
            self.recipient = recipient
            self.appIdentifier = appIdentifier
            self.environment = environment
            self.content = content
        }
    }

    /// The sandbox's base URL, e.g. `http://127.0.0.1:8080`.
    package let sandbox: URL

    /// Refuses anything but an absolute http(s) URL with a host and no query.
    package init(sandbox text: String) throws(Failure) {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
            url.host?.isEmpty == false, url.query == nil, url.fragment == nil
        else {
            throw Failure(
                code: "cli.invalid_sandbox_url", message: "--sandbox must be a URL such as http://127.0.0.1:8080")
        }
        sandbox = url
    }

    /// `PUT /sandbox/paytronix/push-packages/{merchantId}/{appIdentifier}/{environment}` with `p12` in base64.
    /// The sandbox judges the file and the password (§4.7); an empty password is sent so that it can say so.
    package func uploadRequest(
        merchantId: Int64, appIdentifier: String, environment: String, p12: Data,
        password: String
    ) throws(Failure) -> HTTPRequest {
        guard !p12.isEmpty else { throw Failure(code: "cli.empty_file", message: "The .p12 file is empty") }
        let url = try url(["push-packages", String(merchantId), appIdentifier, environment])
        let body: JSONValue = ["p12": .string(p12.base64EncodedString()), "password": .string(password)]
        return HTTPRequest(method: .put, url: url, headers: Self.jsonHeaders, body: body.serializedData())
    }

    /// `POST /sandbox/paytronix/push/send`.
    package func sendRequest(_ push: PushSend) throws(Failure) -> HTTPRequest {
        var body: JSONObject = [
            "merchantId": .integer(push.merchantId), "appIdentifier": .string(push.appIdentifier),
            "environment": .string(push.environment),
        ]
        switch push.recipient {
        case .printedCardNumber(let number): body["printedCardNumber"] = .string(number)
        case .username(let username): body["username"] = .string(username)
        }
        switch push.content {
        case .message(let message): body["message"] = .string(message)
        case .payload(let payload): body["payload"] = payload
        }
        return HTTPRequest(
            method: .post, url: try url(["push", "send"]), headers: Self.jsonHeaders,
            body: JSONValue.object(body).serializedData())
    }

    /// Reads `--payload`: a JSON object text.
    package static func payload(parsing text: String) throws(Failure) -> JSONValue {
        guard let value = try? JSONValue.parse(Data(text.utf8)), value.objectValue != nil else {
            throw Failure(
                code: "cli.invalid_payload",
                message: "--payload must be a JSON object such as {\"aps\":{\"alert\":\"Hi\"}}")
        }
        return value
    }

    /// The success reply, or the sandbox's failure as a ``Failure``.
    package static func reply(_ response: HTTPResponse) throws(Failure) -> JSONValue {
        let json = (try? JSONValue.parse(response.body)) ?? .null
        if (200..<300).contains(response.statusCode), json["result"] == "success" { return json }
        guard let code = json["errorCode"]?.stringValue else {
            let text = String(decoding: response.body.prefix(200), as: UTF8.self)
            throw Failure(
                status: response.statusCode, code: "cli.unexpected_reply",
                message: "Not a Paytronix sandbox reply (is --sandbox right?): \(text)")
        }
        var fields: [String: [String]] = [:]
        for (field, messages) in json["errorsByField"]?.objectValue ?? [:] {
            fields[field] = messages.arrayValue?.compactMap(\.stringValue) ?? messages.stringValue.map { [$0] } ?? []
        }
        throw Failure(
            status: response.statusCode, code: code, message: json["errorMessage"]?.stringValue ?? code, fields: fields)
    }

    /// Sends a request built above and reads the reply.
    package func perform(_ request: HTTPRequest, transport: any HTTPTransport = URLSessionTransport())
        async throws(Failure) -> JSONValue
    {
        let response: HTTPResponse
        do {
            response = try await transport.send(request)
        } catch {
            throw Failure(code: "cli.unreachable", message: "No reply from \(sandbox.absoluteString): \(error)")
        }
        return try Self.reply(response)
    }

    private static let jsonHeaders: HTTPHeaders = ["Content-Type": "application/json", "Accept": "application/json"]

    /// `<sandbox>/sandbox/paytronix/<segments>`, each segment percent-encoded so that a stray `/` or `?` in
    /// an argument cannot change the route.
    private func url(_ segments: [String]) throws(Failure) -> URL {
        let allowed = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
        let encoded = segments.map { $0.addingPercentEncoding(withAllowedCharacters: allowed) ?? "" }
        let base =
            sandbox.absoluteString.hasSuffix("/") ? String(sandbox.absoluteString.dropLast()) : sandbox.absoluteString
        guard let url = URL(string: base + "/sandbox/paytronix/" + encoded.joined(separator: "/")) else {
            throw Failure(
                code: "cli.invalid_sandbox_url", message: "--sandbox must be a URL such as http://127.0.0.1:8080")
        }
        return url
    }
}
