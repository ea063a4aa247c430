import CommerceCore
import Foundation
import GRDB
import SandboxCore

/// Per-shop simulation settings (spec §5.14): `failNext`, `latencyMs`, `dateTimeFractionalSeconds`,
/// `customerAccessTokenTTLSeconds`, and the readiness keys checkouts read (see ``PendingComputation``).
enum StorefrontSimulation {
    static let integerKeys: [String: ClosedRange<Int64>] = [
        "checkoutReadyAfterPolls": 0...Int64.max, "shippingRatesReadyAfterPolls": 0...Int64.max,
        "paymentReadyAfterPolls": 0...Int64.max, "latencyMs": 0...10_000,
    ]
    static let defaults: JSONObject = [
        "checkoutReadyAfterPolls": 1, "shippingRatesReadyAfterPolls": 1, "paymentReadyAfterPolls": 1,
        "asyncDeadlineSeconds": 10, "dateTimeFractionalSeconds": false, "latencyMs": 0, "failNext": nil,
    ]
    static let allowedFailureStatuses: Set<Int64> = [429, 500, 502, 503, 504]

    enum Problem: Error {
        case invalid(field: String, message: String)
    }

    /// Merges `update` into `current`, validating each key.
    static func merge(_ update: JSONObject, into current: JSONObject) throws(Problem) -> JSONObject {
        var merged = current
        for (key, value) in update {
            if let range = integerKeys[key] {
                guard let number = value.integerValue, range.contains(number) else {
                    throw .invalid(
                        field: key,
                        message:
                            "\(key) must be an integer in \(range.lowerBound)...\(min(range.upperBound, 10_000_000))")
                }
            } else if key == "asyncDeadlineSeconds" || key == "customerAccessTokenTTLSeconds" {
                guard let number = value.doubleValue, number >= 0 else {
                    throw .invalid(field: key, message: "\(key) must be a number ≥ 0")
                }
            } else if key == "dateTimeFractionalSeconds" {
                guard value.boolValue != nil else { throw .invalid(field: key, message: "\(key) must be a boolean") }
            } else if key == "failNext" {
                if value != .null { try checkFailure(value) }
            } else {
                throw .invalid(field: key, message: "Unknown simulation setting \(key)")
            }
            merged[key] = value
        }
        return merged
    }

    private static func checkFailure(_ value: JSONValue) throws(Problem) {
        guard case .object(let object) = value else {
            throw .invalid(field: "failNext", message: "failNext must be an object or null")
        }
        guard let count = object["count"]?.integerValue, count >= 1 else {
            throw .invalid(field: "failNext.count", message: "failNext.count must be an integer ≥ 1")
        }
        _ = count
        if let status = object["status"] {
            guard let code = status.integerValue, allowedFailureStatuses.contains(code) else {
                throw .invalid(
                    field: "failNext.status", message: "failNext.status must be one of 429, 500, 502, 503, 504")
            }
        } else if object["graphQLErrorCode"]?.stringValue == nil && object["dropConnection"]?.boolValue != true {
            throw .invalid(field: "failNext", message: "failNext needs status, graphQLErrorCode or dropConnection")
        }
    }

    /// Full settings as the control route reports them.
    static func report(_ stored: JSONObject) -> JSONValue {
        var all = defaults
        for (key, value) in stored { all[key] = value }
        return .object(all)
    }

    /// The fault scope of one shop: `failNext` rules fire only for requests made with that shop's tokens.
    static func faultScope(shopID: Int64) -> String { "storefront-shop:\(shopID)" }

    /// `failNext` as a rule of the sandbox's fault injector, kept across restarts as the setting always was:
    /// a GraphQL error code answers 200 with that error, `dropConnection` loses the answer after commit,
    /// otherwise the status answers in Storefront's envelope.
    static func faultRule(shopID: Int64, failNext: JSONObject) -> FaultRule {
        let count = Int(failNext["count"]?.integerValue ?? 1)
        let scope = faultScope(shopID: shopID)
        if let code = failNext["graphQLErrorCode"]?.stringValue {
            return FaultRule(
                method: nil, path: .prefix("/api/"), count: count, scope: scope, status: 200,
                body: [
                    "errors": [
                        [
                            "message": code == "THROTTLED" ? "Throttled" : "Simulated failure.",
                            "extensions": ["code": .string(code)],
                        ]
                    ]
                ],
                survivesRestart: true, origin: .object(failNext))
        }
        // Asking for a drop means no answer at all, whatever status came with it.
        if failNext["dropConnection"]?.boolValue == true {
            return FaultRule(
                method: nil, path: .prefix("/api/"), count: count, scope: scope, drop: .afterCommit,
                survivesRestart: true, origin: .object(failNext))
        }
        return FaultRule(
            method: nil, path: .prefix("/api/"), count: count, scope: scope,
            status: Int(failNext["status"]?.integerValue ?? 503), survivesRestart: true, origin: .object(failNext))
    }

    /// The shop's pending `failNext` as the simulation route reports it: as set, with the uses left.
    static func pendingFailure(_ faults: FaultInjector, shopID: Int64) -> JSONValue {
        guard let rule = faults.all.first(where: { $0.scope == faultScope(shopID: shopID) }),
            case .object(var origin)? = rule.origin
        else { return .null }
        origin["count"] = .integer(Int64(rule.remaining))
        return .object(origin)
    }

    /// Stores a `failNext` update: `null` clears the shop's pending failure, an object replaces it.
    static func apply(failNext: JSONValue, shopID: Int64, to faults: FaultInjector) throws {
        let scope = faultScope(shopID: shopID)
        try faults.removeAll { $0.scope == scope }
        if case .object(let object) = failNext { try faults.add(faultRule(shopID: shopID, failNext: object)) }
    }
}
