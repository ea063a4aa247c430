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
        do { key = try _RSA.Encryption.PublicKey(pemRepresentation: publicKeyPEM) } catch {
            throw .encryption("the customer's public key is not a usable RSA key")
        }
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
