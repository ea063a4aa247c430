import CommerceCore
import Foundation
import SandboxCore

/// Secrets of the Paytronix service: hashing goes through the sandbox's shared ``SecretHasher``.
enum PaytronixSecrets {
    static func newSalt() -> String { SecretHasher.newSalt() }

    static func hash(_ secret: String, salt: String) -> String { SecretHasher.hash(secret, salt: salt) }

    static func seeded(_ secret: String) -> (salt: String, hash: String) { SecretHasher.seeded(secret) }

    static func verify(_ secret: String, salt: String, hash expected: String) -> Bool {
        SecretHasher.verify(secret, salt: salt, hash: expected)
    }

    /// Random base62 text for generated client ids and secrets.
    static func base62(_ count: Int) -> String {
        let alphabet = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")
        var generator = SystemRandomNumberGenerator()
        return String((0..<count).map { _ in alphabet[Int(generator.next(upperBound: UInt64(alphabet.count)))] })
    }
}
