#if canImport(Darwin)
import CommerceCore
import Foundation

/// Moves state written by Button's own 1.8.0 library (UserDefaults suite `com.usebutton.merchant.defaults`)
/// into the Button store once, so an app switching libraries keeps its attribution.
enum LegacyDefaultsMigration {
    static let suiteName = "com.usebutton.merchant.defaults"

    static func run(on store: PersistentStore) {
        guard !store.bool(forKey: ButtonStore.migratedKey) else { return }
        let keys = [ButtonStore.attributionTokenKey, ButtonStore.sessionIdKey, ButtonStore.postInstallFetchedKey]
        let defaults = UserDefaults(suiteName: suiteName)
        var copied: [String: StoredValue] = [:]
        for key in keys {
            if let text = defaults?.string(forKey: key) {
                copied[key] = .string(text)
            } else if defaults?.object(forKey: key) is Bool || defaults?.object(forKey: key) is NSNumber {
                copied[key] = .bool(defaults?.bool(forKey: key) ?? false)
            }
        }
        // The marker is written with the values, so a crash cannot copy them twice after a later clear.
        store.mutate { values in
            for (key, value) in copied where values[key] == nil { values[key] = value }
            values[ButtonStore.migratedKey] = .bool(true)
        }
        for key in keys { defaults?.removeObject(forKey: key) }
    }
}
#endif
