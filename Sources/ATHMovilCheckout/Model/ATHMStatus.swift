/// The outcome of a payment, as a value to switch on.
public enum ATHMStatus: String, Sendable, CaseIterable {
    /// Paid: the money moved to the business.
    case completed
    /// The customer declined, or the reply could not be read (unknown statuses count here).
    case cancelled
    /// The customer did not answer before the payment's timeout.
    case expired
    /// The payment service could not take the money.
    case failed

    /// Maps a reply's status text (any letter case); anything unknown or missing counts as cancelled.
    init(replyValue: String?) {
        self = replyValue.flatMap { ATHMStatus(rawValue: $0.lowercased()) } ?? .cancelled
    }

    /// Maps the status text of the deprecated reply format (`Success`, `TimeOut`, anything else).
    init(deprecatedValue: String?) {
        switch deprecatedValue {
        case "Success": self = .completed
        case "TimeOut": self = .expired
        default: self = .cancelled
        }
    }
}
