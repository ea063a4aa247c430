import Foundation

/// 2021-10 object IDs: standard Base64 (padded) of a `gid://shopify/<Type>/<id>[?query]` string (spec §5.4).
struct GlobalID: Equatable, Sendable {
    let type: String
    let id: String
    /// Query items after `?` (`key`, `checkout`, `cart`, `model_name`), in the order written.
    var query: [(String, String)] = []

    static func == (lhs: GlobalID, rhs: GlobalID) -> Bool {
        lhs.type == rhs.type && lhs.id == rhs.id && lhs.query.map { "\($0)=\($1)" } == rhs.query.map { "\($0)=\($1)" }
    }

    init(_ type: String, _ id: String, query: [(String, String)] = []) {
        self.type = type
        self.id = id
        self.query = query
    }

    init(_ type: String, _ id: Int64, query: [(String, String)] = []) {
        self.init(type, String(id), query: query)
    }

    /// `gid://shopify/Type/id?…`.
    var raw: String {
        var text = "gid://shopify/\(type)/\(id)"
        if !query.isEmpty { text += "?" + query.map { "\($0)=\($1)" }.joined(separator: "&") }
        return text
    }

    /// What the API hands out.
    var encoded: String { Data(raw.utf8).base64EncodedString() }

    /// The numeric part, when the ID is numeric.
    var number: Int64? { Int64(id) }

    func queryValue(_ name: String) -> String? { query.first { $0.0 == name }?.1 }

    /// Accepts Base64 (padded or not) or the raw `gid://` form; `nil` for anything else.
    static func decode(_ text: String) -> GlobalID? {
        if text.hasPrefix("gid://") { return parseRaw(text) }
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while base64.count % 4 != 0 { base64 += "=" }
        guard let data = Data(base64Encoded: base64), let raw = String(data: data, encoding: .utf8) else { return nil }
        return parseRaw(raw)
    }

    /// The numeric ID of `text` when it decodes to `type`.
    static func number(_ text: String?, type: String) -> Int64? {
        guard let text, let gid = decode(text), gid.type == type else { return nil }
        return gid.number
    }

    private static func parseRaw(_ raw: String) -> GlobalID? {
        let prefix = "gid://shopify/"
        guard raw.hasPrefix(prefix) else { return nil }
        let rest = raw.dropFirst(prefix.count)
        let pathAndQuery = rest.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        let parts = pathAndQuery[0].split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else { return nil }
        var query: [(String, String)] = []
        if pathAndQuery.count > 1 {
            for item in pathAndQuery[1].split(separator: "&") {
                let pair = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                query.append((String(pair[0]), pair.count > 1 ? String(pair[1]) : ""))
            }
        }
        return GlobalID(String(parts[0]), String(parts[1]), query: query)
    }
}
