import Foundation

/// DER written and split by hand for the tests, so they share no code with the readers under test
/// (SwiftASN1 for the PKCS#12 layers, swift-certificates for the certificate).
enum TestDER {
    static func tlv(_ tag: UInt8, _ content: [UInt8]) -> [UInt8] {
        let count = content.count
        let length: [UInt8]
        switch count {
        case ..<0x80: length = [UInt8(count)]
        case ..<0x100: length = [0x81, UInt8(count)]
        case ..<0x10000: length = [0x82, UInt8(count >> 8), UInt8(count & 0xFF)]
        default: length = [0x83, UInt8(count >> 16), UInt8(count >> 8 & 0xFF), UInt8(count & 0xFF)]
        }
        return [tag] + length + content
    }

    static func sequence(_ parts: [UInt8]...) -> [UInt8] { tlv(0x30, parts.flatMap { $0 }) }
    static func set(_ parts: [UInt8]...) -> [UInt8] { tlv(0x31, parts.flatMap { $0 }) }
    static func explicit(_ number: UInt8, _ parts: [UInt8]...) -> [UInt8] { tlv(0xA0 | number, parts.flatMap { $0 }) }
    static func octets(_ content: [UInt8]) -> [UInt8] { tlv(0x04, content) }
    static let null: [UInt8] = [0x05, 0x00]

    /// A minimal two's-complement INTEGER.
    static func integer(_ value: Int) -> [UInt8] {
        var bytes = withUnsafeBytes(of: value.bigEndian, Array.init)
        while bytes.count > 1, (bytes[0] == 0 && bytes[1] & 0x80 == 0) || (bytes[0] == 0xFF && bytes[1] & 0x80 != 0) {
            bytes.removeFirst()
        }
        return tlv(0x02, bytes)
    }

    static func oid(_ dotted: String) -> [UInt8] {
        let parts = dotted.split(separator: ".").compactMap { UInt($0) }
        var content: [UInt8] = []
        for value in [parts[0] * 40 + parts[1]] + parts.dropFirst(2) {
            var group = [UInt8(value & 0x7F)]
            var rest = value >> 7
            while rest > 0 {
                group.insert(UInt8(rest & 0x7F) | 0x80, at: 0)
                rest >>= 7
            }
            content += group
        }
        return tlv(0x06, content)
    }

    typealias Element = (tag: UInt8, content: ArraySlice<UInt8>, whole: ArraySlice<UInt8>)

    /// Splits consecutive elements (short and 1–3 byte long lengths only); `nil` if they do not fit exactly.
    static func elements(_ bytes: ArraySlice<UInt8>) -> [Element]? {
        var rest = bytes
        var result: [Element] = []
        while let tag = rest.first {
            let start = rest.startIndex
            rest = rest.dropFirst()
            guard let first = rest.popFirst() else { return nil }
            var length = Int(first)
            if first >= 0x80 {
                let size = Int(first & 0x7F)
                guard (1...3).contains(size), rest.count >= size else { return nil }
                length = rest.prefix(size).reduce(0) { $0 << 8 | Int($1) }
                rest = rest.dropFirst(size)
            }
            guard rest.count >= length else { return nil }
            result.append((tag, rest.prefix(length), bytes[start..<rest.startIndex + length]))
            rest = rest.dropFirst(length)
        }
        return result
    }

    /// The elements of the single element spanning `bytes`.
    static func children(_ bytes: ArraySlice<UInt8>) -> [Element]? {
        guard let outer = elements(bytes), outer.count == 1 else { return nil }
        return elements(outer[0].content)
    }
}
