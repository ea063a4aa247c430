import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
#if canImport(UIKit) && (os(iOS) || os(tvOS))
import UIKit
#endif

/// Facts about the app and device that go into the `User-Agent` header.
public struct AppInfo: Sendable, Equatable {
    /// The app's bundle identifier, e.g. `com.example.shop`.
    public var bundleId: String
    /// The marketing version (`CFBundleShortVersionString`).
    public var appVersion: String
    /// The build number (`CFBundleVersion`).
    public var build: String
    /// Two-letter language code, e.g. `en`.
    public var language: String
    /// Two-letter region code, e.g. `US`.
    public var region: String
    /// `iOS` on Apple devices, `Linux` on Linux.
    public var osName: String
    /// The operating system version, e.g. `17.4` or a Linux kernel version.
    public var osVersion: String
    /// The `uname` machine string, e.g. `iPhone10,1` or `x86_64`.
    public var machine: String
    /// Points-to-pixels factor of the main screen; 1 where there is none.
    public var screenScale: Double

    /// Every parameter defaults to the value sent when the real one is unknown.
    public init(
        bundleId: String = "unknown", appVersion: String = "0.0.0", build: String = "0",
        language: String = "en", region: String = "US", osName: String = AppInfo.platformName,
        osVersion: String = "0.0", machine: String = "unknown", screenScale: Double = 1
    ) {
        self.bundleId = bundleId
        self.appVersion = appVersion
        self.build = build
        self.language = language
        self.region = region
        self.osName = osName
        self.osVersion = osVersion
        self.machine = machine
        self.screenScale = screenScale
    }

    /// The name reported for the running platform.
    public static var platformName: String {
        #if os(Linux)
        "Linux"
        #elseif os(macOS)
        "macOS"
        #else
        "iOS"
        #endif
    }

    /// The values of the running app, with the defaults for anything that cannot be found.
    public static var current: AppInfo {
        let bundle = Bundle.main
        let info = bundle.infoDictionary ?? [:]
        let locale = Locale.current
        let version = ProcessInfo.processInfo.operatingSystemVersion
        var osVersion = "\(version.majorVersion).\(version.minorVersion)"
        if version.patchVersion != 0 { osVersion += ".\(version.patchVersion)" }
        let region = locale.region?.identifier ?? ""
        return AppInfo(
            bundleId: bundle.bundleIdentifier ?? "unknown",
            appVersion: info["CFBundleShortVersionString"] as? String ?? "0.0.0",
            build: info["CFBundleVersion"] as? String ?? "0",
            language: locale.language.languageCode?.identifier ?? "en",
            // Linux often reports the UN "world" region 001; only a two-letter country is meaningful here.
            region: region.count == 2 ? region : "US",
            osVersion: osVersion,
            machine: machineName() ?? "unknown",
            screenScale: screenScale())
    }

    private static func machineName() -> String? {
        var system = utsname()
        guard uname(&system) == 0 else { return nil }
        let name = withUnsafeBytes(of: &system.machine) { bytes in
            String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
        }
        return name.isEmpty ? nil : name
    }

    private static func screenScale() -> Double {
        #if canImport(UIKit) && (os(iOS) || os(tvOS))
        // UIScreen is main-actor bound; off the main thread the default is used rather than blocking.
        guard Thread.isMainThread else { return 1 }
        return MainActor.assumeIsolated { Double(UIScreen.main.scale) }
        #else
        return 1
        #endif
    }
}
