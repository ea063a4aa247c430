import CommerceCore
import Foundation

/// The most recent requests to vendor routes (not `/sandbox/...`), kept in memory so tests can count
/// attempts or prove that no request was made.
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

    private let capacity: Int
    private let lock = NSLock()
    private var entries: [Entry] = []

    public init(capacity: Int = 1000) { self.capacity = capacity }

    /// Keeps entries in arrival order, although a slow response (an `after` fault) is recorded late.
    func record(_ entry: Entry) {
        lock.withLock {
            let position = entries.lastIndex { $0.time <= entry.time }.map { $0 + 1 } ?? 0
            entries.insert(entry, at: position)
            if entries.count > capacity { entries.removeFirst(entries.count - capacity) }
        }
    }

    /// Entries oldest first, optionally only those whose path starts with `pathPrefix`.
    public func entries(pathPrefix: String = "") -> [Entry] {
        lock.withLock { entries.filter { $0.path.hasPrefix(pathPrefix) } }
    }

    public func removeAll(pathPrefix: String = "") {
        lock.withLock { entries.removeAll { $0.path.hasPrefix(pathPrefix) } }
    }
}
