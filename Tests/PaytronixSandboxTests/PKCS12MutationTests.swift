import Crypto
import Foundation
import Testing

@testable import CommerceSandbox
@testable import PaytronixSandbox

/// Damaged key and certificate bytes that still carry a valid MAC, through the whole upload validator.
///
/// Flipping bytes of an ordinary package only ever reaches the MAC check (U11). These fixtures keep the key and the
/// certificate in the clear with a one-iteration MAC, so each damaged copy gets a fresh MAC and the reader, swift-crypto
/// and swift-certificates all see the damaged bytes. Every answer must be one of §4.7's codes; none may trap.
@Suite("PKCS#12 reader: damaged contents under a valid MAC")
struct PKCS12MutationTests {
    static let codes: Set = [
        "push.not_pkcs12", "push.unsupported_integrity_mode", "push.mac_missing", "push.unsupported_algorithm",
        "push.wrong_password", "push.decrypt_failed", "push.key_count", "push.certificate_count",
        "push.unsupported_key_type", "push.invalid_certificate", "push.key_mismatch",
        "push.certificate_not_yet_valid", "push.certificate_expired", "push.certificate_app_mismatch",
        "push.environment_mismatch",
    ]

    /// Where the MAC'd bytes and the MAC value sit in a PFX, found with the tests' own DER splitter.
    struct Layout {
        var authenticatedSafe: Range<Int>
        var mac: Range<Int>
        var salt: [UInt8]
        var iterations = 1

        init(_ pfx: [UInt8]) throws {
            let items = TestDER.children(pfx[...])
            // authSafe ContentInfo { data, [0] { OCTET STRING } }
            let contentInfo = TestDER.elements(try Self.at(items, 1).content)
            let wrapped = TestDER.elements(try Self.at(contentInfo, 1).content)
            authenticatedSafe = try Self.at(wrapped, 0).content.indices
            // MacData { DigestInfo { algorithm, digest }, salt, iterations? }
            let macData = TestDER.elements(try Self.at(items, 2).content)
            let digestInfo = TestDER.elements(try Self.at(macData, 0).content)
            mac = try Self.at(digestInfo, 1).content.indices
            salt = Array(try Self.at(macData, 1).content)
            if let count = macData?.dropFirst(2).first {
                iterations = count.content.reduce(0) { $0 << 8 | Int($1) }
            }
        }

        private static func at(_ elements: [TestDER.Element]?, _ index: Int) throws -> TestDER.Element {
            let elements = try #require(elements)
            try #require(elements.indices.contains(index))
            return elements[index]
        }
    }

    /// Flips one byte at every `stride`-th position of the authenticated safe, writes a fresh MAC, and runs the
    /// validator; returns how often each answer came.
    static func outcomes(_ fixture: String, stride step: Int) throws -> [String: Int] {
        let original = [UInt8](try PaytronixRouterHarness.fixture(fixture))
        let layout = try Layout(original)
        // The MAC key comes from the code under test; that is fine here, as the test is about what happens after the
        // MAC, and the untouched file must still pass. SHA-1 MACs are 20 bytes, SHA-256 ones 32 (the fixtures').
        let password = PKCS12KeyDerivation.bmpPassword("sandbox-pass")
        let sha1 = layout.mac.count == 20
        let key = SymmetricKey(
            data: sha1
                ? PKCS12KeyDerivation.derive(
                    Insecure.SHA1.self, purpose: .mac, password: password, salt: layout.salt[...],
                    iterations: layout.iterations, count: 20)
                : PKCS12KeyDerivation.derive(
                    SHA256.self, purpose: .mac, password: password, salt: layout.salt[...],
                    iterations: layout.iterations, count: 32))
        func remac(_ bytes: [UInt8]) -> [UInt8] {
            var result = bytes
            let content = bytes[layout.authenticatedSafe]
            let code =
                sha1
                ? Array(HMAC<Insecure.SHA1>.authenticationCode(for: content, using: key))
                : Array(HMAC<SHA256>.authenticationCode(for: content, using: key))
            result.replaceSubrange(layout.mac, with: code)
            return result
        }
        let validator = PushPackageValidator(
            appIdentifier: "com.example.pushapp", environment: "development", now: Date())
        #expect(try validator.validate(remac(original), password: "sandbox-pass")["privateKey"] != nil)
        var generator = SystemRandomNumberGenerator()
        var outcomes: [String: Int] = [:]
        for index in Swift.stride(
            from: layout.authenticatedSafe.lowerBound, to: layout.authenticatedSafe.upperBound, by: step)
        {
            var damaged = original
            damaged[index] ^= UInt8.random(in: 1...255, using: &generator)
            do {
                _ = try validator.validate(remac(damaged), password: "sandbox-pass")
                outcomes["accepted", default: 0] += 1
            } catch {
                #expect(Self.codes.contains(error.code), "\(fixture) byte \(index): \(error.code) \(error.message)")
                outcomes[error.code, default: 0] += 1
            }
        }
        // Damage must reach the checks behind the MAC, not stop at it.
        #expect(outcomes["push.wrong_password"] == nil)
        return outcomes
    }

    /// Key and certificate in the clear: the damage reaches swift-crypto and swift-certificates directly.
    @Test(arguments: ["dev-plain.p12", "dev-ec256-plain.p12"])
    func damagedClearContentsGetASpecError(_ fixture: String) throws {
        let outcomes = try Self.outcomes(fixture, stride: 1)
        #expect(outcomes.keys.contains("push.invalid_certificate") || outcomes.keys.contains("push.key_mismatch"))
    }

    /// Encrypted parts (AES-256 and PBKDF2; 3DES and RC2-40 with the PKCS#12 KDF): damaged ciphertext decrypts to
    /// garbage, which must be U12 (or a later check, when the garbage still parses), never a trap.
    @Test(arguments: [("dev-aes.p12", 5), ("dev-legacy.p12", 23)])
    func damagedCiphertextGetsASpecError(_ fixture: String, stride: Int) throws {
        let outcomes = try Self.outcomes(fixture, stride: stride)
        #expect(outcomes["push.decrypt_failed", default: 0] > 0)
    }

    /// A certificate whose RSA public exponent BoringSSL refuses (65536 is even; 1 is too small) although the DER is
    /// fine. Handed to swift-certificates, such a key reaches `_RSA.Signing.PublicKey(derRepresentation:)`, which
    /// frees its BoringSSL key twice when BoringSSL refuses the bytes: undefined behaviour that sometimes aborts the
    /// process. `CertificateFields` must refuse the key itself, before swift-certificates sees it.
    @Test(arguments: [[0x01, 0x00, 0x00], [0x00, 0x00, 0x01]] as [[UInt8]])
    func certificateWithAnUnusableRSAKeyIsRefusedNotFatal(_ exponent: [UInt8]) throws {
        var der = [UInt8](try PaytronixRouterHarness.certificateDER())
        // dev.crt's key is RSA with exponent 65537: INTEGER 01 00 01.
        let original: [UInt8] = [0x02, 0x03, 0x01, 0x00, 0x01]
        let start = try #require(der.indices.first { der[$0...].starts(with: original) })
        der.replaceSubrange(start + 2..<start + 5, with: exponent)
        #expect(throws: CertificateFields.UnusablePublicKey.self) { try CertificateFields(der: der) }
        #expect(CertificatePublicKey.subjectPublicKeyInfo(of: der[...]) != nil)
    }
}
