import CommerceCore
import Foundation
import Testing

@testable import CommerceSandbox

/// The push-package checks that need unusual files (spec §4.7 U5, U8–U10, U12, U15, U16, U18). The fixtures are
/// made by Tests/Fixtures/Paytronix/make-fixtures.sh; see the README there.
@Suite("Push package upload: unusual packages (spec §4.7)")
struct PaytronixPushPackageRuleTests {
    typealias H = PaytronixRouterHarness

    static func put(_ sandbox: H, p12: Data, password: String = "sandbox-pass") async throws -> (
        status: Int, body: JSONValue
    ) {
        try await sandbox.call(
            .put, "/sandbox/paytronix/push-packages/777777/com.example.pushapp/development",
            json: ["p12": .string(p12.base64EncodedString()), "password": .string(password)], credentials: nil)
    }

    /// Asserts the exact 400 reply and that nothing was stored.
    static func expectRefused(
        _ sandbox: H, _ reply: (status: Int, body: JSONValue), _ code: String, _ message: String,
        field: String? = nil, sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        var expected: JSONObject = ["result": "failure", "errorCode": .string(code), "errorMessage": .string(message)]
        if let field { expected["errorsByField"] = [field: [.string(message)]] }
        #expect(reply.status == 400, sourceLocation: sourceLocation)
        #expect(reply.body == .object(expected), sourceLocation: sourceLocation)
        let listed = try await sandbox.call(.get, "/sandbox/paytronix/push-packages", query: "includeHistory=true").body
        #expect(listed["packages"] == [], sourceLocation: sourceLocation)
    }

    /// U4 is strict: the standard alphabet with `=` padding; only CR/LF line breaks are skipped (see PaytronixBase64).
    @Test(arguments: [
        "AAAA%%%", "%%%", "AAA", "A===", "AA=A", "AAAA====", "AAAA=", "QQ==QQ==", "AAAA AAAA", "AAAA\tAAAA",
        "-_-_", "", "\n", "aGVsbG8", "YWJj\u{0}",
    ])
    func u4RejectsAnythingButStrictBase64(_ p12: String) async throws {
        let sandbox = try H()
        let reply = try await sandbox.call(
            .put, "/sandbox/paytronix/push-packages/777777/com.example.pushapp/development",
            json: ["p12": .string(p12), "password": "sandbox-pass"], credentials: nil)
        try await Self.expectRefused(
            sandbox, reply, "push.invalid_encoding", "p12 must be base64-encoded PKCS#12 data", field: "p12")
    }

    @Test func u4AcceptsLineWrappedBase64() async throws {
        let sandbox = try H()
        let encoded = try H.fixture("dev-aes.p12").base64EncodedString(options: [
            .lineLength76Characters, .endLineWithCarriageReturn,
            .endLineWithLineFeed,
        ])
        #expect(encoded.contains("\r\n"))
        let reply = try await sandbox.call(
            .put, "/sandbox/paytronix/push-packages/777777/com.example.pushapp/development",
            json: ["p12": .string(encoded + "\n"), "password": "sandbox-pass"], credentials: nil)
        #expect(reply.status == 200)
        #expect(reply.body["package"]?["fileSha256"]?.stringValue?.count == 64)
        // Valid base64 of something that is not PKCS#12 gets past U4 and stops at U7.
        let hello = try await Self.put(sandbox, p12: Data("hello".utf8))
        #expect(hello.body["errorCode"] == "push.not_pkcs12")
    }

    @Test func u5PackageOver256KiB() async throws {
        let sandbox = try H()
        let reply = try await Self.put(sandbox, p12: Data(repeating: 0x30, count: 256 * 1024 + 1))
        try await Self.expectRefused(
            sandbox, reply, "push.too_large", "The package must not exceed 256 KiB", field: "p12")
        // 256 KiB itself passes U5 and fails later, as not PKCS#12.
        let limit = try await Self.put(sandbox, p12: Data(repeating: 0x30, count: 256 * 1024))
        #expect(limit.body["errorCode"] == "push.not_pkcs12")
    }

