import CommerceCore
import Foundation

#if canImport(UIKit)
import UIKit
#endif

/// The device-describing headers the SDK sends on every payment-service call.
enum DeviceHeaders {
    static func make(deviceID: String) -> HTTPHeaders {
        var headers: HTTPHeaders = [
            "Accept": "application/json",
            "Content-Type": "application/json",
        ]
        headers["agentType"] = agentType
        headers["athm_version"] = Bundle.main.infoDictionary?["CFBundleShortVersionString"] as? String ?? ""
        headers["Accept-Language"] = Locale.current.language.languageCode?.identifier ?? "en"
        headers["operatingSystem"] = operatingSystem
        headers["manufacturer"] = manufacturer
        headers["deviceID"] = deviceID
        return headers
    }

    static var agentType: String {
        #if os(iOS)
        "ios"
        #else
        osName.lowercased()
        #endif
    }

    static var manufacturer: String {
        #if canImport(Darwin)
        "Apple"
        #else
        "unknown"
        #endif
    }

    static var operatingSystem: String {
        let version = ProcessInfo.processInfo.operatingSystemVersion
        var text = "\(osName) \(version.majorVersion).\(version.minorVersion)"
        if version.patchVersion > 0 { text += ".\(version.patchVersion)" }
        return text
    }

    private static var osName: String {
        #if os(iOS)
        "iOS"
        #elseif os(macOS)
        "macOS"
        #elseif os(Linux)
        "Linux"
        #elseif os(Windows)
        "Windows"
        #else
        "unknown"
        #endif
    }
}
