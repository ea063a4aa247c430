#if canImport(UIKit) && !os(watchOS)
import CommerceCore
import Foundation
import UIKit

/// Apple's default device id (spec §2): `UIDevice.current.identifierForVendor?.uuidString`. iOS answers `nil`
/// for a while after a restart until the device is first unlocked; then the stored UUID of
/// ``StoredDeviceIdProvider`` is used instead, so a request is never sent without an id.
///
/// Not compiled on Linux (no UIKit), so it is untested here; `RezolveConfig` picks it only where UIKit exists.
public struct VendorDeviceIdProvider: DeviceIdProvider {
    private let fallback: StoredDeviceIdProvider
    /// The vendor id once read; it does not change while the app runs, and reading it needs the main thread.
    private let cached = Locked<String?>(nil)

    /// Uses `store` for the fallback id, needed while iOS has no vendor id to give.
    public init(store: PersistentStore) { fallback = StoredDeviceIdProvider(store: store) }

    /// The vendor id, or the stored fallback while iOS does not yet have one.
    public var deviceId: String {
        if let known = cached.get() { return known }
        guard let vendor = Self.readVendorIdentifier() else { return fallback.deviceId }
        cached.set(vendor)
        return vendor
    }

    /// `UIDevice` belongs to the main actor; a caller on another thread waits for one main-thread read.
    private static func readVendorIdentifier() -> String? {
        MainActorDelivery.read { UIDevice.current.identifierForVendor?.uuidString }
    }
}
#endif
