import CommerceCore
import Foundation

extension Graph {
    /// The request body and the hashes derived from it. Written by hand rather than by `JSONEncoder` so
    /// the bytes, and with them `X-Query-Tag` and the cache key, are identical on every platform.
    struct RequestBody: Sendable {
        let data: Data
        let queryTag: String

        init(document: String) {
            // Escaped straight into bytes: the body is hashed and sent as bytes, never read as text.
            var bytes: [UInt8] = []
            bytes.reserveCapacity(document.utf8.count + 32)
            bytes.append(contentsOf: #"{"query":""#.utf8)
            JSONEscaping.append(document, to: &bytes, escapingSolidus: true)
            bytes.append(contentsOf: #""}"#.utf8)
            data = Data(bytes)
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
