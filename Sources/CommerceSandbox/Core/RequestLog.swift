import CommerceCore
import Foundation

/// The most recent requests to vendor routes (not `/sandbox/...`), kept in memory so tests can count
/// attempts or prove that no request was made.
///
/// Entries are kept per service prefix, the first path segment (`/v1` for Button, `/rest` for Paytronix …),
/// each with its own `capacity`, so heavy traffic to one service never evicts another's entries (Button's
/// spec keeps its last 1000 `/v1/*` requests, §5.3.8). The number of prefixes is bounded too: once
/// `maximumPrefixes` are in use, requests under further prefixes share one overflow partition, so stray
/// paths cannot grow the log without limit.
public final class RequestLog: @unchecked Sendable {
    public struct Entry: Sendable {
        public let method: HTTPMethod
        public let path: String
        public let query: String?
        public let status: Int
        public let time: Date
        public let userAgent: String?
        public let host: String?
        public let body: Data

        public var json: JSONValue {
            var object: JSONObject = [
                "method": .string(method.rawValue), "path": .string(path), "status": .integer(Int64(status)),
                "time": .string(ISO8601.format(time, fraction: .milliseconds)), "user_agent": .from(userAgent),
            ]
            object["body"] = (try? JSONValue.parse(body)) ?? .from(body.isEmpty ? nil : String(decoding: body, as: UTF8.self))
            return .object(object)
        }
    }

    /// An entry plus its recording number, which orders entries of the same instant across partitions.
    private struct Recorded {
        let sequence: Int
        let entry: Entry
    }

    private let capacity: Int
    private let maximumPrefixes: Int
    private let lock = NSLock()
    private var partitions: [String: [Recorded]] = [:]
    private var recorded = 0

    /// The key of the partition shared by prefixes beyond `maximumPrefixes`; no path segment can equal it.
    private static let overflowKey = ""

    /// - Parameters:
    ///   - capacity: entries kept per service prefix.
    ///   - maximumPrefixes: prefixes that get a partition of their own.
    public init(capacity: Int = 1000, maximumPrefixes: Int = 32) {
        self.capacity = max(1, capacity)
        self.maximumPrefixes = max(0, maximumPrefixes)
    }

    /// `/v1/order/1989` → `/v1`; a path without a second `/` is its own prefix.
    static func servicePrefix(of path: String) -> String {
        guard path.hasPrefix("/") else { return "/" }
        let rest = path.dropFirst()
        return "/" + (rest.firstIndex(of: "/").map { rest[..<$0] } ?? rest)
    }

    /// Keeps entries in arrival order, although a slow response (an `after` fault) is recorded late.
    func record(_ entry: Entry) {
        lock.withLock {
            let key = partitionKey(for: entry.path)
            var entries = partitions[key, default: []]
            recorded += 1
            let position = entries.lastIndex { $0.entry.time <= entry.time }.map { $0 + 1 } ?? 0
            entries.insert(Recorded(sequence: recorded, entry: entry), at: position)
            if entries.count > capacity { entries.removeFirst(entries.count - capacity) }
            partitions[key] = entries
        }
    }

    /// Called with the lock held.
    private func partitionKey(for path: String) -> String {
        let prefix = Self.servicePrefix(of: path)
        if partitions[prefix] != nil { return prefix }
        let ownPartitions = partitions.keys.count { $0 != Self.overflowKey }
        return ownPartitions < maximumPrefixes ? prefix : Self.overflowKey
    }

    /// Entries oldest first, optionally only those whose path starts with `pathPrefix`.
    public func entries(pathPrefix: String = "") -> [Entry] {
        lock.withLock {
            partitions.values.joined()
                .filter { $0.entry.path.hasPrefix(pathPrefix) }
                .sorted { ($0.entry.time, $0.sequence) < ($1.entry.time, $1.sequence) }
                .map(\.entry)
        }
    }

    public func removeAll(pathPrefix: String = "") {
        lock.withLock {
            for key in Array(partitions.keys) {
                let kept = partitions[key, default: []].filter { !$0.entry.path.hasPrefix(pathPrefix) }
                // An emptied partition is dropped, so its slot can go to another prefix.
                partitions[key] = kept.isEmpty ? nil : kept
            }
        }
    }
}
