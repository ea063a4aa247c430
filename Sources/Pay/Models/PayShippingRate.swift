import Foundation

/// A shipping option the checkout offers for the buyer's address.
public struct PayShippingRate: Sendable, Equatable {
    /// When the parcel is expected, as a span of dates.
    public struct DeliveryRange: Sendable, Equatable {
        /// The earliest expected delivery date.
        public var from: Date
        /// The latest expected delivery date, if known.
        public var to: Date?

        /// Creates a delivery estimate.
        public init(from: Date, to: Date? = nil) {
            self.from = from
            self.to = to
        }

        /// The estimate as text relative to `date`: `1 day`, `3 days` or `1 - 6 days`, counting whole
        /// calendar days between the start of `date`'s day and the start of each end's day.
        public func descriptionFrom(_ date: Date, calendar: Calendar = .current) -> String {
            let start = Self.days(from: date, to: from, calendar: calendar)
            guard let to else { return start == 1 ? "1 day" : "\(start) days" }
            let end = Self.days(from: date, to: to, calendar: calendar)
            return "\(start) - \(end) days"
        }

        private static func days(from: Date, to: Date, calendar: Calendar) -> Int {
            let components = calendar.dateComponents(
                [.day], from: calendar.startOfDay(for: from),
                to: calendar.startOfDay(for: to))
            return components.day ?? 0
        }
    }

    /// The checkout's handle for the rate; send it with `checkoutShippingLineUpdate`.
    public var handle: String
    /// The name shown to the buyer.
    public var title: String
    /// The cost of shipping.
    public var price: Decimal
    /// The delivery estimate, when the carrier gives one.
    public var deliveryRange: DeliveryRange?

    /// Creates a shipping rate.
    public init(handle: String, title: String, price: Decimal, deliveryRange: DeliveryRange? = nil) {
        self.handle = handle
        self.title = title
        self.price = price
        self.deliveryRange = deliveryRange
    }

    /// The rate as a payment-sheet shipping method; `detail` is the delivery estimate relative to `date`.
    public func shippingMethod(relativeTo date: Date = Date(), calendar: Calendar = .current) -> PayShippingMethod {
        let detail = deliveryRange?.descriptionFrom(date, calendar: calendar) ?? "No delivery estimate provided."
        return PayShippingMethod(identifier: handle, label: title, amount: price, detail: detail)
    }
}
