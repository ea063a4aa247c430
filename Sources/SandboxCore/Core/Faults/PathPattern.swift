/// Which request paths a fault rule applies to, matched against the decoded path.
///
/// Three spellings exist because each service's documented fault route already uses one: some name an exact
/// path (a trailing `*` turns it into a prefix), some write globs such as `/rest/*/accounts.json`, and the
/// general `/sandbox/faults` route takes a prefix.
public enum PathPattern: Sendable, Equatable {
    case exact(String)
    case prefix(String)
    /// `*` matches any run of characters, `/` included.
    case glob(String)

    /// The general route's reading: a prefix, or a glob when the text holds `*`.
    public static func prefixOrGlob(_ text: String) -> PathPattern {
        text.contains("*") ? .glob(text) : .prefix(text)
    }

    /// The exact-path reading: exact, or a prefix when the text ends in `*` (a glob otherwise).
    public static func exactOrGlob(_ text: String) -> PathPattern {
        text.contains("*") ? .glob(text) : .exact(text)
    }

    /// The pattern as written, for listings.
    public var text: String {
        switch self {
        case .exact(let text), .prefix(let text), .glob(let text): text
        }
    }

    var kind: String {
        switch self {
        case .exact: "exact"
        case .prefix: "prefix"
        case .glob: "glob"
        }
    }

    init?(kind: String, text: String) {
        switch kind {
        case "exact": self = .exact(text)
        case "prefix": self = .prefix(text)
        case "glob": self = .glob(text)
        default: return nil
        }
    }

    public func matches(_ path: String) -> Bool {
        switch self {
        case .exact(let text): path == text
        case .prefix(let text): path.hasPrefix(text)
        case .glob(let text): Self.glob(Array(text.utf8), Array(path.utf8))
        }
    }

    /// Iterative wildcard match with one backtrack point: linear in practice, never recursive.
    private static func glob(_ pattern: [UInt8], _ text: [UInt8]) -> Bool {
        let star = UInt8(ascii: "*")
        var p = 0
        var t = 0
        var lastStar = -1
        var resume = 0
        while t < text.count {
            if p < pattern.count, pattern[p] != star, pattern[p] == text[t] {
                p += 1
                t += 1
            } else if p < pattern.count, pattern[p] == star {
                lastStar = p
                resume = t
                p += 1
            } else if lastStar >= 0 {
                p = lastStar + 1
                resume += 1
                t = resume
            } else {
                return false
            }
        }
        while p < pattern.count, pattern[p] == star { p += 1 }
        return p == pattern.count
    }
}
