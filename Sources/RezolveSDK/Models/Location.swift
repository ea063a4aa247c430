import Foundation

/// A point on Earth. The seed's initialiser takes longitude first; the wire object is `{latitude, longitude}`.
public struct RezolveLocation: Sendable, Equatable, Codable {
    public var latitude: Double
    public var longitude: Double

    public init(longitude: Double, latitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }

    enum CodingKeys: String, CodingKey { case latitude, longitude }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        latitude = try c.decode(Double.self, forKey: .latitude)
        longitude = try c.decode(Double.self, forKey: .longitude)
    }
}

/// Describes the device for the search calls, sent as the six parts joined with `|`.
public struct DeviceInfo: Sendable, Equatable {
    public var make: String
    public var os: String
    public var osVersion: String
    public var model: String
    public var app: String
    public var appVersion: String

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
