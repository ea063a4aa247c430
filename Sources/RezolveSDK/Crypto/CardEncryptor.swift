import CommerceCore
import Foundation
import _CryptoExtras

/// Encrypts card numbers and CVVs for the customer's RSA public key (§3.6).
///
/// RSA-OAEP with SHA-256 (and MGF1-SHA-256, empty label) through swift-crypto; the result is standard base64,
/// 344 characters for the 2048-bit keys Rezolve issues. The plaintext is the digits only.
public struct CardEncryptor {
    private let key: _RSA.Encryption.PublicKey

    /// - Parameter publicKeyPEM: a PEM `PUBLIC KEY` (SubjectPublicKeyInfo) as `GET …/publickey` returns it.
    public init(publicKeyPEM: String) throws(RezolveError) {
        // The key comes from the server, so it is read by `RSAPublicKeyNumbers` and built from its numbers:
        // swift-crypto's PEM initialiser frees its key twice on a well-formed key BoringSSL refuses (an EC key,
        // say), which could abort the app. Like that initialiser, keys under 2048 bits are refused.
        guard let numbers = RSAPublicKeyNumbers(pem: publicKeyPEM), numbers.bitCount >= 2048,
            let key = try? _RSA.Encryption.PublicKey(n: numbers.modulus, e: numbers.exponent)
        else { throw .encryption("the customer's public key is not a usable RSA key") }
        self.key = key
    }

    /// Removes spaces and dashes, then encrypts the remaining characters.
    public func encrypt(_ value: String) throws(RezolveError) -> String {
        let digits = Self.digitsOnly(value)
        do {
            return try key.encrypt(Data(digits.utf8), padding: .PKCS1_OAEP_SHA256).base64EncodedString()
        } catch {
            // The underlying error never includes the plaintext, but say nothing about it either way.
            throw .encryption("card data could not be encrypted")
        }
    }

    static func digitsOnly(_ value: String) -> String {
        value.filter { $0 != " " && $0 != "-" }
    }
}
