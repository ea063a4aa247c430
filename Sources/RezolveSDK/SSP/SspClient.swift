import CommerceCore
import Foundation
import Logging

/// Which SSP base URL of ``SspActManagerSettings`` a request goes to.
enum SspService: Sendable {
    /// `auth0Endpoint`: the OAuth proxy.
    case oauth
    /// `sspEndpoint`: resolver, acts, geozones.
    case engagement
    /// `sspActEndpoint`: act submissions.
    case submissions
}

/// One SSP call before the bearer and headers are added.
struct SspRequest: Sendable {
    var method: HTTPMethod
    var service: SspService
    var path: String
    var query: [(String, String)] = []
    var body: Data?
}

/// Sends SSP calls for one ``Rezolve`` instance (spec §3.1, §3.10, §3.5.12): the bearer from the OAuth proxy
/// (cached, refreshed 60 s before it expires), one repeat with a fresh bearer after a 401, the GET retries of
/// the core API, and problem-details errors. Every SSP feature (resolver, acts, submissions, geozones) calls
/// through this.
final class SspClient: Sendable {
    let settings: SspActManagerSettings
    let config: RezolveConfig
    let converter: CoordinatesConverter
    let bearer: SspBearerCache
    /// Ids of acts seen as information pages, so submitting one fails without a request (spec §2.6).
    private let informationPages = Locked<Set<String>>([])

    init(settings: SspActManagerSettings, config: RezolveConfig, converter: CoordinatesConverter = .default) {
        self.settings = settings
        self.config = config
        self.converter = converter
        let oauth = OAuthProxy(settings: settings, config: config)
        bearer = SspBearerCache(clock: config.clock) { () async throws(RezolveError) in try await oauth.fetchBearer() }
    }

    /// Notes whether `act` is an information page (an act may change, so a later answer overrides).
    func remember(_ act: SspAct) {
        informationPages.withLock { ids in
            if act.isInformationPage == true { ids.insert(act.id) } else { ids.remove(act.id) }
        }
    }

    func isInformationPage(_ actId: String) -> Bool { informationPages.get().contains(actId) }

    /// Sends `request` with the current bearer. A 401 invalidates that bearer and repeats the request once
    /// with a new one; any other failure becomes `.sspProblem`.
    func send(_ request: SspRequest) async throws(RezolveError) -> HTTPResponse {
        var repeated = false
        while true {
            let token = try await bearer.token()
            let response = try await Self.sendOnce(request, bearer: token, settings: settings, config: config)
            if response.isSuccess { return response }
            if response.statusCode == 401, !repeated {
                config.logger.debug("SSP bearer refused; fetching a new one", metadata: ["path": "\(request.path)"])
                bearer.invalidate(token)
                repeated = true
                continue
            }
            throw SspProblemDecoding.error(status: response.statusCode, body: response.body)
        }
    }

    func get<T: Decodable>(
        _ type: T.Type, _ service: SspService, _ path: String,
        query: [(String, String)] = []
    ) async throws(RezolveError) -> T {
        let response = try await send(SspRequest(method: .get, service: service, path: path, query: query))
        return try WireCoding.decode(type, from: response.body)
    }

    func post<Body: Encodable, T: Decodable>(
        _ type: T.Type, _ service: SspService, _ path: String,
        json body: Body
    ) async throws(RezolveError) -> T {
        let response = try await send(
            SspRequest(
                method: .post, service: service, path: path,
                body: try WireCoding.encode(body)))
        return try WireCoding.decode(type, from: response.body)
    }

    /// One logical attempt: GETs get the retry policy's repeats on a lost answer or a 503, writes none.
    static func sendOnce(
        _ request: SspRequest, bearer: String?, settings: SspActManagerSettings,
        config: RezolveConfig
    ) async throws(RezolveError) -> HTTPResponse {
        guard let url = url(for: request, settings: settings) else {
            throw .invalidInput(field: "sspEndpoint", reason: "cannot build a URL for \(request.path)")
        }
        var headers: HTTPHeaders = ["Content-Type": "application/json", "Accept": "application/json"]
        if let bearer { headers["Authorization"] = "Bearer \(bearer)" }
        let http = HTTPRequest(
            method: request.method, url: url, headers: headers, body: request.body,
            timeout: config.timeout, allowsRetry: request.method == .get)
        let outcome = await RetryExecutor(policy: config.retryPolicy, sleep: config.sleep).run(
            http, on: config.transport)
        switch outcome.result {
        case .failure(.cancelled): throw .cancelled
        case .failure(let error): throw .transport(error.description)
        case .success(let response): return response
        }
    }

    /// The service's base URL (an absolute `http(s)` URL, trailing slashes ignored) followed by `path`.
    static func url(for request: SspRequest, settings: SspActManagerSettings) -> URL? {
        var base: String
        switch request.service {
        case .oauth: base = settings.auth0Endpoint
        case .engagement: base = settings.sspEndpoint
        case .submissions: base = settings.sspActEndpoint
        }
        base = base.trimmingCharacters(in: .whitespaces)
        while base.hasSuffix("/") { base.removeLast() }
        guard var components = URLComponents(string: base + request.path),
            let scheme = components.scheme?.lowercased(), scheme == "http" || scheme == "https",
            components.host?.isEmpty == false
        else { return nil }
        if !request.query.isEmpty {
            components.queryItems = request.query.map { URLQueryItem(name: $0.0, value: $0.1) }
        }
        return components.url
    }
}

/// `POST /v1/OAuthProxy/token` with the settings' client id, secret and audience.
private struct OAuthProxy: Sendable {
    let settings: SspActManagerSettings
    let config: RezolveConfig

    private struct Credentials: Encodable {
        let clientId: String
        let clientSecret: String
        let apiAudience: String
    }

    private struct Answer: Decodable {
        let bearerToken: String
        let expirationUtc: Date
    }

    func fetchBearer() async throws(RezolveError) -> SspBearer {
        let body = try WireCoding.encode(
            Credentials(
                clientId: settings.auth0ClientId, clientSecret: settings.auth0Secret,
                apiAudience: settings.auth0Audience))
        let request = SspRequest(method: .post, service: .oauth, path: "/v1/OAuthProxy/token", body: body)
        let response = try await SspClient.sendOnce(request, bearer: nil, settings: settings, config: config)
        guard response.isSuccess else {
            throw SspProblemDecoding.error(status: response.statusCode, body: response.body)
        }
        let answer = try WireCoding.decode(Answer.self, from: response.body)
        guard !answer.bearerToken.isEmpty else { throw .decoding("OAuthProxy: empty bearerToken") }
        return SspBearer(token: answer.bearerToken, expiresAt: answer.expirationUtc)
    }
}
