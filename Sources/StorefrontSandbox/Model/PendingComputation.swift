import CommerceCore
import Foundation

/// Something the real service computes in the background and clients poll for (spec §5.14): it finishes
/// on the poll that finds no polls left, or on any poll after its deadline. Counting polls instead of time
/// makes the sandbox deterministic for tests.
struct PendingComputation: Codable, Sendable, Equatable {
    var polls: Int64
    var deadline: Date

    /// The shop's readiness knobs, read once per mutation.
    struct Settings {
        let checkoutPolls: Int64
        let ratesPolls: Int64
        let paymentPolls: Int64
        let deadlineSeconds: TimeInterval

        init(_ shop: ShopRecord) {
            let simulation = shop.simulation
            checkoutPolls = simulation["checkoutReadyAfterPolls"]?.integerValue ?? 1
            ratesPolls = simulation["shippingRatesReadyAfterPolls"]?.integerValue ?? 1
            paymentPolls = simulation["paymentReadyAfterPolls"]?.integerValue ?? 1
            // Capped at ten years so a huge setting cannot push the deadline past what a Date can encode.
            deadlineSeconds = min(max(simulation["asyncDeadlineSeconds"]?.doubleValue ?? 10, 0), 315_360_000)
        }
    }

    /// One poll: `true` when the computation finishes now, otherwise one poll fewer remains.
    mutating func poll(now: Date) -> Bool {
        if polls <= 0 || now >= deadline { return true }
        polls -= 1
        return false
    }
}
