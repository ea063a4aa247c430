import CommerceCore
import Foundation

/// Sends through URLSession and remembers every request, how it ended and what the sandbox answered, so
/// journeys can count calls, tell an HTTP answer from a lost connection and read what the app was told.
final class RecordingTransport: HTTPTransport, Sendable {
    /// How one request ended: an HTTP status, or a transport error (no HTTP response at all).
    enum Outcome: Equatable {
        case status(Int)
        case transportError
    }

    private let inner = URLSessionTransport()
    private let log = Locked(Log())

    private struct Log {
        var sent: [HTTPRequest] = []
        /// Each request once it ended, with the answer's body when there was an answer.
        var ended: [(path: String, outcome: Outcome, body: Data?)] = []
        /// The headers of each HTTP answer, with its request's path, in the order they ended.
        var headersSeen: [(path: String, headers: HTTPHeaders)] = []
    }

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        log.withLock { $0.sent.append(request) }
        do {
            let response = try await inner.send(request)
            log.withLock { log in
                log.ended.append((request.url.path, .status(response.statusCode), response.body))
                log.headersSeen.append((request.url.path, response.headers))
            }
            return response
        } catch {
            log.withLock { $0.ended.append((request.url.path, .transportError, nil)) }
            throw error
        }
    }

    var requests: [HTTPRequest] { log[\.sent] }

    /// The headers of the answers to requests on exactly `path`, in the order they ended.
    func answerHeaders(to path: String) -> [HTTPHeaders] {
        log[\.headersSeen].filter { $0.path == path }.map(\.headers)
    }

    /// Outcomes of the requests whose path ends with `pathSuffix`, in the order they ended.
    func outcomes(_ pathSuffix: String) -> [Outcome] {
        log[\.ended].filter { $0.path.hasSuffix(pathSuffix) }.map(\.outcome)
    }

    func count(_ pathSuffix: String) -> Int { requests.filter { $0.url.path.hasSuffix(pathSuffix) }.count }

    /// The JSON bodies of the answers to requests on exactly `path`, in the order they ended.
    func answers(to path: String) -> [JSONValue] {
        log[\.ended].filter { $0.path == path }.compactMap { $0.body.flatMap { try? JSONValue.parse($0) } }
    }
}
