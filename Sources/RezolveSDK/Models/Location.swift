import Foundation

/// A point on Earth. The seed's initialiser takes longitude first; the wire object is `{latitude, longitude}`.
public struct RezolveLocation: Sendable, Equatable, Codable {
    /// Degrees north of the equator, from -90 to 90.
    public var latitude: Double
    /// Degrees east of Greenwich, from -180 to 180.
    public var longitude: Double

    /// Creates a point from degrees; note longitude comes first, as in the seed.
    public init(longitude: Double, latitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }

    enum CodingKeys: String, CodingKey { case latitude, longitude }

    /// Reads `{latitude, longitude}`; both are required numbers.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        latitude = try c.decode(Double.self, forKey: .latitude)
        longitude = try c.decode(Double.self, forKey: .longitude)
    }
}

/// Describes the device for the search calls, sent as the six parts joined with `|`.
public struct DeviceInfo: Sendable, Equatable {
    /// Maker of the device, such as `Apple`.
    public var make: String
    /// Operating system name, such as `iOS`.
    public var os: String
    /// Operating system version, such as `17.4.1`.
    public var osVersion: String
    /// Device model; ``current`` reports the CPU architecture instead.
    public var model: String
    /// The app's bundle id or process name.
    public var app: String
    /// The app's marketing version.
    public var appVersion: String

    /// Creates a description from its six parts.
    public init(make: String, os: String, osVersion: String, model: String, app: String, appVersion: String) {
        self.make = make
        self.os = os
        self.osVersion = osVersion
        self.model = model
        self.app = app
        self.appVersion = appVersion
    }

    /// The wire form, `make|os|osVersion|model|app|appVersion`; a `|` inside a part becomes `/`.
    public var wireValue: String {
        [make, os, osVersion, model, app, appVersion]
            .map { $0.replacingOccurrences(of: "|", with: "/") }
            .joined(separator: "|")
    }

    /// This device, as far as the platform tells.
    public static var current: DeviceInfo {
        let info = ProcessInfo.processInfo
        let version = info.operatingSystemVersion
        let bundle = Bundle.main
        #if os(Linux)
        let (make, os) = ("unknown", "Linux")
        #elseif os(iOS)
        let (make, os) = ("Apple", "iOS")
        #elseif os(macOS)
        let (make, os) = ("Apple", "macOS")
        #else
        let (make, os) = ("unknown", "unknown")
        #endif
        return DeviceInfo(
            make: make, os: os,
            osVersion: "\(version.majorVersion).\(version.minorVersion).\(version.patchVersion)",
            model: machineArchitecture,
            app: bundle.bundleIdentifier ?? info.processName,
            appVersion: bundle.object(forInfoDictionaryKey: "CFBundleShortVersionString") as? String ?? "0")
    }

    private static var machineArchitecture: String {
        #if arch(x86_64)
        "x86_64"
        #elseif arch(arm64)
        "arm64"
        #else
        "unknown"
        #endif
    }
}
