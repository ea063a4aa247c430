import CommerceCore
import Foundation
import Testing

@testable import CommerceSandbox

@Suite("Push package upload validation (spec §4.7, §6.5)")
struct PaytronixPushPackageTests {
    @Test func modernOpenSSLPackageIsAcceptedAndDescribed() async throws {
        let sandbox = try PaytronixRouterHarness()
        let (status, body) = try await sandbox.upload("dev-aes.p12")
        #expect(status == 200)
        let package = try #require(body["package"])
        #expect(package["mac"] == ["digest": "SHA-256", "iterations": 2048])
        #expect(
            package["encryption"] == [
                "certificates": "PBES2/PBKDF2-HMAC-SHA256/AES-256-CBC",
                "privateKey": "PBES2/PBKDF2-HMAC-SHA256/AES-256-CBC",
            ])
        #expect(package["privateKey"] == ["type": "RSA", "bits": 2048])
        #expect(package["certificate"]?["uid"] == "com.example.pushapp")
        #expect(package["certificate"]?["apnsEnvironments"] == ["development"])
        #expect(
            package["certificate"]?["subject"]?.stringValue?.hasPrefix(
                "O=CommerceKit Test,CN=Apple Development IOS Push Services") == true)
        #expect(package["warnings"] == [])
        #expect(package["state"] == "active")
        let digest = HexDigest.sha256(try PaytronixRouterHarness.fixture("dev-aes.p12"))
        #expect(package["fileSha256"] == .string(digest))
        let listed = try await sandbox.call(
            .get, "/sandbox/paytronix/push-packages", query: "appIdentifier=com.example.pushapp"
        ).body
        #expect(listed["packages"]?.arrayValue?.count == 1)
    }

    @Test func legacyPackageReportsItsAlgorithms() async throws {
        let (status, body) = try await PaytronixRouterHarness().upload("dev-legacy.p12")
        #expect(status == 200)
        #expect(body["package"]?["mac"]?["digest"] == "SHA-1")
        #expect(
            body["package"]?["encryption"] == [
                "certificates": "pbeWithSHAAnd40BitRC2-CBC",
                "privateKey": "pbeWithSHAAnd3-KeyTripleDES-CBC",
            ])
    }

    @Test func productionPackageForProduction() async throws {
        let (status, body) = try await PaytronixRouterHarness().upload("prod-aes.p12", environment: "production")
        #expect(status == 200)
        #expect(body["package"]?["certificate"]?["apnsEnvironments"] == ["production"])
    }

    @Test(arguments: [
        (
            "dev-aes.p12", "", "development", "com.example.pushapp", "push.password_required",
            "The package password must not be empty"
        ),
        (
            "dev-aes.p12", "wrong", "development", "com.example.pushapp", "push.wrong_password",
            "The password does not open this PKCS#12 file (MAC check failed)"
        ),
        (
            "dev-aes.p12", "sandbox-pass", "production", "com.example.pushapp", "push.environment_mismatch",
            "The certificate is for development, not production"
        ),
        (
            "dev-chain.p12", "sandbox-pass", "development", "com.example.pushapp", "push.certificate_count",
            "Expected exactly one certificate (no chain), found 2"
        ),
        (
            "dev-nokey.p12", "sandbox-pass", "development", "com.example.pushapp", "push.key_count",
            "Expected exactly one private key, found 0"
        ),
        (
            "dev-twokeys.p12", "sandbox-pass", "development", "com.example.pushapp", "push.key_count",
            "Expected exactly one private key, found 2"
        ),
        (
            "dev-threekeys.p12", "sandbox-pass", "development", "com.example.pushapp", "push.key_count",
            "Expected exactly one private key, found 3"
        ),
        (
            "dev-mismatch.p12", "sandbox-pass", "development", "com.example.pushapp", "push.key_mismatch",
            "The certificate was not issued for the private key in the package"
        ),
        (
            "dev-aes.p12", "sandbox-pass", "development", "com.example.other", "push.certificate_app_mismatch",
            "The certificate is for com.example.pushapp, not com.example.other"
        ),
        (
            "dev-aes.p12", "sandbox-pass", "staging", "com.example.pushapp", "push.invalid_environment",
            "environment must be development or production"
        ),
        (
            "dev-aes.p12", "sandbox-pass", "development", "pushapp", "push.invalid_app_identifier",
            "appIdentifier must be a bundle identifier such as com.example.app"
        ),
    ])
    func rejectedUploads(
        fixture: String, password: String, environment: String, app: String, code: String, message: String
    ) async throws {
        let sandbox = try PaytronixRouterHarness()
        let (status, body) = try await sandbox.upload(fixture, password: password, app: app, environment: environment)
        #expect(status == 400)
        #expect(body["result"] == "failure")
        #expect(body["errorCode"] == .string(code))
        #expect(body["errorMessage"] == .string(message))
        let listed = try await sandbox.call(.get, "/sandbox/paytronix/push-packages").body
        #expect(listed["packages"] == [])
    }

    @Test func wrongPasswordOnAKeylessPackageIsStillAWrongPassword() async throws {
        let (status, body) = try await PaytronixRouterHarness().upload("dev-nokey.p12", password: "nope")
        #expect(status == 400)
        #expect(body["errorCode"] == "push.wrong_password")
    }

    @Test func notAPKCS12File() async throws {
        let sandbox = try PaytronixRouterHarness()
        let (status, body) = try await sandbox.call(
            .put, "/sandbox/paytronix/push-packages/777777/com.example.pushapp/development",
            json: ["p12": .string(Data("hello".utf8).base64EncodedString()), "password": "x"])
        #expect(status == 400 && body["errorCode"] == "push.not_pkcs12")
        let notBase64 = try await sandbox.call(
            .put, "/sandbox/paytronix/push-packages/777777/com.example.pushapp/development",
            json: ["p12": "%%%", "password": "x"])
        #expect(notBase64.status == 400 && notBase64.body["errorCode"] == "push.invalid_encoding")
        let unknownMerchant = try await sandbox.call(
            .put, "/sandbox/paytronix/push-packages/1/com.example.pushapp/development",
            json: ["p12": "AA==", "password": "x"])
        #expect(unknownMerchant.status == 404 && unknownMerchant.body["errorCode"] == "guest.merchant_not_found")
    }

    @Test func expiredCertificateOnTheSandboxClock() async throws {
        let sandbox = try PaytronixRouterHarness()
        try await sandbox.call(.post, "/sandbox/paytronix/clock/advance", json: ["days": 3700])
        let (status, body) = try await sandbox.upload("dev-aes.p12")
        #expect(status == 400)
        #expect(body["errorCode"] == "push.certificate_expired")
    }

    @Test func reuploadReplacesAndDeleteRemoves() async throws {
        let sandbox = try PaytronixRouterHarness()
        try await sandbox.upload("dev-aes.p12")
        try await sandbox.upload("dev-legacy.p12")
        let history = try await sandbox.call(.get, "/sandbox/paytronix/push-packages", query: "includeHistory=true")
            .body
        #expect(history["packages"]?.arrayValue?.compactMap { $0["state"]?.stringValue } == ["active", "replaced"])
        let deleted = try await sandbox.call(
            .delete, "/sandbox/paytronix/push-packages/777777/com.example.pushapp/development")
        #expect(deleted.status == 200)
        #expect(try await sandbox.call(.get, "/sandbox/paytronix/push-packages").body["packages"] == [])
    }

    /// §5.4's certificate description, checked against dev.crt (the certificate inside dev-aes.p12) read here
    /// independently of the route: the SHA-256 of its DER, its serial INTEGER, and its 3650-day validity.
    @Test func certificateDescriptionMatchesTheFixture() async throws {
        let (status, body) = try await PaytronixRouterHarness().upload("dev-aes.p12")
        #expect(status == 200)
        let certificate = try #require(body["package"]?["certificate"])
        let der = try PaytronixRouterHarness.certificateDER()
        #expect(certificate["sha256Fingerprint"] == .string(HexDigest.sha256(der)))
        // Certificate { TBSCertificate { [0] version, serialNumber INTEGER, … } … }, split by TestDER, not the route's reader.
        let tbs = try #require(TestDER.children(Array(der)[...])?.first.flatMap { TestDER.elements($0.content) })
        let serialElement = try #require(tbs.first { $0.tag != 0xA0 })
        #expect(serialElement.tag == 0x02)
        let serial = serialElement.content
        let magnitude = serial.first == 0 ? serial.dropFirst() : serial
        #expect(certificate["serialNumber"] == .string(magnitude.map { String(format: "%02x", $0) }.joined()))
        let subject =
            "O=CommerceKit Test,CN=Apple Development IOS Push Services: com.example.pushapp,UID=com.example.pushapp"
        #expect(certificate["subject"] == .string(subject))
        #expect(certificate["issuer"] == .string(subject))  // self-signed
        let notBefore = try #require(certificate["notBefore"]?.stringValue.flatMap(ISO8601.parse))
        let notAfter = try #require(certificate["notAfter"]?.stringValue.flatMap(ISO8601.parse))
        #expect(notAfter.timeIntervalSince(notBefore) == 3650 * 86_400)
        #expect(
            body["package"]?["certificate"]?.objectValue?.keys == [
                "subject", "issuer", "serialNumber", "notBefore", "notAfter",
                "sha256Fingerprint", "uid", "apnsEnvironments",
            ])
    }
}
