import Foundation

extension ButtonMerchant {
    /// The seed's order signal. It now sends exactly what ``reportOrder(_:completion:)`` sends, to the
    /// same endpoint with the same retries, and completes with `nil` on success.
    @available(*, deprecated, renamed: "reportOrder(_:completion:)")
    public static func trackOrder(_ order: Order, completion: (@Sendable (Error?) -> Void)? = nil) {
        reportOrder(order, completion: completion)
    }

    /// The seed's unlabeled spelling, `ButtonMerchant.trackOrder(order, nil)`.
    ///
    /// Disfavored so that a trailing-closure call, `trackOrder(order) { … }`, still resolves to the
    /// labeled form as it does with 1.8.0.
    @available(*, deprecated, renamed: "reportOrder(_:completion:)")
    @_disfavoredOverload
    public static func trackOrder(_ order: Order, _ completion: (@Sendable (Error?) -> Void)?) {
        reportOrder(order, completion: completion)
    }

    /// The async form of ``trackOrder(_:completion:)``.
    @available(*, deprecated, renamed: "reportOrder(_:)")
    public static func trackOrder(_ order: Order) async throws {
        try await reportOrder(order)
    }
}
