import Foundation
import Testing

@testable import CommerceSandbox
@testable import PaytronixSandbox

/// `PKCS12Contents.open` on the fixtures: what it finds, the failures it names, and that damaged files never trap.
@Suite("PKCS#12 contents reader")
struct PKCS12ContentsTests {
    static func open(_ fixture: String, password: String = "sandbox-pass") throws -> PKCS12Contents {
        try PKCS12Contents.open([UInt8](try PaytronixRouterHarness.fixture(fixture)), password: password)
    }

    static func failure(_ fixture: String, password: String = "sandbox-pass") throws -> PKCS12Contents.Failure? {
        do {
            _ = try open(fixture, password: password)
            return nil
        } catch let failure as PKCS12Contents.Failure {
            return failure
        }
    }

    /// dev-aes.p12 is PBES2/AES-256 throughout; dev-legacy.p12 has its key under 3DES and its certificate under
    /// RC2-40; dev-rc2-128.p12 both under RC2-128; dev-sha224mac.p12 is dev-aes.p12 with a SHA-224 MAC. All hold
    /// dev.key and dev.crt.
    @Test(arguments: ["dev-aes.p12", "dev-legacy.p12", "dev-rc2-128.p12", "dev-sha224mac.p12"])
    func opensTheDevelopmentPackage(_ fixture: String) throws {
        let contents = try Self.open(fixture)
        #expect(contents.hasKey)
        #expect(contents.keyType == .rsa(bits: 2048))
        #expect(contents.certificatesDER == [[UInt8](try PaytronixRouterHarness.certificateDER())])
        let keySPKI = try #require(contents.keySPKI)
        #expect(contents.certificateSPKIs == [keySPKI])
        // SubjectPublicKeyInfo { AlgorithmIdentifier { rsaEncryption, NULL }, … }
        #expect(keySPKI.starts(with: [0x30, 0x82, 0x01, 0x22, 0x30, 0x0D, 0x06, 0x09]))
    }

    /// The upload route accepts the less common algorithms end to end and describes them.
    @Test func uploadRouteAcceptsSHA224MACAndRC2128() async throws {
        let sha224 = try await PaytronixRouterHarness().upload("dev-sha224mac.p12")
        #expect(sha224.status == 200)
        #expect(sha224.body["package"]?["mac"] == ["digest": "SHA-224", "iterations": 2048])
        let rc2 = try await PaytronixRouterHarness().upload("dev-rc2-128.p12")
        #expect(rc2.status == 200)
        #expect(
            rc2.body["package"]?["encryption"] == [
                "certificates": "pbeWithSHAAnd128BitRC2-CBC", "privateKey": "pbeWithSHAAnd128BitRC2-CBC",
            ])
        #expect(rc2.body["package"]?["privateKey"] == ["type": "RSA", "bits": 2048])
    }

    @Test func ellipticCurveKeys() throws {
        let p256 = try Self.open("dev-ec256.p12")
        #expect(p256.keyType == .ec(curve: "P-256"))
        #expect(p256.keySPKI != nil && p256.certificateSPKIs == [p256.keySPKI])
        #expect(try Self.open("dev-ec521.p12").keyType == .other("EC P-521"))
        #expect(try Self.open("dev-rsa1024.p12").keyType == .rsa(bits: 1024))
    }

    @Test func failuresAreNamed() throws {
        #expect(try Self.failure("dev-aes.p12", password: "wrong") == .wrongPassword)
        #expect(try Self.failure("dev-legacy.p12", password: "wrong") == .wrongPassword)
        #expect(try Self.failure("dev-sha224mac.p12", password: "wrong") == .wrongPassword)
        #expect(try Self.failure("dev-twokeys.p12") == .multipleKeys)
        #expect(try Self.failure("dev-threekeys.p12") == .multipleKeys)
        if case .decryptFailed = try Self.failure("dev-twopass.p12") {
        } else {
            Issue.record("dev-twopass.p12 (MAC and encryption passwords differ) should fail to decrypt")
        }
        let keyless = try Self.open("dev-nokey.p12")
        #expect(!keyless.hasKey && keyless.keyType == nil && keyless.certificatesDER.count == 1)
        let mismatch = try Self.open("dev-mismatch.p12")
        #expect(mismatch.keySPKI != nil && mismatch.certificateSPKIs.first != mismatch.keySPKI)
        #expect(try Self.open("dev-chain.p12").certificatesDER.count == 2)
    }

    /// Every truncation of the two fixtures and a few hundred single-byte changes of each: `open` returns or
    /// throws, and never traps. Whatever the MAC does not cover is changed too (version, MAC salt and count).
    @Test(arguments: ["dev-aes.p12", "dev-legacy.p12"])
    func damagedFilesNeverTrap(_ fixture: String) throws {
        let bytes = [UInt8](try PaytronixRouterHarness.fixture(fixture))
        for length in stride(from: 0, to: bytes.count, by: 7) {
            #expect(throws: PKCS12Contents.Failure.self) {
                try PKCS12Contents.open(Array(bytes.prefix(length)), password: "sandbox-pass")
            }
        }
        var generator = SystemRandomNumberGenerator()
        for round in 0..<300 {
            var damaged = bytes
            let index = round < 40 ? bytes.count - 1 - round : Int.random(in: bytes.indices, using: &generator)
            damaged[index] ^= UInt8.random(in: 1...255, using: &generator)
            _ = try? PKCS12Contents.open(damaged, password: "sandbox-pass")
        }
    }
}
