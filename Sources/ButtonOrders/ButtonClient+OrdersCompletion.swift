import CommerceCore

// Completion-handler forms for callers that are not in an async context. Each one starts a task that runs
// the async operation, so the behaviour (validation, retries, create-safety) is identical by construction.
extension ButtonClient.Orders {
    /// ``create(_:)`` with a completion handler, called once on an arbitrary thread.
    /// - Returns: the task doing the work; cancelling it ends the request with a transport error.
    @discardableResult
    public func create(
        _ order: OrderPayload,
        completion: @escaping @Sendable (Result<ReportedOrder, ButtonOrdersError>) -> Void
    ) -> Task<Void, Never> {
        run(completion) { () async throws(ButtonOrdersError) in try await create(order) }
    }

    /// ``get(_:)`` with a completion handler, called once on an arbitrary thread.
    @discardableResult
    public func get(
        _ orderId: String,
        completion: @escaping @Sendable (Result<ReportedOrder, ButtonOrdersError>) -> Void
    ) -> Task<Void, Never> {
        run(completion) { () async throws(ButtonOrdersError) in try await get(orderId) }
    }

    /// ``update(_:_:)`` with a completion handler, called once on an arbitrary thread.
    @discardableResult
    public func update(
        _ orderId: String, _ order: OrderPayload,
        completion: @escaping @Sendable (Result<ReportedOrder, ButtonOrdersError>) -> Void
    ) -> Task<Void, Never> {
        run(completion) { () async throws(ButtonOrdersError) in try await update(orderId, order) }
    }

    /// ``delete(_:)`` with a completion handler, called once on an arbitrary thread.
    @discardableResult
    public func delete(
        _ orderId: String,
        completion: @escaping @Sendable (Result<Void, ButtonOrdersError>) -> Void
    ) -> Task<Void, Never> {
        run(completion) { () async throws(ButtonOrdersError) in try await delete(orderId) }
    }

    /// ``getByBtnRef(_:)`` with a completion handler, called once on an arbitrary thread.
    @discardableResult
    public func getByBtnRef(
        _ btnRef: String,
        completion: @escaping @Sendable (Result<[ReportedOrder], ButtonOrdersError>) -> Void
    ) -> Task<Void, Never> {
        run(completion) { () async throws(ButtonOrdersError) in try await getByBtnRef(btnRef) }
    }

    private func run<Value: Sendable>(
        _ completion: @escaping @Sendable (Result<Value, ButtonOrdersError>) -> Void,
        _ operation: @escaping @Sendable () async throws(ButtonOrdersError) -> Value
    ) -> Task<Void, Never> {
        Task {
            do throws(ButtonOrdersError) {
                completion(.success(try await operation()))
            } catch {
                completion(.failure(error))
            }
        }
    }
}
