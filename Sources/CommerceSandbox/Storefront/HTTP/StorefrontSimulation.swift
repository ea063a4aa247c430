import CommerceCore
import Foundation
import GRDB

/// Per-shop simulation settings (spec §5.14). This issue serves `failNext`, `latencyMs`,
/// `dateTimeFractionalSeconds` and `customerAccessTokenTTLSeconds`; the readiness keys are stored and
/// validated for the checkout issue.
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
                    throw .invalid(field: key, message: "\(key) must be an integer in \(range.lowerBound)...\(min(range.upperBound, 10_000_000))")
                }
            } else if key == "asyncDeadlineSeconds" || key == "customerAccessTokenTTLSeconds" {
                guard let number = value.doubleValue, number >= 0 else { throw .invalid(field: key, message: "\(key) must be a number ≥ 0") }
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
        guard case .object(let object) = value else { throw .invalid(field: "failNext", message: "failNext must be an object or null") }
        guard let count = object["count"]?.integerValue, count >= 1 else {
            throw .invalid(field: "failNext.count", message: "failNext.count must be an integer ≥ 1")
        }
        _ = count
        if let status = object["status"] {
            guard let code = status.integerValue, allowedFailureStatuses.contains(code) else {
                throw .invalid(field: "failNext.status", message: "failNext.status must be one of 429, 500, 502, 503, 504")
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

    /// What one use of `failNext` asks of the GraphQL endpoint.
    enum Failure {
        /// Answer this instead of running the request.
        case answer(SandboxResponse)
        /// Run the request, then close the connection without its answer (a response lost after commit).
        case dropConnection
    }

    /// Takes one use of the shop's `failNext`, if any.
    static func takeFailure(_ database: SandboxDatabase, shopID: Int64) async throws -> Failure? {
        let failure: JSONObject? = try await database.write { db in
            guard let shop = try ShopRecord.find(db, id: shopID), case .object(var failNext)? = shop.simulation["failNext"],
                  let count = failNext["count"]?.integerValue, count > 0 else { return nil }
            var simulation = shop.simulation
            if count <= 1 {
                simulation["failNext"] = .null
            } else {
                failNext["count"] = .integer(count - 1)
                simulation["failNext"] = .object(failNext)
            }
            try db.execute(sql: "UPDATE storefront_shops SET simulation = ? WHERE id = ?",
                           arguments: [JSONValue.object(simulation).serialized(), shopID])
            return failNext
        }
        guard let failure else { return nil }
        if let code = failure["graphQLErrorCode"]?.stringValue {
            return .answer(.json(["errors": [["message": code == "THROTTLED" ? "Throttled" : "Simulated failure.",
                                              "extensions": ["code": .string(code)]]]],
                                 headers: ["X-Request-Id": UUID().uuidString.lowercased()]))
        }
        // Asking for a drop means no answer at all, whatever status came with it.
        if failure["dropConnection"]?.boolValue == true { return .dropConnection }
        let status = Int(failure["status"]?.integerValue ?? 503)
        var headers: HTTPHeaders = ["X-Request-Id": UUID().uuidString.lowercased()]
        if status == 429 { headers["Retry-After"] = "1" }
        return .answer(.json(StorefrontHTTPErrors.envelope("Simulated failure.", code: "SANDBOX_SIMULATED_FAILURE"),
                             status: status, headers: headers))
    }
}
