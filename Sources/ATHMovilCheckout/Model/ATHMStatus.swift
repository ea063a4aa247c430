/// The outcome of a payment, as a value to switch on.
public enum ATHMStatus: String, Sendable, CaseIterable {
    case completed
    case cancelled
    case expired
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
