import Foundation

/// A Bluetooth beacon. Kept for the seed's delegate signature; the portable engine never reports any.
public struct BeaconData: Sendable, Equatable {
    /// The beacon's identifier as the platform reports it.
    public let identifier: String
    /// Estimated distance to the beacon, in metres.
    public let distance: Double

    /// Creates a beacon reading.
    public init(identifier: String, distance: Double) {
        self.identifier = identifier
        self.distance = distance
    }
}
