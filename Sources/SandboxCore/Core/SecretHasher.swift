import CommerceCore
import Crypto
import Foundation
import _CryptoExtras

/// Stores passwords and client secrets as PBKDF2-HMAC-SHA256 with a random per-record salt, as the vendor
/// specs ask, so a sandbox database never holds a usable credential. The round count is modest on purpose:
/// these are test credentials, and every authenticated request pays for one derivation.
package enum SecretHasher {
    static let rounds = 4096

    package static func newSalt() -> String { RandomToken.hex(32) }

    /// 64 lowercase hex characters; empty only if the library refuses the parameters (it does not for these).
    package static func hash(_ secret: String, salt: String) -> String {
        guard
            let key = try? KDF.Insecure.PBKDF2.deriveKey(
                from: Data(secret.utf8), salt: Data(salt.utf8), using: .sha256, outputByteCount: 32,
                unsafeUncheckedRounds: rounds)
        else { return "" }
        return key.withUnsafeBytes { HexDigest.hex($0) }
    }

    /// A salt and hash for a seeded test credential, derived once per process and reused by every world that seeds
    /// it: a session is seeded on every creation, and three derivations were a quarter of that. The secret is
    /// published test data, so sharing its salt between worlds of one process gives nothing away.
    package static func seeded(_ secret: String) -> (salt: String, hash: String) {
        if let known = seededCredentials.withLock({ $0[secret] }) { return known }
        let salt = newSalt()
        let derived = (salt: salt, hash: hash(secret, salt: salt))
        return seededCredentials.withLock { cache in
            if let known = cache[secret] { return known }
            cache[secret] = derived
            return derived
        }
    }

    private static let seededCredentials = Locked<[String: (salt: String, hash: String)]>([:])

    /// Compares in constant time, so response timing says nothing about how much of a guess was right.
    package static func verify(_ secret: String, salt: String, hash expected: String) -> Bool {
        let actual = Array(hash(secret, salt: salt).utf8)
        let wanted = Array(expected.utf8)
        guard !actual.isEmpty, actual.count == wanted.count else { return false }
        return zip(actual, wanted).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
    }
}
