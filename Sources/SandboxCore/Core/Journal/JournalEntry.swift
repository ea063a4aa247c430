import CommerceCore
import Foundation

/// One recorded vendor request and its answer.
public struct JournalEntry: Sendable {
    public let id: Int
    /// The owning service's name, or `nil` for a path no service claims.
    public let service: String?
    public let method: HTTPMethod
    /// Decoded path.
    public let path: String
    public let query: String?
    public let status: Int
    /// When it arrived, by the sandbox clock (what time-based rules saw) and by the wall clock.
    public let time: Date
    public let wallTime: Date
    public let durationSeconds: Double
    public let requestHeaders: HTTPHeaders
    public let requestBody: Data
    public let responseHeaders: HTTPHeaders
    public let responseBody: Data
    /// Bytes cut from each body beyond ``RequestJournal/maximumBodyBytes``.
    public let requestBodyOmitted: Int
    public let responseBodyOmitted: Int
    /// Facts the service attached to its answer (``SandboxResponse/journalNotes``), such as the endpoint called.
    public let notes: JSONObject
    /// The connection was closed instead of answering (a drop fault).
    public let dropped: Bool
    /// Lowercased names of headers masked besides the ones ``JournalRedaction`` always masks: what the services
    /// declared secret when the entry was recorded (``RequestJournal/setSecretHeaders(_:)``).
    package var secretHeaders: Set<String> = []

    package init(
        id: Int, service: String?, method: HTTPMethod, path: String, query: String?, status: Int, time: Date,
        wallTime: Date, durationSeconds: Double, requestHeaders: HTTPHeaders, requestBody: Data,
        responseHeaders: HTTPHeaders = [:], responseBody: Data = Data(), notes: JSONObject = [:], dropped: Bool = false
    ) {
        self.id = id
        self.service = service
        self.method = method
        self.path = path
        self.query = query
        self.status = status
        self.time = time
        self.wallTime = wallTime
        self.durationSeconds = durationSeconds
        self.requestHeaders = requestHeaders
        self.requestBody = requestBody.prefix(RequestJournal.maximumBodyBytes)
        self.requestBodyOmitted = max(0, requestBody.count - RequestJournal.maximumBodyBytes)
        self.responseHeaders = responseHeaders
        self.responseBody = responseBody.prefix(RequestJournal.maximumBodyBytes)
        self.responseBodyOmitted = max(0, responseBody.count - RequestJournal.maximumBodyBytes)
        self.notes = notes
        self.dropped = dropped
    }

    public var userAgent: String? { requestHeaders["User-Agent"] }
    public var host: String? { requestHeaders["Host"] }

    /// The request body as JSON when it parses, else as text (`null` when empty), secrets redacted.
    package var redactedRequestBody: JSONValue {
        JournalRedaction.body(requestBody, contentType: requestHeaders["Content-Type"])
    }
    package var redactedResponseBody: JSONValue {
        JournalRedaction.body(responseBody, contentType: responseHeaders["Content-Type"])
    }

    /// A row of the console's list (`view=summary`): no headers or bodies, so nothing is parsed or redacted.
    package var summaryJSON: JSONValue {
        var object: JSONObject = [
            "id": .integer(Int64(id)), "service": .from(service), "method": .string(method.rawValue),
            "path": .string(path),
            "query": .from(query), "status": .integer(Int64(status)),
            "time": .string(ISO8601.format(time, fraction: .milliseconds)),
            "duration_ms": .double((durationSeconds * 1_000_000).rounded() / 1_000),
        ]
        if dropped { object["dropped"] = true }
        return .object(object)
    }

    /// The shape `GET /sandbox/requests` lists.
    package var json: JSONValue {
        var object: JSONObject = [
            "id": .integer(Int64(id)), "service": .from(service), "method": .string(method.rawValue),
            "path": .string(path),
            "query": .from(query), "status": .integer(Int64(status)),
            "time": .string(ISO8601.format(time, fraction: .milliseconds)),
            "wall_time": .string(ISO8601.format(wallTime, fraction: .milliseconds)),
            "duration_ms": .double((durationSeconds * 1_000_000).rounded() / 1_000),
            "request": [
                "headers": JournalRedaction.headers(requestHeaders, secret: secretHeaders), "body": redactedRequestBody,
            ],
            "response": [
                "headers": JournalRedaction.headers(responseHeaders, secret: secretHeaders),
                "body": redactedResponseBody,
            ],
        ]
        if requestBodyOmitted > 0 { object["request_body_omitted_bytes"] = .integer(Int64(requestBodyOmitted)) }
        if responseBodyOmitted > 0 { object["response_body_omitted_bytes"] = .integer(Int64(responseBodyOmitted)) }
        if dropped { object["dropped"] = true }
        if !notes.isEmpty { object["notes"] = .object(notes) }
        return .object(object)
    }
}
