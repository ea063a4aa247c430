import CommerceCore
import Foundation

/// The last 500 GraphQL requests, in memory, for `GET /sandbox/storefront/requests` (spec §5.15, §5.16).
final class StorefrontRequestLog: @unchecked Sendable {
    struct Entry: Sendable {
        let time: Date
        let route: String
        let status: Int
        let tokenSuffix: String?
        let queryTag: String
        let operation: String?

        var json: JSONValue {
            ["time": .string(ISO8601.format(time, fraction: .milliseconds)), "route": .string(route), "status": .integer(Int64(status)),
             "token": .from(tokenSuffix), "queryTag": .string(queryTag), "operation": .from(operation)]
        }
    }

    private let lock = NSLock()
    private var entries: [Entry] = []
    private let capacity = 500

    func record(_ entry: Entry) {
        lock.withLock {
            entries.append(entry)
            if entries.count > capacity { entries.removeFirst(entries.count - capacity) }
        }
    }

    /// The newest `limit` entries, oldest first.
    func last(_ limit: Int) -> [Entry] { lock.withLock { Array(entries.suffix(max(0, limit))) } }

    func removeAll() { lock.withLock { entries.removeAll() } }
}
