import CommerceCore
import Crypto
import SwiftASN1
import _CryptoExtras

/// What the upload checks need from a PKCS#8 PrivateKeyInfo (RFC 5208): the key's type and size (U15) and its
/// public key as a SubjectPublicKeyInfo, to compare with the certificate's (U17).
struct PKCS12PrivateKey {
    var type: PKCS12Contents.KeyType
    /// `nil` when swift-crypto does not take the key (RSA under 2048 bits, curves other than P-256/384/521,
    /// other algorithms); U15 refuses all of those before U17 looks at this.
    var subjectPublicKeyInfo: [UInt8]?

    static let rsaOID = RSAPublicKeyNumbers.rsaEncryption
    static let ecOID: ASN1ObjectIdentifier = [1, 2, 840, 10045, 2, 1]
    static let algorithmNames: [ASN1ObjectIdentifier: String] = [
        [1, 3, 101, 112]: "Ed25519", [1, 3, 101, 113]: "Ed448", [1, 3, 101, 110]: "X25519",
        [1, 2, 840, 10040, 4, 1]: "DSA", [1, 2, 840, 113549, 1, 1, 10]: "RSASSA-PSS",
    ]
    /// Curve names as people write them (U15's message), by namedCurve OID.
    static let curveNames: [ASN1ObjectIdentifier: String] = [
        [1, 2, 840, 10045, 3, 1, 7]: "P-256", [1, 3, 132, 0, 34]: "P-384", [1, 3, 132, 0, 33]: "P-224",
        [1, 3, 132, 0, 35]: "P-521", [1, 3, 132, 0, 10]: "secp256k1",
    ]

    /// PrivateKeyInfo { version, privateKeyAlgorithm AlgorithmIdentifier, privateKey OCTET STRING, … }.
    init(privateKeyInfo der: ArraySlice<UInt8>) throws {
        let info = try DER.parse(der).elements()
        guard try info.at(0).integer != nil, let keyOctets = try info.at(2).octets else { throw MalformedDER() }
        let algorithm = try info.at(1)
        let oid = try algorithm.element(0).objectIdentifier
        switch oid {
        case Self.rsaOID:
            // RSAPrivateKey { version, modulus INTEGER, … }: the size is the modulus's bit length.
            guard let modulus = try DER.parse(keyOctets).element(1).integerBytes else { throw MalformedDER() }
            type = .rsa(bits: RSAPublicKeyNumbers.bitLength(modulus))
            subjectPublicKeyInfo = (try? _RSA.Signing.PrivateKey(derRepresentation: der)).map {
                Array($0.publicKey.derRepresentation)
            }
        case Self.ecOID:
            let curveOID = try Self.namedCurve(algorithm: algorithm, keyOctets: keyOctets)
            let curve =
                curveOID.flatMap { Self.curveNames[$0] } ?? curveOID.map(PKCS12Structure.dotted)
                ?? "(explicit parameters)"
            switch curve {
            case "P-256":
                type = .ec(curve: curve)
                subjectPublicKeyInfo = (try? P256.Signing.PrivateKey(derRepresentation: der)).map {
                    Array($0.publicKey.derRepresentation)
                }
            case "P-384":
                type = .ec(curve: curve)
                subjectPublicKeyInfo = (try? P384.Signing.PrivateKey(derRepresentation: der)).map {
                    Array($0.publicKey.derRepresentation)
                }
            case "P-521":
                type = .other("EC P-521")
                subjectPublicKeyInfo = (try? P521.Signing.PrivateKey(derRepresentation: der)).map {
                    Array($0.publicKey.derRepresentation)
                }
            default:
                type = .other("EC \(curve)")
                subjectPublicKeyInfo = nil
            }
        default:
            type = .other(oid.flatMap { Self.algorithmNames[$0] } ?? PKCS12Structure.text(oid))
            subjectPublicKeyInfo = nil
        }
    }

    /// The namedCurve OID from the AlgorithmIdentifier's parameters or, when those are absent, from the
    /// ECPrivateKey's own `[0] parameters` (RFC 5915). `nil` for explicitly specified curve parameters.
    private static func namedCurve(algorithm: ASN1Node, keyOctets: ArraySlice<UInt8>) throws -> ASN1ObjectIdentifier? {
        let parameters = try algorithm.elements()
        if parameters.count > 1 { return parameters[1].objectIdentifier }
        // ECPrivateKey { version, privateKey OCTET STRING, [0] parameters OPTIONAL, [1] publicKey OPTIONAL }
        for node in try DER.parse(keyOctets).elements().dropFirst(2)
        where node.identifier == ASN1Identifier(tagWithNumber: 0, tagClass: .contextSpecific) {
            return try node.element(0).objectIdentifier
        }
        return nil
    }
}
