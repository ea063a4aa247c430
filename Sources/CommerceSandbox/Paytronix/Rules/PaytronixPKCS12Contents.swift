import CNIOBoringSSL
import CNIOBoringSSLShims
import Foundation

/// Opens a PKCS#12 file with BoringSSL's parser (the one inside swift-nio-ssl) and reports what it holds.
///
/// `NIOSSLPKCS12Bundle` stops the process when a file holds no private key, or a key that matches none of its
/// certificates; two of the mistakes the upload route must report. So the file is first opened here through
/// `PKCS12_get_key_and_certs`, which verifies the MAC with the password, decrypts every part and returns the
/// key and *all* certificates without any such trap. Only a file that passes is handed to `NIOSSLPKCS12Bundle`.
struct PKCS12Contents {
    enum KeyType: Equatable {
        case rsa(bits: Int)
        case ec(curve: String)
        case other(String)
    }

    var hasKey: Bool
    var keyType: KeyType?
    var certificatesDER: [[UInt8]]
    /// The key's SubjectPublicKeyInfo and each certificate's, for the "issued for this key" check.
    var keySPKI: [UInt8]?
    var certificateSPKIs: [[UInt8]?]

    enum Failure: Error, Equatable {
        case wrongPassword, multipleKeys
        case decryptFailed(String)
        case notPKCS12
    }

    static func open(_ bytes: [UInt8], password: String) throws(Failure) -> PKCS12Contents {
        // Password bytes must not contain NUL: BoringSSL reads them as a C string.
        guard !password.utf8.contains(0) else { throw .wrongPassword }
        guard let stack = CNIOBoringSSLShims_sk_X509_new_null() else { throw .decryptFailed("out of memory") }
        defer { CNIOBoringSSLShims_sk_X509_pop_free(stack, X509_free) }
        var key: OpaquePointer?
        ERR_clear_error()
        let ok = bytes.withUnsafeBufferPointer { buffer -> Int32 in
            var input = CBS()
            CBS_init(&input, buffer.baseAddress, buffer.count)
            return password.withCString { PKCS12_get_key_and_certs(&key, stack, &input, $0) }
        }
        defer { if let key { EVP_PKEY_free(key) } }
        guard ok == 1 else {
            let packed = ERR_get_error()
            ERR_clear_error()
            switch (ERR_GET_LIB(packed), ERR_GET_REASON(packed)) {
            case (Int32(ERR_LIB_PKCS8), 108): throw .wrongPassword
            case (Int32(ERR_LIB_PKCS8), 113): throw .multipleKeys
            case (Int32(ERR_LIB_PKCS8), 100), (Int32(ERR_LIB_PKCS8), 101): throw .notPKCS12
            default:
                let reason = ERR_reason_error_string(packed).map { String(cString: $0) } ?? "error \(packed)"
                throw .decryptFailed(reason)
            }
        }
        var contents = PKCS12Contents(
            hasKey: key != nil, keyType: nil, certificatesDER: [], keySPKI: nil, certificateSPKIs: [])
        if let key {
            contents.keyType = keyType(of: key)
            contents.keySPKI = spki(of: key)
        }
        for index in 0..<CNIOBoringSSLShims_sk_X509_num(stack) {
            guard let certificate = CNIOBoringSSLShims_sk_X509_value(stack, index) else { continue }
            contents.certificatesDER.append(der(of: certificate))
            if let publicKey = X509_get_pubkey(certificate) {
                contents.certificateSPKIs.append(spki(of: publicKey))
                EVP_PKEY_free(publicKey)
            } else {
                contents.certificateSPKIs.append(nil)
            }
        }
        return contents
    }

    private static func keyType(of key: OpaquePointer) -> KeyType {
        switch EVP_PKEY_id(key) {
        case EVP_PKEY_RSA:
            return .rsa(bits: Int(EVP_PKEY_bits(key)))
        case EVP_PKEY_EC:
            let curve =
                EVP_PKEY_get0_EC_KEY(key).flatMap { EC_KEY_get0_group($0) }.map { EC_GROUP_get_curve_name($0) } ?? 0
            switch curve {
            case NID_X9_62_prime256v1: return .ec(curve: "P-256")
            case NID_secp384r1: return .ec(curve: "P-384")
            // Named as people name curves (U15's message), not by BoringSSL's internal number.
            case NID_secp224r1: return .other("EC P-224")
            case NID_secp521r1: return .other("EC P-521")
            default: return .other("EC \(OBJ_nid2sn(curve).map { String(cString: $0) } ?? "curve \(curve)")")
            }
        case EVP_PKEY_ED25519:
            return .other("Ed25519")
        case let other:
            return .other(OBJ_nid2sn(other).map { String(cString: $0) } ?? "key type \(other)")
        }
    }

    private static func spki(of key: OpaquePointer) -> [UInt8]? {
        let length = i2d_PUBKEY(key, nil)
        guard length > 0 else { return nil }
        var bytes = [UInt8](repeating: 0, count: Int(length))
        let written = bytes.withUnsafeMutableBufferPointer { buffer -> Int32 in
            var cursor = buffer.baseAddress
            return i2d_PUBKEY(key, &cursor)
        }
        return written == length ? bytes : nil
    }

    private static func der(of certificate: OpaquePointer) -> [UInt8] {
        let length = i2d_X509(certificate, nil)
        guard length > 0 else { return [] }
        var bytes = [UInt8](repeating: 0, count: Int(length))
        _ = bytes.withUnsafeMutableBufferPointer { buffer -> Int32 in
            var cursor = buffer.baseAddress
            return i2d_X509(certificate, &cursor)
        }
        return bytes
    }
}
