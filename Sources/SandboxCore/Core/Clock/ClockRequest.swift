import CommerceCore
import Foundation

/// Reads the general clock routes' bodies. `POST /sandbox/clock` takes exactly one of: `now` (ISO-8601, with
/// optional `frozen`), `advance_seconds` / `advance_days`, `frozen` alone (stop or restart the clock where it
/// is), or `"real": true` (back to wall time). `POST /sandbox/clock/advance` takes `seconds` and/or `days`.
package enum ClockRequest {
    static func change(from body: JSONObject) throws(ControlProblem) -> SandboxContext.ClockChange {
        let known: Set<String> = ["now", "frozen", "advance_seconds", "advance_days", "real"]
        if let unknown = body.keys.first(where: { !known.contains($0) }) {
            throw ControlProblem(
                field: unknown,
                "\(unknown) is not a clock field; use now, frozen, advance_seconds, advance_days or real")
        }
        let frozen = try flag(body, "frozen")
        if let value = FaultRuleRequest.present(body["now"]) {
            guard let text = value.stringValue, let instant = ISO8601.parse(text) else {
                throw ControlProblem(field: "now", "now must be an ISO-8601 date-time with a time zone")
            }
            return .set(instant, frozen: frozen ?? false)
        }
        if body["advance_seconds"] != nil || body["advance_days"] != nil {
            return .advance(seconds: try seconds(body, keys: [("advance_seconds", 1), ("advance_days", 86_400)]))
        }
        if try flag(body, "real") == true { return .real }
        if let frozen { return .freeze(frozen) }
        throw ControlProblem(field: "now", "give now, advance_seconds, advance_days, frozen or real")
    }

    /// `{"now": …, "frozen": …}`: the shape every service's set-the-clock alias documents.
    package static func set(from body: JSONObject) throws(ControlProblem) -> SandboxContext.ClockChange {
        guard let text = body["now"]?.stringValue, let instant = ISO8601.parse(text) else {
            throw ControlProblem(field: "now", "now must be an ISO-8601 date-time with a time zone")
        }
        return .set(instant, frozen: try flag(body, "frozen") ?? false)
    }

    package static func advance(from body: JSONObject) throws(ControlProblem) -> TimeInterval {
        try seconds(body, keys: [("seconds", 1), ("days", 86_400)])
    }

    /// The sum of the given keys' positive numbers, at most ``SandboxClock/maximumMove``.
    private static func seconds(_ body: JSONObject, keys: [(String, Double)]) throws(ControlProblem) -> TimeInterval {
        var total = 0.0
        var failures: [(field: String, message: String)] = []
        for (key, unit) in keys {
            guard let value = FaultRuleRequest.present(body[key]) else { continue }
            if let number = value.doubleValue, number > 0, number.isFinite {
                total += number * unit
            } else {
                failures.append((key, "\(key) must be a number greater than 0"))
            }
        }
        if failures.isEmpty, total <= 0 {
            failures.append((keys[0].0, "\(keys.map(\.0).joined(separator: " or ")) must be a number greater than 0"))
        } else if failures.isEmpty, !SandboxClock.isAcceptableMove(total) {
            // Name the key the caller used: days when only days were given.
            let field = keys.first { FaultRuleRequest.present(body[$0.0]) != nil }?.0 ?? keys[0].0
            failures.append((field, "the clock moves at most 100 years at a time (36525 days)"))
        }
        guard failures.isEmpty else { throw ControlProblem(failures) }
        return total
    }

    private static func flag(_ body: JSONObject, _ key: String) throws(ControlProblem) -> Bool? {
        guard let value = FaultRuleRequest.present(body[key]) else { return nil }
        guard let flag = value.boolValue else { throw ControlProblem(field: key, "\(key) must be a boolean") }
        return flag
    }
}
