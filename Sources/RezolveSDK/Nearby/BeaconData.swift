import Foundation

/// A Bluetooth beacon. Kept for the seed's delegate signature; the portable engine never reports any.
public struct BeaconData: Sendable, Equatable {
    public let identifier: String
    public let distance: Double

    public init(identifier: String, distance: Double) {
        self.identifier = identifier
        self.distance = distance
    }
}
