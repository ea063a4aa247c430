import CommerceCore
import Foundation

extension ButtonClient {
    /// The Order API's operations, shaped like Button's Node, Ruby and Python clients
    /// (`client.orders.create/get/update/delete`).
    ///
    /// Every operation is retried under ``Configuration/retryPolicy``. When
    /// ``Configuration/validatesLocally`` is on, bodies and path ids are checked first and a broken rule
    /// throws ``ButtonOrdersError/invalidField(field:message:)`` without sending anything.
    public struct Orders: Sendable {
        let api: OrderAPI

        /// Reports a new order (`POST /v1/order`).
        ///
        /// Creating is not idempotent, so retries need care: if an earlier attempt got no answer (or a 5xx)
        /// and a retry is refused with `order_exists`, the first attempt most likely went through. The
        /// client then fetches the order and returns it if it is still `open`; otherwise the conflict is
        /// thrown.
        public func create(_ order: OrderPayload) async throws(ButtonOrdersError) -> ReportedOrder {
            let body = order.jsonValue(includingOrderId: true)
            try api.validate(body, as: .create)
            let request = try api.builder.request(.post, path: OrderRequestBuilder.createPath, body: body)
            let (result, ambiguous) = await api.execute(request)
            do {
                return try OrderResponseReader.order(result)
            } catch {
                guard ambiguous, case .conflict(type: "order_exists", _) = error,
                    let existing = try? await get(order.orderId), existing.status == .open
                else { throw error }
                return existing
            }
        }

        /// Reads one order (`GET /v1/order/{id}`) by the merchant's order id or Button's `btnorder-…` id.
        /// A deleted order is returned with status ``OrderStatus/deleted``.
        public func get(_ orderId: String) async throws(ButtonOrdersError) -> ReportedOrder {
            try api.validatePathId(
                orderId, field: "order_id", message: "order_id must be 1 to 255 printable ASCII characters")
            let request = try api.builder.request(.get, path: OrderRequestBuilder.orderPath(orderId))
            return try OrderResponseReader.order(await api.execute(request).result)
        }

        /// Replaces an order's state (`POST /v1/order/{id}`). Send the complete new state: line items,
        /// customer and customer order id left out are cleared (that is how partial returns are reported).
        /// `order.orderId` must equal `orderId`, or be empty to leave it out of the body.
        public func update(_ orderId: String, _ order: OrderPayload) async throws(ButtonOrdersError) -> ReportedOrder {
            try api.validatePathId(
                orderId, field: "order_id", message: "order_id must be 1 to 255 printable ASCII characters")
            let body = order.jsonValue(includingOrderId: !order.orderId.isEmpty)
            try api.validate(body, as: .update(pathOrderId: orderId))
            let request = try api.builder.request(.post, path: OrderRequestBuilder.orderPath(orderId), body: body)
            return try OrderResponseReader.order(await api.execute(request).result)
        }

        /// Cancels a whole order (`DELETE /v1/order/{id}`). Deleting an already deleted order succeeds.
        public func delete(_ orderId: String) async throws(ButtonOrdersError) {
            try api.validatePathId(
                orderId, field: "order_id", message: "order_id must be 1 to 255 printable ASCII characters")
            let request = try api.builder.request(.delete, path: OrderRequestBuilder.orderPath(orderId))
            _ = try OrderResponseReader.envelope(await api.execute(request).result)
        }

        /// Every order carrying an attribution token (`GET /v1/order/btn-ref/{btn_ref}`), in creation order
        /// and whatever their status; empty when there are none. This mirrors Button's Node client.
        public func getByBtnRef(_ btnRef: String) async throws(ButtonOrdersError) -> [ReportedOrder] {
            try api.validatePathId(
                btnRef, field: "btn_ref", message: "btn_ref must be a URL-safe string of at most 255 characters")
            let request = try api.builder.request(.get, path: OrderRequestBuilder.btnRefPath(btnRef))
            return try OrderResponseReader.orders(await api.execute(request).result)
        }
    }
}
