import Crypto
import SwiftASN1
import _CryptoExtras

/// Decrypts one password-protected part of a PKCS#12 file: an EncryptedData's content or a shrouded key.
///
/// PBES2 (PBKDF2 + AES-CBC) is swift-crypto's (`_CryptoExtras`); the password goes in as its UTF-8 bytes, as
/// OpenSSL 3 writes it. The legacy `pbeWithSHAAnd…` ciphers derive key and IV with `PKCS12KeyDerivation`
/// (SHA-1, BMPString password) and run `TripleDES` or `RC2` in CBC mode, since swift-crypto has neither.
enum PKCS12Decryption {
    enum Problem: Error, Equatable {
        /// The algorithm or its parameters cannot be used (the file is malformed or uses something unsupported).
        case unusable(String)
        /// The ciphertext does not decrypt to padded plaintext: a wrong password, most likely.
        case badPadding
    }

    /// The plaintext of `ciphertext`, protected as the AlgorithmIdentifier `algorithm` says.
    static func decrypt(_ ciphertext: ArraySlice<UInt8>, algorithm: ASN1Node, password: String) throws(Problem)
        -> [UInt8]
    {
        do {
            let oid = try algorithm.element(0).objectIdentifier
            if let name = oid.flatMap({ PKCS12Structure.legacyNames[$0] }) {
                return try legacy(ciphertext, name: name, parameters: try algorithm.element(1), password: password)
            }
            guard oid == PKCS12Structure.pbes2OID else { throw Problem.unusable(PKCS12Structure.text(oid)) }
            return try pbes2(ciphertext, parameters: try algorithm.element(1), password: password)
        } catch let problem as Problem {
            throw problem
        } catch {
            throw .unusable("malformed algorithm parameters")
        }
    }

    /// pkcs-12PbeParams { salt OCTET STRING, iterations INTEGER }, RFC 7292 Appendix C.
    private static func legacy(_ ciphertext: ArraySlice<UInt8>, name: String, parameters: ASN1Node, password: String)
        throws -> [UInt8]
    {
        guard let salt = try parameters.element(0).octets, let iterations = try parameters.element(1).integer,
            PKCS12Structure.iterationRange.contains(iterations)
        else { throw Problem.unusable("\(name) parameters") }
        let keyLength = name == "pbeWithSHAAnd3-KeyTripleDES-CBC" ? 24 : name == "pbeWithSHAAnd40BitRC2-CBC" ? 5 : 16
        let bmp = PKCS12KeyDerivation.bmpPassword(password)
        let key = PKCS12KeyDerivation.derive(
            Insecure.SHA1.self, purpose: .key, password: bmp, salt: salt, iterations: iterations, count: keyLength)
        let iv = PKCS12KeyDerivation.derive(
            Insecure.SHA1.self, purpose: .iv, password: bmp, salt: salt, iterations: iterations, count: 8)
        let decryptBlock: (UInt64) -> UInt64
        if keyLength == 24 {
            guard let cipher = TripleDES(key: key) else { throw Problem.unusable(name) }
            decryptBlock = cipher.decrypt(block:)
        } else {
            guard let cipher = RC2(key: key, effectiveBits: keyLength * 8) else { throw Problem.unusable(name) }
            decryptBlock = cipher.decrypt(block:)
        }
        return try cbcDecrypt(ciphertext, iv: iv, decryptBlock: decryptBlock)
    }

    /// CBC over 8-byte blocks, then the PKCS#7 padding check and removal.
    static func cbcDecrypt(_ ciphertext: ArraySlice<UInt8>, iv: [UInt8], decryptBlock: (UInt64) -> UInt64)
        throws(Problem) -> [UInt8]
    {
        guard !ciphertext.isEmpty, ciphertext.count % 8 == 0, iv.count == 8 else { throw .badPadding }
        var previous = iv.reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        var plaintext: [UInt8] = []
        plaintext.reserveCapacity(ciphertext.count)
        var start = ciphertext.startIndex
        while start < ciphertext.endIndex {
            let block = ciphertext[start..<start + 8].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
            let clear = decryptBlock(block) ^ previous
            for shift in stride(from: 56, through: 0, by: -8) {
                plaintext.append(UInt8(truncatingIfNeeded: clear >> UInt64(shift)))
            }
            previous = block
            start += 8
        }
        return try unpadded(plaintext, blockSize: 8)
    }

    /// PKCS#7 padding: the last byte n (1…blockSize) and n copies of it.
    private static func unpadded(_ plaintext: [UInt8], blockSize: Int) throws(Problem) -> [UInt8] {
        guard let last = plaintext.last, (1...blockSize).contains(Int(last)), plaintext.count >= Int(last),
            plaintext.suffix(Int(last)).allSatisfy({ $0 == last })
        else { throw .badPadding }
        return Array(plaintext.dropLast(Int(last)))
    }

    /// PBES2-params (RFC 8018 §6.2): PBKDF2 { salt, iterationCount, keyLength?, prf? } and an AES-CBC scheme
    /// whose parameter is the IV.
    private static func pbes2(_ ciphertext: ArraySlice<UInt8>, parameters: ASN1Node, password: String) throws
        -> [UInt8]
    {
        let kdf = try parameters.element(0)
        guard try kdf.element(0).objectIdentifier == PKCS12Structure.pbkdf2OID else {
            throw Problem.unusable(PKCS12Structure.text(try kdf.element(0).objectIdentifier))
        }
        let kdfParameters = try kdf.element(1).elements()
        guard let salt = try kdfParameters.at(0).octets, let iterations = try kdfParameters.at(1).integer,
            PKCS12Structure.iterationRange.contains(iterations)
        else { throw Problem.unusable("PBKDF2 parameters") }
        var prf = "HMAC-SHA1"
        var declaredKeyLength: Int?
        for node in kdfParameters.dropFirst(2) {
            if node.isSequence {
                let prfOID = try node.element(0).objectIdentifier
                guard let name = prfOID.flatMap({ PKCS12Structure.prfNames[$0] }) else {
                    throw Problem.unusable(PKCS12Structure.text(prfOID))
                }
                prf = name
            } else {
                declaredKeyLength = node.integer
            }
        }
        let scheme = try parameters.element(1)
        let cipherOID = try scheme.element(0).objectIdentifier
        guard let cipher = cipherOID.flatMap({ PKCS12Structure.cipherNames[$0] }) else {
            throw Problem.unusable(PKCS12Structure.text(cipherOID))
        }
        let keyLength = cipher == "AES-128-CBC" ? 16 : cipher == "AES-192-CBC" ? 24 : 32
        guard declaredKeyLength == nil || declaredKeyLength == keyLength, let ivBytes = try scheme.element(1).octets,
            ivBytes.count == 16, ciphertext.count % 16 == 0, !ciphertext.isEmpty
        else { throw Problem.unusable("\(cipher) parameters") }
        let hash: KDF.Insecure.PBKDF2.HashFunction
        switch prf {
        case "HMAC-SHA1": hash = .insecureSHA1
        case "HMAC-SHA224": hash = .insecureSHA224
        case "HMAC-SHA256": hash = .sha256
        case "HMAC-SHA384": hash = .sha384
        default: hash = .sha512
        }
        let key = try KDF.Insecure.PBKDF2.deriveKey(
            from: Array(password.utf8), salt: salt, using: hash, outputByteCount: keyLength,
            unsafeUncheckedRounds: iterations)
        let iv = try AES._CBC.IV(ivBytes: ivBytes)
        do {
            return Array(try AES._CBC.decrypt(ciphertext, using: key, iv: iv))
        } catch {
            throw Problem.badPadding
        }
    }
}
