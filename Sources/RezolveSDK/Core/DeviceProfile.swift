import Foundation

/// What an app tells its own authentication server about the device when it asks for a login token, as the
/// Rezolve document's token-renewal sample does (`device_id`, `make`, `os_type`, `os_version`, `locale`).
///
/// The SDK itself does not send it: Rezolve's API takes the device id from the `x-rezolve-device-id` header and
/// the login JWT. ``deviceId`` must be the id the JWT is minted for, which ``Rezolve/deviceProfile`` guarantees.
public struct DeviceProfile: Sendable, Hashable {
    /// The id the login token must carry as `device_id`.
    public var deviceId: String
    /// Maker of the device, such as `Apple`.
    public var make: String
    /// Operating system name, such as `iOS`.
    public var osType: String
    /// Operating system version, such as `17.4.1`.
    public var osVersion: String
    /// The user's locale identifier, such as `en_GB`.
    public var locale: String

    /// Creates a profile from its five parts.
    public init(deviceId: String, make: String, osType: String, osVersion: String, locale: String) {
        self.deviceId = deviceId
        self.make = make
        self.osType = osType
        self.osVersion = osVersion
        self.locale = locale
    }

    /// This device with `deviceId`: maker, system and version as ``DeviceInfo/current`` reports them, and the
    /// current locale.
    public init(deviceId: String) {
        let info = DeviceInfo.current
        self.init(
            deviceId: deviceId, make: info.make, osType: info.os, osVersion: info.osVersion,
            locale: Locale.current.identifier)
    }

    /// The profile as the sample's dictionary writes it, for an app's request body.
    public var dictionary: [String: String] {
        ["device_id": deviceId, "make": make, "os_type": osType, "os_version": osVersion, "locale": locale]
    }
}

extension Rezolve {
    /// This device, with the id the SDK sends (``RezolveConfig/deviceIdProvider``), for the app's request to its
    /// own authentication server.
    public var deviceProfile: DeviceProfile { DeviceProfile(deviceId: config.deviceIdProvider.deviceId) }
}
