import CommerceCore
import Foundation
import Logging

/// One core API call as a manager describes it, before headers and the token are added.
struct CoreRequest: Sendable {
    var method: HTTPMethod
    var path: String
    var query: [(String, String)] = []
    var body: Data?
    /// Only `buy` has one; it is kept for that call's retries and for the repeat after a renewal.
    var idempotencyKey: String?

    /// GETs and `buy` may be repeated after a lost response or a 503; other writes never are (§3.10).
    var mayRetry: Bool { method == .get || idempotencyKey != nil }
}

/// Sends core API calls for one ``Rezolve`` instance: common headers, retries, the token renewal of §3.3 and
/// the translation of error envelopes.
struct CoreClient: Sendable {
    let environment: RezolveEnv
    let apiKey: String
    let config: RezolveConfig

    /// Sends `request` with `auth`'s token. A 401 with code 8 calls `renewer` (at most once for this call, and
    /// shared with concurrent calls) and repeats the request once. 403 is never retried.
    func send(
        _ request: CoreRequest, auth: SessionAuth,
        renewer: (@Sendable () async throws -> String)?
    ) async throws(RezolveError) -> HTTPResponse {
        var token = try auth.tokenForRequest()
        var repeated = false
        while true {
            let response = try await sendOnce(request, bearer: token, withDevice: true)
            if response.isSuccess { return response }
            if !repeated, let renewer, ErrorEnvelope.isExpiredToken(status: response.statusCode, body: response.body) {
                config.logger.debug("Rezolve token expired; renewing once", metadata: ["path": "\(request.path)"])
                token = try await auth.renewedToken(after: token, renew: renewer)
                repeated = true
                continue
            }
            throw ErrorEnvelope.error(status: response.statusCode, body: response.body)
        }
    }

    /// One logical attempt (with the retry policy's repeats), returning any HTTP answer.
    func sendOnce(_ request: CoreRequest, bearer: String, withDevice: Bool) async throws(RezolveError) -> HTTPResponse {
        guard let url = environment.url(path: request.path, query: request.query) else {
            throw .invalidInput(field: "path", reason: "cannot build a URL from \(request.path)")
        }
        var headers: HTTPHeaders = [
            "Content-Type": "application/json",
            "Accept": "application/json",
            "x-rezolve-partner-apikey": apiKey,
            "Authorization": "Bearer \(bearer)",
        ]
        if withDevice { headers["x-rezolve-device-id"] = config.deviceIdProvider.deviceId }
        if let key = request.idempotencyKey { headers["Idempotency-Key"] = key }
        let http = HTTPRequest(
            method: request.method, url: url, headers: headers, body: request.body,
            timeout: config.timeout, allowsRetry: request.mayRetry)
        let executor = RetryExecutor(policy: config.retryPolicy, sleep: config.sleep)
        let outcome = await executor.run(http, on: config.transport)
        switch outcome.result {
        case .failure(.cancelled):
            throw .cancelled
        case .failure(let error):
            config.logger.debug("Rezolve call got no response", metadata: ["path": "\(request.path)"])
            throw .transport(error.description)
        case .success(let response):
            config.logger.debug(
                "Rezolve call answered",
                metadata: [
                    "method": "\(request.method)", "path": "\(request.path)", "status": "\(response.statusCode)",
                ])
            return response
        }
    }
}

/// Percent-encodes one path segment, so an id can never add a segment or a query.
func segment(_ value: String) -> String {
    var allowed = CharacterSet.urlPathAllowed
    allowed.remove(charactersIn: "/?#")
    return value.addingPercentEncoding(withAllowedCharacters: allowed) ?? value
}
