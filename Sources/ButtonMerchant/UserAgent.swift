import Foundation

/// The `User-Agent` header of mobile API requests, in 1.8.0's layout.
enum UserAgent {
    /// Our build of the 1.8.0 protocol.
    static let libraryVersion = "1.8.0-commercekit"

    static func string(libraryVersion: String = libraryVersion, appInfo: AppInfo) -> String {
        let scale = String(format: "%.2f", appInfo.screenScale)
        // The "+1" after the version is a literal that 1.8.0 always sends.
        return "com.usebutton.merchant/\(libraryVersion)+1 (\(appInfo.osName) \(appInfo.osVersion); "
            + "\(appInfo.machine); \(appInfo.bundleId)/\(appInfo.appVersion)+\(appInfo.build); "
            + "Scale/\(scale); \(appInfo.language)-\(appInfo.region))"
    }
}
