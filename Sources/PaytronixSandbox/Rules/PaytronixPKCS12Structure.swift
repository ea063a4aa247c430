import Foundation
import SwiftASN1

/// What the outer, unencrypted layers of a PKCS#12 file say (RFC 7292): container version, integrity mode,
/// MAC parameters and the algorithms protecting each part. Read without the password and without any
/// cryptography, so the upload route can name an unsupported algorithm before `PKCS12Contents` tries it.
///
/// The DER is parsed by SwiftASN1 (`DER.parse`), which rejects anything that is not DER (indefinite or
/// non-minimal lengths, trailing bytes, nesting deeper than 50); every parse error becomes U7 `notPKCS12`.
/// RFC 7292 has no types in SwiftASN1 or swift-certificates, so the walk over the parsed `ASN1Node`s is ours.
/// It reads elements by position, as the reader it replaced did, rather than with `DER.sequence`: that helper
/// also insists on the SEQUENCE tag and on every element being consumed, which would move some malformed
/// files from a later check to U7 and so change their error.
package struct PKCS12Structure {
    var macDigest: String
    var macIterations: Int
    /// How the certificate parts are protected (`none` when stored in the clear).
    var certificateEncryption: [String] = []
    var keyEncryption: [String] = []
    /// Key bags visible outside encrypted parts (OpenSSL, Keychain and Java put keys there).
    var visibleKeyBags = 0
    var warnings: [String] = []

    package enum Problem: Error, Equatable {
        case notPKCS12, signedIntegrity, macMissing
        case unsupportedAlgorithm(String)
        case iterationsOutOfRange
    }

    static let iterationRange = 1...1_000_000

    static let digestNames: [ASN1ObjectIdentifier: String] = [
        [1, 3, 14, 3, 2, 26]: "SHA-1", [2, 16, 840, 1, 101, 3, 4, 2, 4]: "SHA-224",
        [2, 16, 840, 1, 101, 3, 4, 2, 1]: "SHA-256",
        [2, 16, 840, 1, 101, 3, 4, 2, 2]: "SHA-384", [2, 16, 840, 1, 101, 3, 4, 2, 3]: "SHA-512",
    ]
    static let prfNames: [ASN1ObjectIdentifier: String] = [
        [1, 2, 840, 113549, 2, 7]: "HMAC-SHA1", [1, 2, 840, 113549, 2, 8]: "HMAC-SHA224",
        [1, 2, 840, 113549, 2, 9]: "HMAC-SHA256",
        [1, 2, 840, 113549, 2, 10]: "HMAC-SHA384", [1, 2, 840, 113549, 2, 11]: "HMAC-SHA512",
    ]
    static let cipherNames: [ASN1ObjectIdentifier: String] = [
        [2, 16, 840, 1, 101, 3, 4, 1, 2]: "AES-128-CBC", [2, 16, 840, 1, 101, 3, 4, 1, 22]: "AES-192-CBC",
        [2, 16, 840, 1, 101, 3, 4, 1, 42]: "AES-256-CBC",
    ]
    static let legacyNames: [ASN1ObjectIdentifier: String] = [
        [1, 2, 840, 113549, 1, 12, 1, 3]: "pbeWithSHAAnd3-KeyTripleDES-CBC",
        [1, 2, 840, 113549, 1, 12, 1, 6]: "pbeWithSHAAnd40BitRC2-CBC",
        [1, 2, 840, 113549, 1, 12, 1, 5]: "pbeWithSHAAnd128BitRC2-CBC",
    ]

    static let dataOID: ASN1ObjectIdentifier = [1, 2, 840, 113549, 1, 7, 1]
    static let signedDataOID: ASN1ObjectIdentifier = [1, 2, 840, 113549, 1, 7, 2]
    static let encryptedDataOID: ASN1ObjectIdentifier = [1, 2, 840, 113549, 1, 7, 6]
    static let pbes2OID: ASN1ObjectIdentifier = [1, 2, 840, 113549, 1, 5, 13]
    static let pbkdf2OID: ASN1ObjectIdentifier = [1, 2, 840, 113549, 1, 5, 12]

    /// RFC 7292 §4.2 bag types (`pkcs-12 10 1 n`).
    enum BagType: UInt {
        case key = 1
        case shroudedKey, certificate, crl, secret, safeContents

        init?(_ oid: ASN1ObjectIdentifier?) {
            guard let parts = oid?.oidComponents, parts.count == 9,
                parts.dropLast() == [1, 2, 840, 113549, 1, 12, 10, 1],
                let last = parts.last
            else { return nil }
            self.init(rawValue: last)
        }
    }

    /// Checks U7–U10 of the spec in order.
    package static func read(_ bytes: [UInt8]) throws(Problem) -> PKCS12Structure {
        let pfxItems: [ASN1Node]
        let authSafeType: ASN1ObjectIdentifier?
        do {
            // PFX { version INTEGER (3), authSafe ContentInfo, macData MacData OPTIONAL }
            pfxItems = try DER.parse(bytes).elements()
            guard pfxItems.count >= 2, pfxItems[0].integer == 3, pfxItems[1].isSequence else { throw Problem.notPKCS12 }
            authSafeType = try pfxItems[1].element(0).objectIdentifier
        } catch {
            throw .notPKCS12
        }
        guard authSafeType == dataOID else {
            if authSafeType == signedDataOID { throw .signedIntegrity }
            throw .notPKCS12
        }
        guard pfxItems.count >= 3 else { throw .macMissing }

        var structure: PKCS12Structure
        do {
            // MacData { mac DigestInfo { AlgorithmIdentifier, digest }, macSalt, iterations INTEGER DEFAULT 1 }
            let macData = try pfxItems[2].elements()
            let algorithm = try macData.at(0).element(0).element(0).objectIdentifier
            guard let digest = algorithm.flatMap({ digestNames[$0] }) else {
                throw Problem.unsupportedAlgorithm(text(algorithm))
            }
            let iterations = macData.count > 2 ? (try macData.at(2).integer ?? 0) : 1
            guard iterationRange.contains(iterations) else { throw Problem.iterationsOutOfRange }
            structure = PKCS12Structure(macDigest: digest, macIterations: iterations)

            // authSafe: ContentInfo { data, [0] { OCTET STRING <AuthenticatedSafe> } }
            guard let authenticatedSafe = try pfxItems[1].element(1).element(0).octets else { throw Problem.notPKCS12 }
            for contentInfo in try DER.parse(authenticatedSafe).elements() {
                try structure.readContentInfo(contentInfo)
            }
        } catch let problem as Problem {
            throw problem
        } catch {
            throw .notPKCS12
        }
        return structure
    }

    private mutating func readContentInfo(_ contentInfo: ASN1Node) throws {
        let type = try contentInfo.element(0).objectIdentifier
        switch type {
        case Self.dataOID:
            guard let safeContents = try contentInfo.element(1).element(0).octets else { throw Problem.notPKCS12 }
            try readSafeContents(try DER.parse(safeContents))
        case Self.encryptedDataOID:
            // [0] { EncryptedData { version, EncryptedContentInfo { type, algorithm, [0] ciphertext } } }
            let encryptedContentInfo = try contentInfo.element(1).element(0).element(1)
            let algorithm = try Self.describe(try encryptedContentInfo.element(1))
            // OpenSSL, Keychain and Java keep certificates in the encrypted part.
            certificateEncryption.append(algorithm)
        default:
            throw Problem.unsupportedAlgorithm(Self.text(type))
        }
    }

    private mutating func readSafeContents(_ safeContents: ASN1Node, depth: Int = 0) throws {
        guard depth < 8 else { throw Problem.notPKCS12 }
        // SafeContents: SEQUENCE OF SafeBag { bagId OID, [0] { bagValue }, bagAttributes SET OF ... OPTIONAL }
        for bag in try safeContents.elements() {
            let id = try bag.element(0).objectIdentifier
            let value = try bag.element(1).element(0)
            switch BagType(id) {
            case .key:
                visibleKeyBags += 1
                keyEncryption.append("none")
            case .shroudedKey:
                visibleKeyBags += 1
                keyEncryption.append(try Self.describe(try value.element(0)))
            case .certificate:
                certificateEncryption.append("none")
            case .crl:
                warnings.append("The package holds a CRL, which is ignored")
            case .secret:
                warnings.append("The package holds a secret bag, which is ignored")
            case .safeContents:
                try readSafeContents(value, depth: depth + 1)
            case nil:
                warnings.append("Unknown bag type \(id.map(Self.dotted) ?? "") ignored")
            }
        }
    }

    /// A readable name for a password-based encryption AlgorithmIdentifier, or U10.
    static func describe(_ algorithm: ASN1Node) throws -> String {
        let oid = try algorithm.element(0).objectIdentifier
        if let legacy = oid.flatMap({ legacyNames[$0] }) {
            // pkcs-12PbeParams { salt OCTET STRING, iterations INTEGER }
            let iterations = try algorithm.element(1).element(1).integer ?? 0
            guard iterationRange.contains(iterations) else { throw Problem.iterationsOutOfRange }
            return legacy
        }
        guard oid == pbes2OID else { throw Problem.unsupportedAlgorithm(text(oid)) }
        // PBES2-params { keyDerivationFunc AlgorithmIdentifier, encryptionScheme AlgorithmIdentifier }
        let parameters = try algorithm.element(1).elements()
        let kdf = try parameters.at(0).elements()
        let kdfOID = try kdf.at(0).objectIdentifier
        guard kdfOID == pbkdf2OID else { throw Problem.unsupportedAlgorithm(text(kdfOID)) }
        // PBKDF2-params { salt, iterationCount INTEGER, keyLength INTEGER OPTIONAL, prf AlgorithmIdentifier DEFAULT hmacWithSHA1 }
        let kdfParameters = try kdf.at(1).elements()
        let iterations = kdfParameters.count > 1 ? (try kdfParameters.at(1).integer ?? 0) : 0
        guard iterationRange.contains(iterations) else { throw Problem.iterationsOutOfRange }
        var prf = "HMAC-SHA1"
        if let prfNode = kdfParameters.last, prfNode.isSequence {
            let prfOID = try prfNode.element(0).objectIdentifier
            guard let name = prfOID.flatMap({ prfNames[$0] }) else { throw Problem.unsupportedAlgorithm(text(prfOID)) }
            prf = name
        }
        let cipherOID = try parameters.at(1).element(0).objectIdentifier
        guard let cipher = cipherOID.flatMap({ cipherNames[$0] }) else {
            throw Problem.unsupportedAlgorithm(text(cipherOID))
        }
        return "PBES2/PBKDF2-\(prf)/\(cipher)"
    }

    /// How an OID appears in a U10 message; `?` where the element is not a valid OBJECT IDENTIFIER.
    static func text(_ oid: ASN1ObjectIdentifier?) -> String {
        oid.map(dotted) ?? "?"
    }

    /// Dotted text of an OID. SwiftASN1 1.7.4's `description` splits the first encoded subidentifier with a plain
    /// division by 40, which is right for arcs 0 and 1 only: `2.40` would read `3.0`. Under arc 2 the second
    /// component is the subidentifier minus 80 (X.690 §8.19.4).
    static func dotted(_ oid: ASN1ObjectIdentifier) -> String {
        var parts = oid.oidComponents
        if parts.count >= 2, parts[0] > 2 {
            parts[1] += parts[0] * 40 - 80
            parts[0] = 2
        }
        return parts.map(String.init).joined(separator: ".")
    }
}
