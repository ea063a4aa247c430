import Crypto
import Foundation
import PaytronixSandbox

/// The sandbox's PKCS#12 reader (Paytronix push packages): `PKCS12Structure` on the outer layers and
/// `PKCS12Contents`, which checks the MAC with our PKCS#12 KDF, decrypts with our Triple DES and RC2 or with
/// PBES2, and walks the bags, keys and certificates.
///
/// Two targets. `pkcs12` takes a whole file, as uploaded. Its MAC stops almost every mutation at the password
/// check, so `pkcs12-safe` takes the authenticated safe (the part under the MAC) and wraps it in a PFX with a
/// correct SHA-256 MAC: the reader must then never answer "wrong password", and what it reports must be
/// consistent (one SubjectPublicKeyInfo slot per certificate, a key type exactly when there is a key).
enum PKCS12Harness {
    static let password = "sandbox-pass"
    private static let macSalt: [UInt8] = [0x73, 0x61, 0x6E, 0x64, 0x62, 0x6F, 0x78, 0x21]

    static func runFile(_ data: Data) throws(InvariantViolation) {
        let bytes = [UInt8](data)
        _ = try? PKCS12Structure.read(bytes)
        try open(bytes)
    }

    static func runAuthenticatedSafe(_ data: Data) throws(InvariantViolation) {
        let file = pfx(authenticatedSafe: [UInt8](data))
        _ = try? PKCS12Structure.read(file)
        try open(file, macIsCorrect: true)
    }

    private static func open(_ bytes: [UInt8], macIsCorrect: Bool = false) throws(InvariantViolation) {
        let contents: PKCS12Contents
        do {
            contents = try PKCS12Contents.open(bytes, password: password)
        } catch {
            try InvariantViolation.check(
                !macIsCorrect || error != .wrongPassword, "a correct MAC reads as a wrong password")
            return
        }
        try InvariantViolation.check(
            contents.certificatesDER.count == contents.certificateSPKIs.count,
            "\(contents.certificatesDER.count) certificates but \(contents.certificateSPKIs.count) public keys")
        try InvariantViolation.check(contents.hasKey == (contents.keyType != nil), "hasKey disagrees with keyType")
    }

    /// PFX { version 3, ContentInfo { data, [0] { OCTET STRING safe } }, MacData { DigestInfo { SHA-256, mac },
    /// salt, iterations 1 } } (RFC 7292 §4), in DER.
    private static func pfx(authenticatedSafe safe: [UInt8]) -> [UInt8] {
        let key = PKCS12KeyDerivation.derive(
            SHA256.self, purpose: .mac, password: PKCS12KeyDerivation.bmpPassword(password), salt: macSalt[...],
            iterations: 1, count: SHA256.byteCount)
        let mac = HMAC<SHA256>.authenticationCode(for: safe, using: SymmetricKey(data: key))
        let dataOID: [UInt8] = [0x06, 0x09, 0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x07, 0x01]
        let sha256: [UInt8] = [0x06, 0x09, 0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x02, 0x01, 0x05, 0x00]
        let contentInfo = der(0x30, dataOID + der(0xA0, der(0x04, safe)))
        let digestInfo = der(0x30, der(0x30, sha256) + der(0x04, Array(mac)))
        let macData = der(0x30, digestInfo + der(0x04, macSalt) + [0x02, 0x01, 0x01])
        return der(0x30, [0x02, 0x01, 0x03] + contentInfo + macData)
    }

    /// One DER element: tag, definite length (short or long form), contents.
    private static func der(_ tag: UInt8, _ contents: [UInt8]) -> [UInt8] {
        guard contents.count >= 0x80 else { return [tag, UInt8(contents.count)] + contents }
        var length: [UInt8] = []
        var remaining = contents.count
        while remaining > 0 {
            length.insert(UInt8(truncatingIfNeeded: remaining), at: 0)
            remaining >>= 8
        }
        return [tag, 0x80 | UInt8(length.count)] + length + contents
    }
}
