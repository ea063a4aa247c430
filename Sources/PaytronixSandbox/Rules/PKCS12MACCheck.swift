import Crypto

/// The password check of a PKCS#12 file (RFC 7292 §5, U11): an HMAC over the authenticated safe, keyed by the
/// PKCS#12 KDF (purpose 3) of the password with the MAC's own digest, salt and iteration count.
enum PKCS12MACCheck {
    /// Whether `expected` is the MAC of `content`; `nil` when `digest` (a `PKCS12Structure.digestNames` value)
    /// is not one this check knows. The comparison is swift-crypto's, in constant time.
    static func verify(
        digest: String, password: String, salt: ArraySlice<UInt8>, iterations: Int, content: ArraySlice<UInt8>,
        expected: ArraySlice<UInt8>
    ) -> Bool? {
        let arguments = (PKCS12KeyDerivation.bmpPassword(password), salt, iterations, content, expected)
        switch digest {
        case "SHA-1": return check(Insecure.SHA1.self, arguments)
        case "SHA-224": return check(SHA224.self, arguments)
        case "SHA-256": return check(SHA256.self, arguments)
        case "SHA-384": return check(SHA384.self, arguments)
        case "SHA-512": return check(SHA512.self, arguments)
        default: return nil
        }
    }

    private static func check<H: HashFunction>(
        _ hash: H.Type,
        _ arguments: (
            password: [UInt8], salt: ArraySlice<UInt8>, iterations: Int, content: ArraySlice<UInt8>,
            expected: ArraySlice<UInt8>
        )
    ) -> Bool {
        let key = PKCS12KeyDerivation.derive(
            H.self, purpose: .mac, password: arguments.password, salt: arguments.salt,
            iterations: arguments.iterations, count: H.Digest.byteCount)
        return HMAC<H>.isValidAuthenticationCode(
            Array(arguments.expected), authenticating: arguments.content, using: SymmetricKey(data: key))
    }
}
