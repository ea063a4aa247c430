import Foundation

/// Where the install timestamp for the 12-hour deferred deep link window comes from.
enum InstallDate: Sendable {
    /// A fixed value from the test seam; `nil` means "unknown", which never counts as a new install.
    case fixed(Date?)
    /// The platform's source: the Documents directory's creation date on Apple platforms (as in 1.8.0),
    /// the store's first-seen key elsewhere.
    case platform

    func resolve(store: ButtonStore, now: Date) -> Date? {
        switch self {
        case .fixed(let date):
            return date
        case .platform:
            #if canImport(Darwin)
            guard let documents = FileManager.default.urls(for: .documentDirectory, in: .userDomainMask).first,
                let attributes = try? FileManager.default.attributesOfItem(atPath: documents.path)
            else { return nil }
            return attributes[.creationDate] as? Date
            #else
            return store.firstSeen(now: now)
            #endif
        }
    }

    /// An install is new while its timestamp is strictly later than twelve hours ago.
    static func isNewInstall(installedAt: Date?, now: Date) -> Bool {
        guard let installedAt else { return false }
        return installedAt > now.addingTimeInterval(-12 * 60 * 60)
    }
}
