import CommerceCore
import Foundation

/// Talks to Paytronix's REST services (`oauth`, `enrollment`, `guest`) with the integration's credentials.
///
/// Every call sends HTTP Basic `client_id:client_secret`, retries under ``PaytronixConfiguration/retryPolicy``
/// where repeating is safe, and turns a `result: "failure"` reply into ``PaytronixError/failure(code:message:fieldErrors:httpStatus:)``.
public struct PaytronixClient: Sendable {
    /// Where calls go and the credentials they carry.
    public let configuration: PaytronixConfiguration
    let transport: any HTTPTransport
    let sleep: RetryExecutor.Sleep

    /// - Parameters:
    ///   - configuration: the host, merchant and integration credentials every call uses.
    ///   - transport: how requests are sent; tests pass an in-memory transport.
    ///   - sleep: how the client waits between retries; tests pass a closure that returns at once.
    public init(
        configuration: PaytronixConfiguration, transport: any HTTPTransport = URLSessionTransport(),
        sleep: @escaping RetryExecutor.Sleep = { try await Task.sleep(for: $0) }
    ) {
        self.configuration = configuration
        self.transport = transport
        self.sleep = sleep
    }

    static let userAgent = "CommerceKit-PaytronixPush/\(CommerceCore.version)"

    /// POSTs a JSON body built from `fields` (after `merchantId` and the authentication fields) and decodes the envelope.
    func post(
        service: String, endpoint: String, authentication: PaytronixAuthentication?,
        fields: [(String, JSONValue)], retryable: Bool = true
    ) async throws(PaytronixError) -> (JSONValue, Int) {
        var body = JSONObject()
        if let authentication { for (key, value) in authentication.fields { body[key] = value } }
        body["merchantId"] = .integer(Int64(configuration.merchantId))
        for (key, value) in fields { body[key] = value }
        if configuration.sendsCredentialsInBody {
            body["client_id"] = .string(configuration.clientId)
            body["client_secret"] = .string(configuration.clientSecret)
        }
        guard let url = configuration.url(service: service, endpoint: endpoint) else {
            throw .transport("cannot build a URL from \(configuration.baseURL)")
        }
        var headers = commonHeaders
        headers["Content-Type"] = "application/json; charset=UTF-8"
        let request = HTTPRequest(
            method: .post, url: url, headers: headers, body: JSONValue.object(body).serializedData(),
            timeout: configuration.timeout, allowsRetry: retryable)
        return try await send(request)
    }

    /// GETs with the parameters in the query string, all as strings.
    func get(service: String, endpoint: String, query: [(String, String)]) async throws(PaytronixError) -> (
        JSONValue, Int
    ) {
        let all = [("merchantId", String(configuration.merchantId))] + query
        guard let url = configuration.url(service: service, endpoint: endpoint, query: all) else {
            throw .transport("cannot build a URL from \(configuration.baseURL)")
        }
        let request = HTTPRequest(
            method: .get, url: url, headers: commonHeaders, timeout: configuration.timeout, allowsRetry: true)
        return try await send(request)
    }

    private var commonHeaders: HTTPHeaders {
        ["Authorization": configuration.basicAuthorization, "Accept": "application/json", "User-Agent": Self.userAgent]
    }

    private func send(_ request: HTTPRequest) async throws(PaytronixError) -> (JSONValue, Int) {
        let executor = RetryExecutor(policy: configuration.retryPolicy, sleep: sleep)
        let outcome = await executor.run(request, on: transport)
        switch outcome.result {
        case .failure(let error):
            throw .transport(error.description)
        case .success(let response):
            return (try Self.decodeEnvelope(response), response.statusCode)
        }
    }

    /// Reads the body whatever the status: success replies are returned, failures thrown.
    static func decodeEnvelope(_ response: HTTPResponse) throws(PaytronixError) -> JSONValue {
        let text = String(decoding: response.body, as: UTF8.self)
        guard let json = try? JSONValue.parse(response.body), let result = json["result"]?.stringValue else {
            throw .invalidResponse(statusCode: response.statusCode, body: text)
        }
        switch result {
        case "failure":
            throw .failure(
                code: json["errorCode"]?.stringValue ?? "unknown",
                message: json["errorMessage"]?.stringValue ?? "",
                fieldErrors: fieldErrors(json["errorsByField"]), httpStatus: response.statusCode)
        case "invalid_status":
            throw .invalidStatus(accountStatus: json["accountStatus"]?.stringValue ?? "")
        case "success", "cardCreatedSuccess":
            return json
        default:
            throw .invalidResponse(statusCode: response.statusCode, body: text)
        }
    }

    /// `errorsByField` values may be one string or a list of strings.
    static func fieldErrors(_ value: JSONValue?) -> [String: [String]] {
        guard let object = value?.objectValue else { return [:] }
        var result: [String: [String]] = [:]
        for (field, messages) in object {
            switch messages {
            case .string(let message): result[field] = [message]
            case .array(let items): result[field] = items.compactMap(\.stringValue)
            default: continue
            }
        }
        return result
    }
}
