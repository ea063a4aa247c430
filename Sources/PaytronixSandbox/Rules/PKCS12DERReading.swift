import SwiftASN1

/// Reading parsed DER by position, shared by the PKCS#12 readers (`PKCS12Structure`, `PKCS12Contents`).
/// Every mismatch is an error or `nil`, never a trap: these walk files that anyone can upload.
struct MalformedDER: Error {}

extension ASN1Node {
    /// The elements inside a constructed element (of any tag).
    func elements() throws(MalformedDER) -> [ASN1Node] {
        guard case .constructed(let nodes) = content else { throw MalformedDER() }
        return Array(nodes)
    }

    func element(_ index: Int) throws(MalformedDER) -> ASN1Node {
        try elements().at(index)
    }

    /// The value of an OBJECT IDENTIFIER element.
    var objectIdentifier: ASN1ObjectIdentifier? {
        try? ASN1ObjectIdentifier(derEncoded: self)
    }

    /// The value of an INTEGER element that fits in an `Int`.
    var integer: Int? {
        try? Int(derEncoded: self)
    }

    /// The content octets of an INTEGER element of any size (two's complement, big-endian).
    var integerBytes: ArraySlice<UInt8>? {
        guard identifier == .integer, case .primitive(let bytes) = content, !bytes.isEmpty else { return nil }
        return bytes
    }

    /// The content of a (primitive, as DER requires) OCTET STRING element.
    var octets: ArraySlice<UInt8>? {
        (try? ASN1OctetString(derEncoded: self))?.bytes
    }

    var isSequence: Bool {
        guard identifier == .sequence, case .constructed = content else { return false }
        return true
    }
}

extension Array where Element == ASN1Node {
    /// The element at `index`, or `MalformedDER` instead of a trap.
    func at(_ index: Int) throws(MalformedDER) -> ASN1Node {
        guard indices.contains(index) else { throw MalformedDER() }
        return self[index]
    }
}