    @Test func u8SignedIntegrityMode() async throws {
        // PFX { version 3, authSafe ContentInfo { signedData (1.2.840.113549.1.7.2), [0] { SEQUENCE {} } } }: public-key
        // integrity, which OpenSSL cannot write, so it is built here; U8 is decided on this outer layer alone.
        let signedData: [UInt8] = [0x06, 0x09, 0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x07, 0x02]
        let contentInfo: [UInt8] = [0x30, 0x0F] + signedData + [0xA0, 0x02, 0x30, 0x00]
        let pfx: [UInt8] = [0x30, 0x14, 0x02, 0x01, 0x03] + contentInfo
        let sandbox = try H()
        let reply = try await Self.put(sandbox, p12: Data(pfx))
        try await Self.expectRefused(
            sandbox, reply, "push.unsupported_integrity_mode", "Only password-protected PKCS#12 files are supported")
    }

    @Test(arguments: [
        // U9: openssl pkcs12 -export -nomac
        ("dev-nomac.p12", "push.mac_missing", "The PKCS#12 file has no password MAC"),
        // U10: an MD5 MAC (-macalg md5), a PBES2 cipher outside AES (-certpbe/-keypbe des-ede3-cbc), too many iterations
        ("dev-md5mac.p12", "push.unsupported_algorithm", "Unsupported algorithm 1.2.840.113549.2.5"),
        ("dev-des3.p12", "push.unsupported_algorithm", "Unsupported algorithm 1.2.840.113549.3.7"),
        ("dev-iter.p12", "push.unsupported_algorithm", "Iteration count out of range"),
        // U12: the MAC opens with sandbox-pass, the parts were encrypted with another password (-twopass)
        (
            "dev-twopass.p12", "push.decrypt_failed",
            "A protected part of the file could not be decrypted with this password"
        ),
        // U15: RSA under 2048 bits, EC on a curve APNs does not use
        ("dev-rsa1024.p12", "push.unsupported_key_type", "Unsupported private key type RSA-1024"),
        ("dev-ec521.p12", "push.unsupported_key_type", "Unsupported private key type EC P-521"),
        // U16: an X.509 v1 certificate (openssl x509 -req without extensions)
        ("dev-v1.p12", "push.invalid_certificate", "The certificate could not be parsed"),
    ])
    func unusualPackage(fixture: String, code: String, message: String) async throws {
        let sandbox = try H()
        let reply = try await sandbox.upload(fixture)
        try await Self.expectRefused(sandbox, reply, code, message)
    }

    @Test func u9ComesBeforeThePasswordCheck() async throws {
        // Without a MAC no password can be checked, so a wrong one still gets U9.
        let sandbox = try H()
        try await Self.expectRefused(
            sandbox, try await sandbox.upload("dev-nomac.p12", password: "wrong"),
            "push.mac_missing", "The PKCS#12 file has no password MAC")
    }

    @Test func ecP256KeysAreAccepted() async throws {
        let (status, body) = try await H().upload("dev-ec256.p12")
        #expect(status == 200)
        #expect(body["package"]?["privateKey"] == ["type": "EC", "curve": "P-256"])
    }

    @Test func u18CertificateNotYetValid() async throws {
        let sandbox = try H()
        let accepted = try await sandbox.upload("dev-aes.p12")
        let notBefore = try #require(accepted.body["package"]?["certificate"]?["notBefore"]?.stringValue)
        let start = try #require(ISO8601.parse(notBefore))
        try await sandbox.call(.delete, "/sandbox/paytronix/push-packages/777777/com.example.pushapp/development")
        // One second before the certificate starts.
        try await sandbox.call(
            .post, "/sandbox/paytronix/clock",
            json: ["now": .string(ISO8601.format(start.addingTimeInterval(-1))), "frozen": true])
        let early = try await sandbox.upload("dev-aes.p12")
        #expect(early.status == 400)
        #expect(
            early.body == [
                "result": "failure", "errorCode": "push.certificate_not_yet_valid",
                "errorMessage": .string("The certificate is not valid before \(notBefore)"),
            ])
        // At notBefore itself it is valid (notBefore ≤ now).
        try await sandbox.call(.post, "/sandbox/paytronix/clock", json: ["now": .string(notBefore), "frozen": true])
        #expect(try await sandbox.upload("dev-aes.p12").status == 200)
    }
}
