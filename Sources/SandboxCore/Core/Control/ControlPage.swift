import CommerceCore
import Foundation

/// One page of a control listing (`?limit=&offset=`), so the console and tools never load a whole table.
/// Every paged control route reads its query and answers in this one shape:
/// `{"items": [...], "limit": 25, "offset": 0, "total": 1234}`.
package struct ControlPage: Sendable, Equatable {
    package let limit: Int
    package let offset: Int

    package static let defaultLimit = 25
    package static let maximumLimit = 200

    package init(limit: Int = defaultLimit, offset: Int = 0) {
        self.limit = limit
        self.offset = offset
    }

    /// Reads `limit` (1–200, default 25) and `offset` (0 or more), naming each bad one.
    package static func from(_ query: [String: String]) throws(ControlProblem) -> ControlPage {
        var failures: [(field: String, message: String)] = []
        var limit = defaultLimit
        var offset = 0
        if let text = query["limit"], !text.isEmpty {
            if let value = Int(text), (1...maximumLimit).contains(value) {
                limit = value
            } else {
                failures.append(("limit", "limit must be an integer from 1 to \(maximumLimit)"))
            }
        }
        if let text = query["offset"], !text.isEmpty {
            if let value = Int(text), value >= 0, value <= Int(Int32.max) {
                offset = value
            } else {
                failures.append(("offset", "offset must be an integer of 0 or more"))
            }
        }
        guard failures.isEmpty else { throw ControlProblem(failures) }
        return ControlPage(limit: limit, offset: offset)
    }

    /// The answer for this page's `items` out of `total`.
    package func response(_ items: [JSONValue], total: Int) -> SandboxResponse {
        .json([
            "items": .array(items), "limit": .integer(Int64(limit)), "offset": .integer(Int64(offset)),
            "total": .integer(Int64(total)),
        ])
    }
}
