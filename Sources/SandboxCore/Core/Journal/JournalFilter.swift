import CommerceCore
import Foundation

/// Which journal entries a listing wants; every condition is optional.
public struct JournalFilter: Sendable {
    public var service: String?
    /// A path prefix, or a glob when it holds `*` (as fault rules read paths).
    public var path: PathPattern?
    public var method: HTTPMethod?
    /// An exact status (`404`) or a class (`4xx`).
    public var status: StatusMatch?
    /// Sandbox-clock bounds, inclusive.
    public var since: Date?
    public var until: Date?
    public var limit: Int?
    /// Only entries recorded after this journal cursor (``RequestJournal/page(_:)``): what a poller has not seen.
    public var recordedAfter: Int?

    public enum StatusMatch: Sendable, Equatable {
        case exact(Int)
        case hundreds(Int)

        /// `"404"` or `"4xx"`; `nil` for anything else.
        public init?(_ text: String) {
            let lowered = text.lowercased()
            if lowered.count == 3, lowered.hasSuffix("xx"), let digit = Int(lowered.prefix(1)), (1...5).contains(digit)
            {
                self = .hundreds(digit)
            } else if let code = Int(lowered), (100...599).contains(code) {
                self = .exact(code)
            } else {
                return nil
            }
        }

        func matches(_ status: Int) -> Bool {
            switch self {
            case .exact(let code): status == code
            case .hundreds(let digit): status / 100 == digit
            }
        }
    }

    public init(
        service: String? = nil, path: PathPattern? = nil, method: HTTPMethod? = nil, status: StatusMatch? = nil,
        since: Date? = nil, until: Date? = nil, limit: Int? = nil
    ) {
        self.service = service
        self.path = path
        self.method = method
        self.status = status
        self.since = since
        self.until = until
        self.limit = limit
    }

    func keeps(_ entry: JournalEntry) -> Bool {
        if let service, entry.service != service { return false }
        if let path, !path.matches(entry.path) { return false }
        if let method, entry.method != method { return false }
        if let status, !status.matches(entry.status) { return false }
        if let since, entry.time < since { return false }
        if let until, entry.time > until { return false }
        return true
    }
}
