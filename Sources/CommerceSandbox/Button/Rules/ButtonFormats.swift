import Foundation

/// The formats Button's rules check identifiers against.
enum ButtonFormats {
    /// `^app-[0-9a-zA-Z]+$`
    static func isApplicationId(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard bytes.count > 4, bytes.starts(with: Array("app-".utf8)) else { return false }
        return bytes[4...].allSatisfy {
            (0x30...0x39).contains($0) || (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0)
        }
    }

    /// `YYYY-MM-DD` (rule H1).
    static func isVersionLabel(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-") else { return false }
        let digits = [0, 1, 2, 3, 5, 6, 8, 9].allSatisfy { (0x30...0x39).contains(bytes[$0]) }
        guard digits, let month = Int(text.dropFirst(5).prefix(2)), let day = Int(text.suffix(2)) else { return false }
        return (1...12).contains(month) && (1...31).contains(day)
    }

    /// `[A-Za-z0-9._~-]{1,255}` (rule O12).
    static func isURLSafe(_ text: String) -> Bool {
        (1...255).contains(text.utf8.count)
            && text.utf8.allSatisfy {
                (0x30...0x39).contains($0) || (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0)
                    || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "_")
                    || $0 == UInt8(ascii: "~")
            }
    }

    /// `^fakesrctok-[a-f0-9]{16}$` (rule O13).
    static func isTestToken(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        let prefix = Array("fakesrctok-".utf8)
        return bytes.count == prefix.count + 16 && bytes.starts(with: prefix)
            && bytes[prefix.count...].allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }

    /// An absolute URL with a scheme and a host (or at least a scheme and something after it).
    static func isAbsoluteURL(_ text: String) -> Bool {
        guard let components = URLComponents(string: text), let scheme = components.scheme, !scheme.isEmpty else {
            return false
        }
        return components.host.map { !$0.isEmpty } ?? !components.path.isEmpty
    }
}
