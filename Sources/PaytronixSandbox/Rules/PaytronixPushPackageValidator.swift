import CommerceCore
import Crypto
import Foundation

/// Validates an uploaded APNs `.p12` push package (spec §4.7 U7–U21) and describes it.
///
/// The outer structure is read without the password (`PKCS12Structure`, on SwiftASN1). The password check,
/// decryption and extraction of key and certificates are `PKCS12Contents`: swift-crypto's SHA-2, HMAC, PBKDF2 and
/// AES-CBC, with our own PKCS#12 KDF (RFC 7292 Appendix B), `TripleDES` and `RC2` for the legacy ciphers, which
/// swift-crypto lacks. It replaced `NIOSSLPKCS12Bundle`, which stops the process on a file with no key or a key
/// no certificate is for (U13, U17), and BoringSSL's C API, which is internal to swift-nio-ssl. The certificate's
/// version, subject, issuer, serial number, validity and extensions are read with swift-certificates
/// (`CertificateFields`).
struct PushPackageValidator {
    let appIdentifier: String
    let environment: String
    let now: Date

    func validate(_ bytes: [UInt8], password: String) throws(PaytronixFailure) -> JSONObject {
        // U7–U10: container, integrity mode, MAC presence, algorithms.
        let structure: PKCS12Structure
        do {
            structure = try PKCS12Structure.read(bytes)
        } catch {
            switch error {
            case .notPKCS12: throw fail("push.not_pkcs12", "The file is not a PKCS#12 (PFX) container")
            case .signedIntegrity:
                throw fail("push.unsupported_integrity_mode", "Only password-protected PKCS#12 files are supported")
            case .macMissing: throw fail("push.mac_missing", "The PKCS#12 file has no password MAC")
            case .unsupportedAlgorithm(let oid):
                throw fail("push.unsupported_algorithm", "Unsupported algorithm \(oid)")
            case .iterationsOutOfRange: throw fail("push.unsupported_algorithm", "Iteration count out of range")
            }
        }
        // U11–U14: password, decryption, one key, one certificate.
        let contents: PKCS12Contents
        do {
            contents = try PKCS12Contents.open(bytes, password: password)
        } catch {
            switch error {
            case .wrongPassword:
                throw fail("push.wrong_password", "The password does not open this PKCS#12 file (MAC check failed)")
            case .multipleKeys: throw keyCount(max(2, structure.visibleKeyBags))
            case .notPKCS12: throw fail("push.not_pkcs12", "The file is not a PKCS#12 (PFX) container")
            case .decryptFailed:
                throw fail(
                    "push.decrypt_failed", "A protected part of the file could not be decrypted with this password")
            }
        }
        guard contents.hasKey else { throw keyCount(0) }
        guard contents.certificatesDER.count == 1, let certificateDER = contents.certificatesDER.first else {
            throw fail(
                "push.certificate_count",
                "Expected exactly one certificate (no chain), found \(contents.certificatesDER.count)")
        }
        // U15: key type.
        let keyDescription: JSONObject
        switch contents.keyType {
        case .rsa(let bits) where bits >= 2048: keyDescription = ["type": "RSA", "bits": .integer(Int64(bits))]
        case .ec(let curve): keyDescription = ["type": "EC", "curve": .string(curve)]
        case .rsa(let bits): throw fail("push.unsupported_key_type", "Unsupported private key type RSA-\(bits)")
        case .other(let name): throw fail("push.unsupported_key_type", "Unsupported private key type \(name)")
        case nil: throw keyCount(0)
        }
        // U16: an X.509 v3 certificate.
        let keyMatches = contents.keySPKI != nil && contents.certificateSPKIs.first == contents.keySPKI
        let fields: CertificateFields
        do {
            fields = try CertificateFields(der: certificateDER)
        } catch {
            // swift-certificates also parses the certificate's public key and refuses what swift-crypto does not
            // take (RSA under 2048 bits, EC curves other than P-256/384/521, DSA, …). When the public key can still be
            // found in it, such a certificate is not for the package's own key (which passed U15): that is U17.
            if case .some(.some) = contents.certificateSPKIs.first, !keyMatches { throw keyMismatch() }
            throw fail("push.invalid_certificate", "The certificate could not be parsed")
        }
        guard fields.isVersion3 else { throw fail("push.invalid_certificate", "The certificate could not be parsed") }
        // U17: the certificate carries the package's own public key.
        guard keyMatches else { throw keyMismatch() }
        // U18–U19 on the sandbox clock.
        let notBefore = fields.notBefore
        let notAfter = fields.notAfter
        guard notBefore <= now else {
            throw fail(
                "push.certificate_not_yet_valid", "The certificate is not valid before \(ISO8601.format(notBefore))")
        }
        guard now <= notAfter else {
            throw fail("push.certificate_expired", "The certificate expired on \(ISO8601.format(notAfter))")
        }
        // U20–U21, only when the certificate carries the information.
        var warnings = structure.warnings
        if let uid = fields.uid {
            guard uid == appIdentifier else {
                throw fail("push.certificate_app_mismatch", "The certificate is for \(uid), not \(appIdentifier)")
            }
        } else {
            warnings.append("The certificate subject has no UID; the app identifier was not checked")
        }
        if fields.apnsEnvironments.isEmpty {
            warnings.append("The certificate has no APNs environment extension; the environment was not checked")
        } else if !fields.apnsEnvironments.contains(environment) {
            throw fail(
                "push.environment_mismatch",
                "The certificate is for \(fields.apnsEnvironments.joined(separator: ", ")), not \(environment)")
        }

        return [
            "fileSha256": .string(HexDigest.sha256(Data(bytes))),
            "mac": ["digest": .string(structure.macDigest), "iterations": .integer(Int64(structure.macIterations))],
            "encryption": [
                "certificates": .string(structure.certificateEncryption.first ?? "none"),
                "privateKey": .string(structure.keyEncryption.first ?? "none"),
            ],
            "privateKey": .object(keyDescription),
            "certificate": [
                "subject": .string(fields.subject), "issuer": .string(fields.issuer),
                "serialNumber": .string(HexDigest.hex(fields.serialNumber)),
                "notBefore": .string(ISO8601.format(notBefore)), "notAfter": .string(ISO8601.format(notAfter)),
                "sha256Fingerprint": .string(HexDigest.sha256(Data(certificateDER))),
                "uid": .from(fields.uid), "apnsEnvironments": .array(fields.apnsEnvironments.map(JSONValue.string)),
            ],
            "warnings": .array(warnings.map(JSONValue.string)),
        ]
    }

    private func keyMismatch() -> PaytronixFailure {
        fail("push.key_mismatch", "The certificate was not issued for the private key in the package")
    }

    private func keyCount(_ count: Int) -> PaytronixFailure {
        fail("push.key_count", "Expected exactly one private key, found \(count)")
    }

    private func fail(_ code: String, _ message: String) -> PaytronixFailure {
        PaytronixFailure(400, code, message)
    }
}
