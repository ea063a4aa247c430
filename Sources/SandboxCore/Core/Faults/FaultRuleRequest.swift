import CommerceCore
import Foundation

/// Reads the general fault route's rule: `{"method":"POST","path":"/v1/order","count":1,"status":503}` with
/// optional `delay_ms`, `mode` (`before`/`after`), `drop` (`before`/`afterCommit`), `body` and
/// `survives_restart`. `path` is a prefix, or a glob when it holds `*`. Every bad field is named at once.
enum FaultRuleRequest {
    static func rule(from body: JSONObject) throws(ControlProblem) -> FaultRule {
        var failures: [(field: String, message: String)] = []
        func fail(_ field: String, _ message: String) { failures.append((field, message)) }
        let known: Set<String> = [
            "method", "path", "count", "status", "delay_ms", "mode", "drop", "body", "survives_restart",
        ]
        for key in body.keys where !known.contains(key) { fail(key, "\(key) is not a fault rule field") }

        var method: HTTPMethod?
        if let value = present(body["method"]) {
            if let text = value.stringValue, !text.isEmpty, text.allSatisfy({ $0.isLetter && $0.isASCII }) {
                method = HTTPMethod(rawValue: text.uppercased())
            } else {
                fail("method", "method must be an HTTP method such as POST, or left out for every method")
            }
        }
        var path = ""
        if let text = body["path"]?.stringValue, text.hasPrefix("/") {
            if text.hasPrefix("/sandbox/") { fail("path", "faults apply to vendor paths, not to /sandbox/ routes") }
            path = text
        } else {
            fail("path", "path is required: a path prefix starting with /, or a glob with *")
        }
        var count = 1
        if let value = present(body["count"]) {
            if let number = value.integerValue, (1...Int64(FaultRule.maximumCount)).contains(number) {
                count = Int(number)
            } else {
                fail("count", "count must be an integer from 1 to \(FaultRule.maximumCount)")
            }
        }
        var status: Int?
        if let value = present(body["status"]) {
            if let number = value.integerValue, (100...599).contains(number) {
                status = Int(number)
            } else {
                fail("status", "status must be an HTTP status code from 100 to 599")
            }
        }
        var delay = 0
        if let value = present(body["delay_ms"]) {
            if let number = value.integerValue, (0...Int64(FaultRule.maximumDelayMilliseconds)).contains(number) {
                delay = Int(number)
            } else {
                fail("delay_ms", "delay_ms must be an integer from 0 to \(FaultRule.maximumDelayMilliseconds)")
            }
        }
        var timing = FaultRule.Timing.before
        if let value = present(body["mode"]) {
            if let parsed = value.stringValue.flatMap(FaultRule.Timing.init(rawValue:)) {
                timing = parsed
            } else {
                fail("mode", "mode must be before or after")
            }
        }
        var drop: FaultRule.Drop?
        if let value = present(body["drop"]) {
            if let parsed = value.stringValue.flatMap(FaultRule.Drop.init(rawValue:)) {
                drop = parsed
            } else {
                fail("drop", "drop must be before or afterCommit")
            }
        }
        var survives = false
        if let value = present(body["survives_restart"]) {
            if let flag = value.boolValue {
                survives = flag
            } else {
                fail("survives_restart", "survives_restart must be a boolean")
            }
        }
        let rawBody = present(body["body"])
        if rawBody != nil, status == nil { fail("body", "body needs a status to answer with") }
        if failures.isEmpty, status == nil, drop == nil, delay == 0 {
            fail("status", "give status, delay_ms or drop: a rule must do something")
        }
        guard failures.isEmpty else { throw ControlProblem(failures) }
        return FaultRule(
            method: method, path: .prefixOrGlob(path), count: count, timing: timing, status: status, body: rawBody,
            delayMilliseconds: delay, drop: drop, survivesRestart: survives)
    }

    /// A value that is there and not JSON `null`.
    static func present(_ value: JSONValue?) -> JSONValue? {
        guard let value, value != .null else { return nil }
        return value
    }
}
