/// Where an order is in Button's life cycle.
///
/// Orders start `open`, become `finalized` once their finalization date passes (after which they can no
/// longer change), or end up `deleted` when cancelled. Statuses this version does not know are kept verbatim
/// in ``unknown(_:)`` rather than failing the decode, so a new server status never breaks a client.
public enum OrderStatus: Sendable, Hashable, CustomStringConvertible {
    case open
    case finalized
    case deleted
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

    public var description: String { rawValue }
}
