import Foundation

/// What the outer, unencrypted layers of a PKCS#12 file say (RFC 7292): container version, integrity mode,
/// MAC parameters and the algorithms protecting each part. Read without the password and without any
/// cryptography, so the upload route can name an unsupported algorithm before BoringSSL tries it.
struct PKCS12Structure {
    var macDigest: String
    var macIterations: Int
    /// How the certificate parts are protected (`none` when stored in the clear).
    var certificateEncryption: [String] = []
    var keyEncryption: [String] = []
    /// Key bags visible outside encrypted parts (OpenSSL, Keychain and Java put keys there).
    var visibleKeyBags = 0
    var warnings: [String] = []

    enum Problem: Error, Equatable {
        case notPKCS12, signedIntegrity, macMissing
        case unsupportedAlgorithm(String), iterationsOutOfRange
    }

    static let iterationRange = 1...1_000_000

    static let digestNames = ["1.3.14.3.2.26": "SHA-1", "2.16.840.1.101.3.4.2.4": "SHA-224", "2.16.840.1.101.3.4.2.1": "SHA-256",
                              "2.16.840.1.101.3.4.2.2": "SHA-384", "2.16.840.1.101.3.4.2.3": "SHA-512"]
    static let prfNames = ["1.2.840.113549.2.7": "HMAC-SHA1", "1.2.840.113549.2.8": "HMAC-SHA224", "1.2.840.113549.2.9": "HMAC-SHA256",
                           "1.2.840.113549.2.10": "HMAC-SHA384", "1.2.840.113549.2.11": "HMAC-SHA512"]
    static let cipherNames = ["2.16.840.1.101.3.4.1.2": "AES-128-CBC", "2.16.840.1.101.3.4.1.22": "AES-192-CBC",
                              "2.16.840.1.101.3.4.1.42": "AES-256-CBC"]
    static let legacyNames = ["1.2.840.113549.1.12.1.3": "pbeWithSHAAnd3-KeyTripleDES-CBC",
                              "1.2.840.113549.1.12.1.6": "pbeWithSHAAnd40BitRC2-CBC",
                              "1.2.840.113549.1.12.1.5": "pbeWithSHAAnd128BitRC2-CBC"]

    static let dataOID = "1.2.840.113549.1.7.1", encryptedDataOID = "1.2.840.113549.1.7.6"
    static let bagPrefix = "1.2.840.113549.1.12.10.1."

    /// Checks U7–U10 of the spec in order.
    static func read(_ bytes: [UInt8]) throws(Problem) -> PKCS12Structure {
        let pfxItems: [DERNode]
        let authSafeType: String?
        do {
            let pfx = try DERNode.parse(bytes[...])
            pfxItems = try pfx.children()
            guard pfxItems.count >= 2, pfxItems[0].integerValue == 3, pfxItems[1].tag == DERNode.sequence else { throw Problem.notPKCS12 }
            authSafeType = try pfxItems[1].child(0).oid
        } catch {
            throw .notPKCS12
        }
        guard authSafeType == dataOID else {
            if authSafeType == "1.2.840.113549.1.7.2" { throw .signedIntegrity }
            throw .notPKCS12
        }
        guard pfxItems.count >= 3 else { throw .macMissing }

        var structure: PKCS12Structure
        do {
            let macData = try pfxItems[2].children()
            let digestInfo = try (try macData.at(0)).children()
            let algorithm = try (try digestInfo.at(0)).child(0).oid ?? "?"
            guard let digest = digestNames[algorithm] else { throw Problem.unsupportedAlgorithm(algorithm) }
            let iterations = macData.count > 2 ? ((try macData.at(2)).integerValue ?? 0) : 1
            guard iterationRange.contains(iterations) else { throw Problem.iterationsOutOfRange }
            structure = PKCS12Structure(macDigest: digest, macIterations: iterations)

            // authSafe: ContentInfo { data, [0] { OCTET STRING <AuthenticatedSafe> } }
            let wrapped = try pfxItems[1].child(1).child(0)
            guard wrapped.tag == DERNode.octetString else { throw Problem.notPKCS12 }
            for contentInfo in try DERNode.parse(wrapped.content).children() {
                try structure.readContentInfo(contentInfo)
            }
        } catch let problem as Problem {
            throw problem
        } catch {
            throw .notPKCS12
        }
        return structure
    }

