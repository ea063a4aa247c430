import CommerceCore
import Foundation

/// The Paytronix service's in-memory state: injected faults and the request log. Neither survives a restart.
final class PaytronixRuntime: Sendable {
    struct LoggedRequest: Sendable {
        var method: String
        var path: String
        var endpoint: String
        var status: Int
        var errorCode: String?
        var time: Date
        var body: JSONValue

        var json: JSONValue {
            ["method": .string(method), "path": .string(path), "endpoint": .string(endpoint), "status": .integer(Int64(status)),
             "errorCode": .from(errorCode), "time": .string(ISO8601.format(time, fraction: .milliseconds)), "body": body]
        }
    }

    struct Fault: Sendable {
        var id: String
        var method: String
        /// `*` matches any run of characters, e.g. `/rest/*/guest/accountInformation.json`.
        var path: String
        var remaining: Int
        var mode: String
        var status: Int?
        var delayMilliseconds: Int

        var json: JSONValue {
            ["id": .string(id), "method": .string(method), "path": .string(path), "count": .integer(Int64(remaining)),
             "mode": .string(mode), "status": status.map { .integer(Int64($0)) } ?? .null, "delay_ms": .integer(Int64(delayMilliseconds))]
        }

        func matches(method: String, path: String) -> Bool {
            self.method.uppercased() == method.uppercased() && Self.glob(Array(self.path), Array(path))
        }

        private static func glob(_ pattern: [Character], _ text: [Character]) -> Bool {
            var p = 0, t = 0, star = -1, mark = 0
            while t < text.count {
                if p < pattern.count, pattern[p] != "*", pattern[p] == text[t] { p += 1; t += 1 }
                else if p < pattern.count, pattern[p] == "*" { star = p; mark = t; p += 1 }
                else if star >= 0 { p = star + 1; mark += 1; t = mark }
                else { return false }
            }
            while p < pattern.count, pattern[p] == "*" { p += 1 }
            return p == pattern.count
        }
    }

    private let log = LockedValue<[LoggedRequest]>([])
    private let faults = LockedValue<[Fault]>([])
    static let logCapacity = 1000

    func record(_ entry: LoggedRequest) {
        log.withValue { entries in
            entries.append(entry)
            if entries.count > Self.logCapacity { entries.removeFirst(entries.count - Self.logCapacity) }
        }
    }

    var requests: [LoggedRequest] { log.value }

    func addFault(_ fault: Fault) { faults.withValue { $0.append(fault) } }
    var allFaults: [Fault] { faults.value }

    /// Takes one use of the first matching fault.
    func consumeFault(method: String, path: String) -> Fault? {
        faults.withValue { list in
            guard let index = list.firstIndex(where: { $0.remaining > 0 && $0.matches(method: method, path: path) }) else { return nil }
            list[index].remaining -= 1
            let fault = list[index]
            if fault.remaining == 0 { list.remove(at: index) }
            return fault
        }
    }

    func clearFaults() { faults.value = [] }

    func clear() {
        log.value = []
        faults.value = []
    }

    /// Passwords, secrets and tokens replaced by `***` before a body is shown.
    static func masked(_ value: JSONValue) -> JSONValue {
        let secret: Set<String> = ["password", "client_secret", "access_token", "refresh_token", "registrationCode", "p12"]
        switch value {
        case .object(let object):
            return .object(JSONObject(object.map { ($0.key, secret.contains($0.key) ? "***" : masked($0.value)) }))
        case .array(let items):
            return .array(items.map(masked))
        default:
            return value
        }
    }
}
