import CommerceCore
import Foundation

extension Graph {
    /// The request body and the hashes derived from it. Written by hand rather than by `JSONEncoder` so
    /// the bytes, and with them `X-Query-Tag` and the cache key, are identical on every platform.
    struct RequestBody: Sendable {
        let data: Data
        let queryTag: String

        init(document: String) {
            var text = "{\"query\":\""
            text.reserveCapacity(document.utf8.count + 16)
            JSONEscaping.append(document, to: &text, escapingSolidus: true)
            text += "\"}"
            data = Data(text.utf8)
            queryTag = HexDigest.sha256(data)
        }

        /// The cache key: the original's formula without a locale, the language appended with one.
        func cacheKey(accessToken: String, acceptLanguage: String?) -> String {
            guard let acceptLanguage else { return HexDigest.sha256(queryTag + accessToken) }
            return HexDigest.sha256(queryTag + accessToken + "\n" + acceptLanguage)
        }
    }

    /// `en_US` → `en-US`, `zh_Hans_US` → `zh-US`, `en` → `en`; the identifier when neither part exists.
    static func languageIdentifier(for locale: Locale) -> String {
        let parts = [locale.language.languageCode?.identifier, locale.region?.identifier].compactMap { $0 }
        return parts.isEmpty ? locale.identifier : parts.joined(separator: "-")
    }
}