    private mutating func readContentInfo(_ contentInfo: DERNode) throws {
        let type = try contentInfo.child(0).oid
        switch type {
        case Self.dataOID:
            let octets = try contentInfo.child(1).child(0)
            guard octets.tag == DERNode.octetString else { throw Problem.notPKCS12 }
            try readSafeContents(try DERNode.parse(octets.content))
        case Self.encryptedDataOID:
            // [0] { EncryptedData { version, EncryptedContentInfo { type, algorithm, [0] ciphertext } } }
            let encryptedContentInfo = try contentInfo.child(1).child(0).child(1)
            let algorithm = try Self.describe(try encryptedContentInfo.child(1))
            // OpenSSL, Keychain and Java keep certificates in the encrypted part.
            certificateEncryption.append(algorithm)
        default:
            throw Problem.unsupportedAlgorithm(type ?? "?")
        }
    }

    private mutating func readSafeContents(_ safeContents: DERNode, depth: Int = 0) throws {
        guard depth < 8 else { throw Problem.notPKCS12 }
        for bag in try safeContents.children() {
            let id = try bag.child(0).oid ?? ""
            let value = try bag.child(1).child(0)
            switch id {
            case Self.bagPrefix + "1":
                visibleKeyBags += 1
                keyEncryption.append("none")
            case Self.bagPrefix + "2":
                visibleKeyBags += 1
                keyEncryption.append(try Self.describe(try value.child(0)))
            case Self.bagPrefix + "3":
                certificateEncryption.append("none")
            case Self.bagPrefix + "4":
                warnings.append("The package holds a CRL, which is ignored")
            case Self.bagPrefix + "5":
                warnings.append("The package holds a secret bag, which is ignored")
            case Self.bagPrefix + "6":
                try readSafeContents(value, depth: depth + 1)
            default:
                warnings.append("Unknown bag type \(id) ignored")
            }
        }
    }

    /// A readable name for a password-based encryption AlgorithmIdentifier, or U10.
    static func describe(_ algorithm: DERNode) throws -> String {
        let oid = try algorithm.child(0).oid ?? "?"
        if let legacy = legacyNames[oid] {
            let iterations = try algorithm.child(1).child(1).integerValue ?? 0
            guard iterationRange.contains(iterations) else { throw Problem.iterationsOutOfRange }
            return legacy
        }
        guard oid == "1.2.840.113549.1.5.13" else { throw Problem.unsupportedAlgorithm(oid) }
        let parameters = try algorithm.child(1).children()
        let kdf = try (try parameters.at(0)).children()
        let kdfOID = (try kdf.at(0)).oid ?? "?"
        guard kdfOID == "1.2.840.113549.1.5.12" else { throw Problem.unsupportedAlgorithm(kdfOID) }
        let kdfParameters = try (try kdf.at(1)).children()
        let iterations = kdfParameters.count > 1 ? ((try kdfParameters.at(1)).integerValue ?? 0) : 0
        guard iterationRange.contains(iterations) else { throw Problem.iterationsOutOfRange }
        var prf = "HMAC-SHA1"
        if let prfNode = kdfParameters.last, prfNode.tag == DERNode.sequence {
            let prfOID = try prfNode.child(0).oid ?? "?"
            guard let name = prfNames[prfOID] else { throw Problem.unsupportedAlgorithm(prfOID) }
            prf = name
        }
        let cipherOID = try (try parameters.at(1)).child(0).oid ?? "?"
        guard let cipher = cipherNames[cipherOID] else { throw Problem.unsupportedAlgorithm(cipherOID) }
        return "PBES2/PBKDF2-\(prf)/\(cipher)"
    }
}
