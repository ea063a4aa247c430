import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Posts the simulated app's HTML forms like a browser, but stops at the 303: its `Location` is the merchant
/// app's custom-scheme URL, which URLSession cannot (and should not) follow.
// @unchecked: the lazy `session` is made by the first `post`; a journey posts one form at a time from one task.
final class ATHMFormPoster: NSObject, URLSessionTaskDelegate, @unchecked Sendable {
    struct Answer {
        let status: Int
        let location: String?
        let html: String
    }

    private lazy var session = URLSession(configuration: .ephemeral, delegate: self, delegateQueue: nil)

    /// Sends `fields` as `application/x-www-form-urlencoded` to `url`.
    func post(_ url: URL, fields: [(String, String)]) async throws -> Answer {
        var form = URLComponents()
        form.queryItems = fields.map { URLQueryItem(name: $0.0, value: $0.1) }
        // A form body encodes `+` (and spaces as %20, which form parsers accept).
        let body = (form.percentEncodedQuery ?? "").replacingOccurrences(of: "+", with: "%2B")
        var request = URLRequest(url: url)
        request.httpMethod = "POST"
        request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
        request.httpBody = Data(body.utf8)
        let (data, response) = try await session.data(for: request)
        let http = response as? HTTPURLResponse
        return Answer(
            status: http?.statusCode ?? 0, location: http?.value(forHTTPHeaderField: "Location"),
            html: String(decoding: data, as: UTF8.self))
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void
    ) {
        completionHandler(nil)
    }

    deinit { session.finishTasksAndInvalidate() }
}
