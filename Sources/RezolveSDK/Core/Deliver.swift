import Foundation

/// Runs an async call and hands its result to a callback on the main actor.
///
/// Every callback form of the SDK is built on this, so the callback and async forms cannot drift apart.
enum Deliver {
    static func run<T: Sendable>(
        _ work: @escaping @Sendable () async throws(RezolveError) -> T,
        completion: @escaping @MainActor (Result<T, RezolveError>) -> Void
    ) {
        Task {
            let result: Result<T, RezolveError>
            do throws(RezolveError) { result = .success(try await work()) } catch { result = .failure(error) }
            await MainActor.run { completion(result) }
        }
    }

    /// For the seed's `Result<Price, Error>` callbacks; the error is always a ``RezolveError`` at run time.
    static func runUntyped<T: Sendable>(
        _ work: @escaping @Sendable () async throws(RezolveError) -> T,
        completion: @escaping @MainActor (Result<T, any Error>) -> Void
    ) {
        run(work) { result in completion(result.mapError { $0 as any Error }) }
    }

    /// For the legacy `callback` / `errorCallback(HttpResponse)` pairs.
    static func legacy<T: Sendable>(
        _ work: @escaping @Sendable () async throws(RezolveError) -> T,
        callback: @escaping @MainActor (T) -> Void,
        errorCallback: @escaping @MainActor (HttpResponse) -> Void
    ) {
        run(work) { result in
            switch result {
            case .success(let value): callback(value)
            case .failure(let error): errorCallback(HttpResponse(error: error))
            }
        }
    }
}

/// The error type of the seed's legacy callbacks: the HTTP status, the error body and the decoded error.
public struct HttpResponse: Sendable, Error {
    /// The HTTP status, or 0 when no HTTP answer was involved (a local check or a lost connection).
    public let statusCode: Int
    /// The error envelope the server sent (re-encoded), or `nil` for local failures.
    public let body: Data?
    /// The full error the call failed with, for code that needs more than the status.
    public let error: RezolveError

    /// Creates a response, for tests of legacy callback code.
    public init(statusCode: Int, body: Data?, error: RezolveError) {
        self.statusCode = statusCode
        self.body = body
        self.error = error
    }

    init(error: RezolveError) {
        var body: Data?
        if let apiError = error.apiError {
            let entry = ["type": apiError.type, "code": apiError.code, "message": apiError.message]
            body = try? JSONEncoder().encode(["errors": [entry]])
        }
        self.init(statusCode: error.statusCode ?? 0, body: body, error: error)
    }
}
