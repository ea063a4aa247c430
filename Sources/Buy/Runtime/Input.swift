/// A value for an optional field of a GraphQL input object, with three states: a value, an explicit
/// `null`, or nothing at all (the field is left out of the request).
public enum Input<T> {
    /// Send this value; `.value(nil)` sends an explicit `null`, which clears the field on the server.
    case value(T?)
    /// Leave the field out of the request, so the server keeps what it has.
    case undefined

    /// `nil` becomes an explicit `null`.
    public init(orNull optional: T?) {
        self = .value(optional)
    }

    /// `nil` leaves the field out.
    public init(orUndefined optional: T?) {
        if let value = optional { self = .value(value) } else { self = .undefined }
    }
}

extension Input: Sendable where T: Sendable {}
extension Input: Equatable where T: Equatable {}

/// Turns an optional into an ``Input`` whose `nil` is sent as an explicit `null`.
extension Optional {
    /// This optional as an input value where `nil` means an explicit `null`.
    public var orNull: Input<Wrapped> { Input(orNull: self) }

    /// This optional as an input value where `nil` means "leave the field out".
    public var orUndefined: Input<Wrapped> { Input(orUndefined: self) }
}
