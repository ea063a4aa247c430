import CommerceCore
import Foundation

/// Reads `GET /sandbox/requests`' query: `service`, `path` (prefix or `*` glob), `method`, `status` (`404` or
/// `4xx`), `since` / `until` (ISO-8601, sandbox clock), `after` (a cursor: only entries recorded since),
/// `view` (`full` or `summary`, read by the route) and `limit` (default 100, at most 10,000).
enum JournalQuery {
    static let defaultLimit = 100
    static let maximumLimit = 10_000

    static func filter(from query: [String: String], services: [String]) throws(ControlProblem) -> JournalFilter {
        var filter = JournalFilter(limit: defaultLimit)
        var failures: [(field: String, message: String)] = []
        if let service = query["service"], !service.isEmpty {
            if services.contains(service) {
                filter.service = service
            } else {
                failures.append(("service", "service must be one of \(services.joined(separator: ", "))"))
            }
        }
        if let path = query["path"], !path.isEmpty { filter.path = .prefixOrGlob(path) }
        if let method = query["method"], !method.isEmpty { filter.method = HTTPMethod(rawValue: method.uppercased()) }
        if let status = query["status"], !status.isEmpty {
            if let match = JournalFilter.StatusMatch(status) {
                filter.status = match
            } else {
                failures.append(("status", "status must be a code such as 404 or a class such as 4xx"))
            }
        }
        for key in ["since", "until"] {
            guard let text = query[key], !text.isEmpty else { continue }
            guard let date = ISO8601.parse(text) else {
                failures.append((key, "\(key) must be an ISO-8601 date-time with a time zone"))
                continue
            }
            if key == "since" { filter.since = date } else { filter.until = date }
        }
        if let text = query["after"], !text.isEmpty {
            if let cursor = Int(text), cursor >= 0 {
                filter.recordedAfter = cursor
            } else {
                failures.append(("after", "after must be a cursor from an earlier answer (an integer of 0 or more)"))
            }
        }
        if let view = query["view"], !view.isEmpty, view != "full", view != "summary" {
            failures.append(("view", "view must be full or summary"))
        }
        if let text = query["limit"], !text.isEmpty {
            if let limit = Int(text), (1...maximumLimit).contains(limit) {
                filter.limit = limit
            } else {
                failures.append(("limit", "limit must be an integer from 1 to \(maximumLimit)"))
            }
        }
        guard failures.isEmpty else { throw ControlProblem(failures) }
        return filter
    }
}
