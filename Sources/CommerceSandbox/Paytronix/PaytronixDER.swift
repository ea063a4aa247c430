import Foundation

/// A minimal reader for DER (the ASN.1 encoding of PKCS#12 files and X.509 certificates). It only walks the
/// structure (tags, lengths, object identifiers, strings); all cryptography stays in BoringSSL via swift-nio-ssl.
struct DERNode {
    let tag: UInt8
    let content: ArraySlice<UInt8>

    static let sequence: UInt8 = 0x30, set: UInt8 = 0x31, integer: UInt8 = 0x02, octetString: UInt8 = 0x04
    static let objectIdentifier: UInt8 = 0x06, null: UInt8 = 0x05, boolean: UInt8 = 0x01

    struct Malformed: Error {}

    /// Parses exactly one element spanning all of `bytes`.
    static func parse(_ bytes: ArraySlice<UInt8>) throws(Malformed) -> DERNode {
        var reader = DERReader(bytes)
        let node = try reader.next()
        guard reader.isAtEnd else { throw Malformed() }
        return node
    }

    /// The elements inside a constructed element.
    func children() throws(Malformed) -> [DERNode] {
        guard tag & 0x20 != 0 else { throw Malformed() }
        var reader = DERReader(content)
        var nodes: [DERNode] = []
        while !reader.isAtEnd { nodes.append(try reader.next()) }
        return nodes
    }

    func child(_ index: Int) throws(Malformed) -> DERNode {
        let all = try children()
        guard all.indices.contains(index) else { throw Malformed() }
        return all[index]
    }

    /// Dotted object identifier text, e.g. `1.2.840.113549.1.7.1`.
    var oid: String? {
        guard tag == Self.objectIdentifier, let first = content.first else { return nil }
        var parts = [first < 80 ? Int(first / 40) : 2, first < 80 ? Int(first % 40) : Int(first) - 80]
        var value = 0
        for byte in content.dropFirst() {
            guard value < Int.max >> 8 else { return nil }
            value = value << 7 | Int(byte & 0x7F)
            if byte & 0x80 == 0 { parts.append(value); value = 0 }
        }
        return parts.map(String.init).joined(separator: ".")
    }

    /// A small non-negative INTEGER.
    var integerValue: Int? {
        guard tag == Self.integer, !content.isEmpty, content.count <= 8, content.first.map({ $0 & 0x80 == 0 }) ?? false else { return nil }
        return content.reduce(0) { $0 << 8 | Int($1) }
    }

    /// The text of a string type (UTF8String, PrintableString, IA5String, T61String, BMPString).
    var stringValue: String? {
        switch tag {
        case 0x0C, 0x13, 0x16, 0x14, 0x1A: return String(decoding: content, as: UTF8.self)
        case 0x1E:
            var units: [UInt16] = []
            var iterator = content.makeIterator()
            while let high = iterator.next(), let low = iterator.next() { units.append(UInt16(high) << 8 | UInt16(low)) }
            return String(decoding: units, as: UTF16.self)
        default: return nil
        }
    }
}

private struct DERReader {
    var bytes: ArraySlice<UInt8>
    init(_ bytes: ArraySlice<UInt8>) { self.bytes = bytes }
    var isAtEnd: Bool { bytes.isEmpty }

    mutating func next() throws(DERNode.Malformed) -> DERNode {
        guard let tag = bytes.popFirst(), tag & 0x1F != 0x1F, let first = bytes.popFirst() else { throw DERNode.Malformed() }
        var length = 0
        if first < 0x80 {
            length = Int(first)
        } else {
            let count = Int(first & 0x7F)
            // 0x80 is BER's indefinite length, which DER forbids.
            guard count >= 1, count <= 4, bytes.count >= count else { throw DERNode.Malformed() }
            for _ in 0..<count { length = length << 8 | Int(bytes.removeFirst()) }
        }
        guard bytes.count >= length else { throw DERNode.Malformed() }
        let content = bytes.prefix(length)
        bytes = bytes.dropFirst(length)
        return DERNode(tag: tag, content: content)
    }
}

extension Array where Element == DERNode {
    /// The element at `index`, or a `Malformed` error instead of a trap.
    func at(_ index: Int) throws(DERNode.Malformed) -> DERNode {
        guard indices.contains(index) else { throw DERNode.Malformed() }
        return self[index]
    }
}
