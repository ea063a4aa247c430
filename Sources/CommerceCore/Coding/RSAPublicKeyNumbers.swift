import SwiftASN1

/// The modulus and public exponent of an RSA public key given as a SubjectPublicKeyInfo, read with SwiftASN1.
///
/// swift-crypto's `_RSA` public-key initialisers from DER or PEM free their BoringSSL key twice when BoringSSL
/// refuses bytes that are otherwise a well-formed SubjectPublicKeyInfo (an EC key, an even exponent): undefined
/// behaviour that can abort the process. Keys that arrive from outside (the Rezolve SDK's card-encryption key,
/// a certificate in an uploaded push package) are therefore read here and built with `init(n:e:)`, which fails
/// cleanly.
package struct RSAPublicKeyNumbers: Sendable, Equatable {
    /// Big-endian, without a sign byte's worth of extra zeros beyond what DER requires.
    package let modulus: [UInt8]
    package let exponent: [UInt8]

    package static let rsaEncryption: ASN1ObjectIdentifier = [1, 2, 840, 113549, 1, 1, 1]

    /// SubjectPublicKeyInfo { algorithm { rsaEncryption, NULL }, BIT STRING { RSAPublicKey { n, e } } }, or `nil`
    /// when the element is anything else (another algorithm, a negative number, trailing bytes).
    package init?(subjectPublicKeyInfo node: ASN1Node) {
        guard case .constructed(let parts) = node.content, node.identifier == .sequence else { return nil }
        let items = Array(parts)
        guard items.count == 2, case .constructed(let algorithm) = items[0].content,
            let oidNode = Array(algorithm).first,
            (try? ASN1ObjectIdentifier(derEncoded: oidNode)) == Self.rsaEncryption,
            let bits = try? ASN1BitString(derEncoded: items[1]), bits.paddingBits == 0,
            let key = try? DER.parse(bits.bytes)
        else { return nil }
        self.init(rsaPublicKey: key)
    }

    /// PKCS#1 RSAPublicKey { modulus INTEGER, publicExponent INTEGER }.
    package init?(rsaPublicKey node: ASN1Node) {
        guard node.identifier == .sequence, case .constructed(let numbers) = node.content else { return nil }
        let integers = Array(numbers)
        guard integers.count == 2, let modulus = Self.positive(integers[0]), let exponent = Self.positive(integers[1])
        else { return nil }
        self.modulus = modulus
        self.exponent = exponent
    }

    /// The same, from the DER bytes of a SubjectPublicKeyInfo.
    package init?(subjectPublicKeyInfoDER der: [UInt8]) {
        guard let node = try? DER.parse(der) else { return nil }
        self.init(subjectPublicKeyInfo: node)
    }

    /// The same, from a PEM `PUBLIC KEY` (SubjectPublicKeyInfo) or `RSA PUBLIC KEY` (PKCS#1) document, the two
    /// forms swift-crypto's PEM initialiser takes.
    package init?(pem: String) {
        guard let document = try? PEMDocument(pemString: pem) else { return nil }
        switch document.discriminator {
        case "PUBLIC KEY": self.init(subjectPublicKeyInfoDER: document.derBytes)
        case "RSA PUBLIC KEY":
            guard let node = try? DER.parse(document.derBytes) else { return nil }
            self.init(rsaPublicKey: node)
        default: return nil
        }
    }

    /// The content octets of a positive INTEGER, with the leading zero DER adds before a set top bit removed.
    private static func positive(_ node: ASN1Node) -> [UInt8]? {
        guard node.identifier == .integer, case .primitive(let bytes) = node.content, let first = bytes.first,
            first & 0x80 == 0
        else { return nil }
        let trimmed = bytes.drop(while: { $0 == 0 })
        return trimmed.isEmpty ? nil : Array(trimmed)
    }

    /// The modulus's length in bits.
    package var bitCount: Int { Self.bitLength(modulus[...]) }

    /// Bits of a positive big-endian integer's magnitude, ignoring leading zero bytes.
    package static func bitLength(_ bytes: ArraySlice<UInt8>) -> Int {
        guard let first = bytes.firstIndex(where: { $0 != 0 }) else { return 0 }
        return (bytes.endIndex - first - 1) * 8 + (8 - bytes[first].leadingZeroBitCount)
    }
}
