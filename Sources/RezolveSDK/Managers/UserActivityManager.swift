import Foundation

/// The customer's order history.
public final class UserActivityManager: Sendable {
    private let core: SessionCore
    init(core: SessionCore) { self.core = core }

    /// Orders placed between the two days (UTC, inclusive): `GET /api/v3/…/order?from=YYYY-MM-DD&to=YYYY-MM-DD`.
    public func getOrders(from: Date, to: Date) async throws(RezolveError) -> OrderHistory {
        try await core.get(
            OrderHistory.self, core.customerPath(3, "/order"),
            query: [("from", WireCoding.queryDate(from)), ("to", WireCoding.queryDate(to))])
    }

    /// `GET /api/v3/…/order/{id}`.
    public func getOrder(id: String) async throws(RezolveError) -> OrderDetails {
        try await core.get(OrderDetails.self, core.customerPath(3, "/order/\(segment(id))"))
    }

    /// Callback form of `getOrders(from:to:)`: the handler runs on the main actor with the orders of the range, or the
    /// error.
    public func getOrders(
        from: Date, to: Date, completionHandler: @escaping @MainActor (Result<OrderHistory, RezolveError>) -> Void
    ) {
        Deliver.run(
            { () async throws(RezolveError) in try await self.getOrders(from: from, to: to) },
            completion: completionHandler)
    }

    /// Callback form of `getOrder(id:)`: the handler runs on the main actor with the order, or the error.
    public func getOrder(
        id: String, completionHandler: @escaping @MainActor (Result<OrderDetails, RezolveError>) -> Void
    ) {
        Deliver.run({ () async throws(RezolveError) in try await self.getOrder(id: id) }, completion: completionHandler)
    }
}
