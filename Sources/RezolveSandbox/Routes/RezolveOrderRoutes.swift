import CommerceCore
import Foundation
import GRDB
import SandboxCore

/// Order history and detail, and the partner's external payment callback (spec §3.5.9–3.5.10).
struct RezolveOrderRoutes: Sendable {
    let endpoint: RezolveEndpoint

    func register(on router: ServiceRoutes) {
        let b3 = RezolveEndpoint.b3
        router.get(b3 + "/order", handler: endpoint.customer(history))
        router.get(
            b3 + "/order/:orderId",
            handler: endpoint.customer { request, caller in
                let id = Int64(request.parameter("orderId"))
                let now = endpoint.now
                let detail = try await endpoint.database.write { db in
                    try RezolveCommerceStore.settleDueCallbacks(now: now, db)
                    let order = try RezolveCommerceStore.order(
                        id, entityId: caller.entityId, db, notFound: .orderNotFound)
                    guard order.isListed else { throw RezolveFailure.orderNotFound }
                    return try RezolveOrderWire.detail(order, customer: caller.customer, partner: caller.partner, db)
                }
                return .json(detail)
            })
        router.post("/api/v3/external/callback/:paymentId", handler: callback)
    }

    /// Orders placed between `from` and `to` (inclusive UTC dates). Either bound may be left out; the
    /// answer echoes the bounds used, defaulting to the first order's date and today.
    @Sendable func history(_ request: SandboxRequest, _ caller: RezolveCaller) async throws -> SandboxResponse {
        let query = request.query
        let invalid = RezolveFailure.validation(3, ["invalid date - #"])
        let bound = { (name: String) throws -> Int? in
            guard let text = query[name] else { return nil }
            guard let day = Self.day(text) else { throw invalid }
            return day
        }
        let from = try bound("from")
        let to = try bound("to")
        if let from, let to, from > to { throw invalid }
        let now = endpoint.now
        let orders = try await endpoint.database.write { db in
            try RezolveCommerceStore.settleDueCallbacks(now: now, db)
            return try RezolveCommerceStore.listedOrders(entityId: caller.entityId, db).map { order in
                (order, try RezolveOrderWire.detail(order, customer: caller.customer, partner: caller.partner, db))
            }
        }
        let today = Int((now.timeIntervalSince1970 / 86_400).rounded(.down))
        let matching = orders.filter { order, _ in
            let day = Int(((order.placedAt ?? order.createdAt) / 86_400).rounded(.down))
            return day >= (from ?? .min) && day <= (to ?? .max)
        }
        return .json([
            "from": .string(Self.text(from ?? today)), "to": .string(Self.text(to ?? today)),
            "count": .integer(Int64(matching.count)), "orders": .array(matching.map(\.1)),
        ])
    }

    /// `YYYY-MM-DD` as days since 1970, or `nil` when it is not a real date.
    static func day(_ text: String) -> Int? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard text.count == 10, parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
            (1...12).contains(month), day >= 1, day <= ISO8601.daysIn(month: month, year: year)
        else { return nil }
        return ISO8601.daysSinceEpoch(year: year, month: month, day: day)
    }

    static func text(_ days: Int) -> String {
        String(ISO8601.format(Date(timeIntervalSince1970: Double(days) * 86_400)).prefix(10))
    }

    /// 204, 400 or 422 with no body (a 500 only comes from an injected fault).
    @Sendable func callback(_ request: SandboxRequest) async throws -> SandboxResponse {
        guard case .object(let body)? = try? JSONValue.parse(request.body),
            let action = body["action"]?.stringValue, action == "approve" || action == "reject"
        else {
            return SandboxResponse(status: 400)
        }
        let reasonValue = body["reason"] ?? .null
        guard reasonValue.isNull || reasonValue.stringValue != nil else { return SandboxResponse(status: 400) }
        let paymentId = request.parameter("paymentId")
        let apiKey = request.headers[RezolveAuthenticator.apiKeyHeader]
        let now = endpoint.now
        let status = try await endpoint.database.write { db in
            try RezolveExternalPayments.callback(
                paymentId: paymentId, action: action, reason: reasonValue.stringValue,
                apiKey: apiKey, now: now, db)
        }
        return SandboxResponse(status: status)
    }
}
