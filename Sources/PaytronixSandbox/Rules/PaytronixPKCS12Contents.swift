import SwiftASN1

/// Opens a PKCS#12 file with its password and reports what it holds: the private key, if any, and every
/// certificate (RFC 7292).
///
/// The file has passed `PKCS12Structure` already, so the outer layers and algorithms are known to be usable. This
/// reader checks the MAC first (so a wrong password is always U11), then decrypts each protected part and walks
/// the bags, including nested SafeContents. It never stops at the first key: a second one is U13, and a file with
/// no key, or a key no certificate is for, is reported rather than refused (U13, U17). Those two cases are why
/// this is ours rather than `NIOSSLPKCS12Bundle`, which stops the process on both.
package struct PKCS12Contents {
    package enum KeyType: Equatable {
        case rsa(bits: Int)
        case ec(curve: String)
        case other(String)
    }

    package var hasKey: Bool
    package var keyType: KeyType?
    package var certificatesDER: [[UInt8]]
    /// The key's SubjectPublicKeyInfo and each certificate's, for the "issued for this key" check.
    package var keySPKI: [UInt8]?
    package var certificateSPKIs: [[UInt8]?]

    package enum Failure: Error, Equatable {
        case wrongPassword, multipleKeys
        case decryptFailed(String)
        case notPKCS12
    }

    static let x509CertificateOID: ASN1ObjectIdentifier = [1, 2, 840, 113549, 1, 9, 22, 1]

    package static func open(_ bytes: [UInt8], password: String) throws(Failure) -> PKCS12Contents {
        var reader = Reader(password: password)
        // PFX { version, authSafe ContentInfo { data, [0] OCTET STRING }, macData }, as PKCS12Structure read it.
        let authenticatedSafe: ArraySlice<UInt8>
        let macData: [ASN1Node]
        do {
            let pfx = try DER.parse(bytes).elements()
            guard let content = try pfx.at(1).element(1).element(0).octets else { throw Failure.notPKCS12 }
            authenticatedSafe = content
            macData = try pfx.at(2).elements()
        } catch {
            throw .notPKCS12
        }
        try reader.checkMAC(macData, content: authenticatedSafe)
        try reader.readAuthenticatedSafe(authenticatedSafe)
        return reader.contents
    }

    /// The walk's state: the password and what has been found so far.
    private struct Reader {
        let password: String
        var contents = PKCS12Contents(
            hasKey: false, keyType: nil, certificatesDER: [], keySPKI: nil, certificateSPKIs: [])

        init(password: String) {
            self.password = password
        }

        /// MacData { mac DigestInfo { digestAlgorithm, digest OCTET STRING }, macSalt OCTET STRING, iterations }.
        func checkMAC(_ macData: [ASN1Node], content: ArraySlice<UInt8>) throws(Failure) {
            let verified: Bool?
            do {
                let digestInfo = try macData.at(0).elements()
                let digest = try digestInfo.at(0).element(0).objectIdentifier.flatMap {
                    PKCS12Structure.digestNames[$0]
                }
                let iterations = macData.count > 2 ? try macData.at(2).integer : 1
                guard let digest, let expected = try digestInfo.at(1).octets, let salt = try macData.at(1).octets,
                    let iterations, PKCS12Structure.iterationRange.contains(iterations)
                else { throw Failure.notPKCS12 }
                verified = PKCS12MACCheck.verify(
                    digest: digest, password: password, salt: salt, iterations: iterations, content: content,
                    expected: expected)
                guard verified != nil else { throw Failure.decryptFailed("MAC digest \(digest) is not supported") }
            } catch let failure as Failure {
                throw failure
            } catch {
                throw .notPKCS12
            }
            guard verified == true else { throw .wrongPassword }
        }

        /// AuthenticatedSafe: SEQUENCE OF ContentInfo, each `data` (SafeContents in the clear) or `encryptedData`.
        mutating func readAuthenticatedSafe(_ bytes: ArraySlice<UInt8>) throws(Failure) {
            let contentInfos: [ASN1Node]
            do {
                contentInfos = try DER.parse(bytes).elements()
            } catch {
                throw .notPKCS12
            }
            for contentInfo in contentInfos {
                let safeContents: ASN1Node
                let type: ASN1ObjectIdentifier?
                do {
                    type = try contentInfo.element(0).objectIdentifier
                    if type == PKCS12Structure.dataOID {
                        guard let octets = try contentInfo.element(1).element(0).octets else { throw Failure.notPKCS12 }
                        safeContents = try DER.parse(octets)
                    } else if type == PKCS12Structure.encryptedDataOID {
                        safeContents = try decryptedSafeContents(contentInfo)
                    } else {
                        continue
                    }
                } catch let failure as Failure {
                    throw failure
                } catch {
                    throw .notPKCS12
                }
                try readSafeContents(safeContents, decrypted: type == PKCS12Structure.encryptedDataOID)
            }
        }

        /// [0] EncryptedData { version, EncryptedContentInfo { data, algorithm, [0] IMPLICIT ciphertext } }.
        private func decryptedSafeContents(_ contentInfo: ASN1Node) throws -> ASN1Node {
            let encryptedContentInfo = try contentInfo.element(1).element(0).element(1)
            let algorithm = try encryptedContentInfo.element(1)
            guard case .primitive(let ciphertext) = try encryptedContentInfo.element(2).content else {
                throw Failure.notPKCS12
            }
            let plaintext = try decrypt(ciphertext, algorithm: algorithm)
            // Garbage that happened to end in valid padding is still a failed decryption, not a malformed file.
            do {
                return try DER.parse(plaintext)
            } catch {
                throw Failure.decryptFailed("the decrypted content is not SafeContents")
            }
        }

        private func decrypt(_ ciphertext: ArraySlice<UInt8>, algorithm: ASN1Node) throws(Failure) -> [UInt8] {
            do {
                return try PKCS12Decryption.decrypt(ciphertext, algorithm: algorithm, password: password)
            } catch {
                switch error {
                case .badPadding: throw .decryptFailed("bad padding")
                case .unusable(let what): throw .decryptFailed("cannot use \(what)")
                }
            }
        }

        /// SafeContents: SEQUENCE OF SafeBag { bagId, [0] bagValue, bagAttributes? }. Errors inside content that
        /// was decrypted (here or by an enclosing part) are `decryptFailed`; in the clear they are `notPKCS12`.
        private mutating func readSafeContents(_ safeContents: ASN1Node, decrypted: Bool, depth: Int = 0)
            throws(Failure)
        {
            do {
                guard depth < 8 else { throw Failure.notPKCS12 }
                for bag in try safeContents.elements() {
                    let value = try bag.element(1).element(0)
                    switch PKCS12Structure.BagType(try bag.element(0).objectIdentifier) {
                    case .key:
                        try addKey(privateKeyInfo: value.encodedBytes, decrypted: decrypted)
                    case .shroudedKey:
                        guard !contents.hasKey else { throw Failure.multipleKeys }
                        // EncryptedPrivateKeyInfo { encryptionAlgorithm, encryptedData OCTET STRING }
                        guard let ciphertext = try value.element(1).octets else { throw Failure.notPKCS12 }
                        let plaintext = try decrypt(ciphertext, algorithm: try value.element(0))
                        try addKey(privateKeyInfo: plaintext[...], decrypted: true)
                    case .certificate:
                        // CertBag { certId, [0] certValue }; only X.509 certificates count, others are skipped.
                        guard try value.element(0).objectIdentifier == PKCS12Contents.x509CertificateOID else {
                            continue
                        }
                        guard let der = try value.element(1).element(0).octets else { throw Failure.notPKCS12 }
                        contents.certificatesDER.append(Array(der))
                        contents.certificateSPKIs.append(CertificatePublicKey.subjectPublicKeyInfo(of: der))
                    case .safeContents:
                        try readSafeContents(value, decrypted: decrypted, depth: depth + 1)
                    case .crl, .secret, nil:
                        continue
                    }
                }
            } catch let failure as Failure {
                throw failure == .notPKCS12 && decrypted ? .decryptFailed("malformed decrypted content") : failure
            } catch {
                throw decrypted ? .decryptFailed("malformed decrypted content") : .notPKCS12
            }
        }

        private mutating func addKey(privateKeyInfo: ArraySlice<UInt8>, decrypted: Bool) throws(Failure) {
            guard !contents.hasKey else { throw .multipleKeys }
            let key: PKCS12PrivateKey
            do {
                key = try PKCS12PrivateKey(privateKeyInfo: privateKeyInfo)
            } catch {
                throw decrypted ? .decryptFailed("the private key does not parse") : .notPKCS12
            }
            contents.hasKey = true
            contents.keyType = key.type
            contents.keySPKI = key.subjectPublicKeyInfo
        }
    }
}
