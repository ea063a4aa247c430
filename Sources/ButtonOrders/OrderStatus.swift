/// Where an order is in Button's life cycle.
///
/// Orders start `open`, become `finalized` once their finalization date passes (after which they can no
/// longer change), or end up `deleted` when cancelled. Statuses this version does not know are kept verbatim
/// in ``unknown(_:)`` rather than failing the decode, so a new server status never breaks a client.
public enum OrderStatus: Sendable, Hashable, CustomStringConvertible {
    /// Pending: the order can still be updated or deleted.
    case open
    /// Past its finalization date; commission is earned and the order is frozen.
    case finalized
    /// Cancelled in full through ``ButtonClient/Orders/delete(_:)``.
    case deleted
    /// A status this version of the module does not know, kept as sent.
    case unknown(String)

    /// Maps the wire value; anything unrecognised becomes ``unknown(_:)``.
    public init(rawValue: String) {
        switch rawValue {
        case "open": self = .open
        case "finalized": self = .finalized
        case "deleted": self = .deleted
        default: self = .unknown(rawValue)
        }
    }

    /// The wire value.
    public var rawValue: String {
        switch self {
        case .open: "open"
        case .finalized: "finalized"
        case .deleted: "deleted"
        case .unknown(let value): value
        }
    }

    /// The wire value, for logs.
    public var description: String { rawValue }
}
