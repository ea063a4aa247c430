import CommerceCore
import Crypto
import SwiftASN1
import _CryptoExtras

/// The SubjectPublicKeyInfo of a certificate, in the same encoding swift-crypto gives a private key's public key,
/// so U17 can compare the two byte for byte.
///
/// Read by position from the TBSCertificate with SwiftASN1 rather than through swift-certificates, which refuses
/// certificates for keys swift-crypto does not take (RSA-1024, say): U17 must still see those to report them.
enum CertificatePublicKey {
    /// `nil` when the bytes are not a certificate with a SubjectPublicKeyInfo where X.509 puts it.
    static func subjectPublicKeyInfo(of certificateDER: ArraySlice<UInt8>) -> [UInt8]? {
        guard let spki = spkiNode(of: certificateDER) else { return nil }
        let raw = Array(spki.encodedBytes)
        guard let oid = try? spki.element(0).element(0).objectIdentifier else { return raw }
        // Each parser only sees its own algorithm's keys: `_RSA.Signing.PublicKey(derRepresentation:)` frees its
        // BoringSSL key twice when BoringSSL refuses the bytes (swift-crypto 3.x); given an EC key it aborted the
        // process. RSA keys are built from their modulus and exponent instead, which fails cleanly.
        switch oid {
        case PKCS12PrivateKey.rsaOID:
            return rsaKey(spki).map { Array($0.derRepresentation) } ?? raw
        case PKCS12PrivateKey.ecOID:
            if let key = try? P256.Signing.PublicKey(derRepresentation: raw) { return Array(key.derRepresentation) }
            if let key = try? P384.Signing.PublicKey(derRepresentation: raw) { return Array(key.derRepresentation) }
            if let key = try? P521.Signing.PublicKey(derRepresentation: raw) { return Array(key.derRepresentation) }
            return raw
        default:
            return raw
        }
    }

    /// Whether swift-certificates can be given this certificate without risk. It reads an RSA key with
    /// `_RSA.Signing.PublicKey(derRepresentation:)`, which frees its key twice on a key BoringSSL refuses (see
    /// above); such a key is found here first, through the modulus and exponent, which fail cleanly.
    static func isSafeToParse(_ certificateDER: [UInt8]) -> Bool {
        guard let spki = spkiNode(of: certificateDER[...]),
            (try? spki.element(0).element(0).objectIdentifier) == PKCS12PrivateKey.rsaOID
        else { return true }
        return rsaKey(spki) != nil
    }

    /// Certificate { TBSCertificate { [0] version OPTIONAL, serialNumber, signature, issuer, validity, subject,
    /// subjectPublicKeyInfo, … }, … }
    private static func spkiNode(of certificateDER: ArraySlice<UInt8>) -> ASN1Node? {
        guard let tbs = try? DER.parse(certificateDER).element(0).elements(), let first = tbs.first else { return nil }
        let versionTag = ASN1Identifier(tagWithNumber: 0, tagClass: .contextSpecific)
        guard let spki = try? tbs.at(first.identifier == versionTag ? 6 : 5), spki.isSequence else { return nil }
        return spki
    }

    /// The certificate's RSA key built from its numbers (`RSAPublicKeyNumbers`), or `nil` when BoringSSL refuses it.
    private static func rsaKey(_ spki: ASN1Node) -> _RSA.Signing.PublicKey? {
        guard let numbers = RSAPublicKeyNumbers(subjectPublicKeyInfo: spki) else { return nil }
        return try? _RSA.Signing.PublicKey(n: numbers.modulus, e: numbers.exponent)
    }
}
