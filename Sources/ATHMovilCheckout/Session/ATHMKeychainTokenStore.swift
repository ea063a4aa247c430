#if canImport(Security) && canImport(Darwin)
import Foundation
import Security

/// Keeps the token in the Keychain (generic password, service `authToken`, account `athm_checkout`),
/// the default on Apple platforms.
public struct ATHMKeychainTokenStore: ATHMTokenStoring {
    /// Creates a store over the app's default Keychain; nothing is read until ``read()``.
    public init() {}

    private var query: [String: Any] {
        [
            kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: "authToken",
            kSecAttrAccount as String: "athm_checkout",
        ]
    }

    /// The saved token, or nil when the Keychain holds none or cannot be read.
    public func read() -> String? {
        var lookup = query
        lookup[kSecReturnData as String] = true
        lookup[kSecMatchLimit as String] = kSecMatchLimitOne
        var item: CFTypeRef?
        guard SecItemCopyMatching(lookup as CFDictionary, &item) == errSecSuccess, let data = item as? Data else {
            return nil
        }
        return String(data: data, encoding: .utf8)
    }

    /// Replaces any saved token with `token`.
    /// - Throws: ``ATHMPaymentError`` with code `.decoding` when the Keychain refuses the item.
    public func save(_ token: String) throws {
        delete()
        var item = query
        item[kSecValueData as String] = Data(token.utf8)
        let status = SecItemAdd(item as CFDictionary, nil)
        guard status == errSecSuccess else {
            throw ATHMPaymentError(code: .decoding, serverMessage: "Keychain status \(status)")
        }
    }

    /// Removes the saved token; does nothing when there is none.
    public func delete() {
        SecItemDelete(query as CFDictionary)
    }
}
#endif
