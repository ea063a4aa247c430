import Foundation

/// Cart metafields (spec §5.11): keys, types and values a `cartMetafieldsSet` accepts.
enum CartMetafieldRules {
    /// A key without a namespace belongs to the app-reserved namespace.
    static let defaultNamespace = "$app"

    /// The metafield types the sandbox stores, each with the check its value must pass.
    static let types: [String: @Sendable (String) -> Bool] = [
        "single_line_text_field": { !$0.contains("\n") },
        "multi_line_text_field": { _ in true },
        "number_integer": { Int64($0) != nil },
        "number_decimal": { Decimal(string: $0) != nil && Double($0) != nil },
        "boolean": { $0 == "true" || $0 == "false" },
        "json": { (try? JSONSerialization.jsonObject(with: Data($0.utf8), options: [.fragmentsAllowed])) != nil },
        "url": { URL(string: $0)?.scheme != nil },
        "date": { $0.range(of: "^[0-9]{4}-[0-9]{2}-[0-9]{2}$", options: .regularExpression) != nil },
        "date_time": { ISO8601DateFormatter().date(from: $0) != nil },
        "color": { $0.range(of: "^#[0-9A-Fa-f]{6}$", options: .regularExpression) != nil },
    ]

    /// `namespace.key` splits at the last dot; a plain key gets ``defaultNamespace``.
    static func split(_ key: String) -> (namespace: String, key: String) {
        guard let dot = key.lastIndex(of: "."), dot != key.startIndex, key.index(after: dot) != key.endIndex else {
            return (defaultNamespace, key)
        }
        return (String(key[..<dot]), String(key[key.index(after: dot)...]))
    }
}
