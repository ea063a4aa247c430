import Foundation
import Testing

@testable import CommerceSandbox
@testable import PaytronixSandbox

@Suite("Push package upload: the DER readers (SwiftASN1 and swift-certificates)")
struct PaytronixPushPackageDERTests {
    typealias D = TestDER

    static let dataOID = "1.2.840.113549.1.7.1"
    static let sha256 = "2.16.840.1.101.3.4.2.1"

    static func macData(digest: String = sha256, iterations: [UInt8]? = D.integer(2048)) -> [UInt8] {
        let digestInfo = D.sequence(D.sequence(D.oid(digest), D.null), D.octets([UInt8](repeating: 0, count: 32)))
        return D.sequence(digestInfo, D.octets([1, 2, 3, 4, 5, 6, 7, 8]), iterations ?? [])
    }

    /// PFX { version, ContentInfo { data, [0] { OCTET STRING { AuthenticatedSafe } } }, macData }.
    static func pfx(_ contentInfos: [UInt8]..., version: [UInt8] = D.integer(3), mac: [UInt8]? = macData()) -> [UInt8] {
        let authenticatedSafe = D.tlv(0x30, contentInfos.flatMap { $0 })
        return D.sequence(version, D.sequence(D.oid(dataOID), D.explicit(0, D.octets(authenticatedSafe))), mac ?? [])
    }

    static func dataPart(_ bags: [UInt8]...) -> [UInt8] {
        D.sequence(D.oid(dataOID), D.explicit(0, D.octets(D.tlv(0x30, bags.flatMap { $0 }))))
    }

    static func bag(_ type: String, _ value: [UInt8]) -> [UInt8] {
        D.sequence(D.oid(type.contains(".") ? type : "1.2.840.113549.1.12.10.1.\(type)"), D.explicit(0, value))
    }

    static func pbes2(
        kdf: String = "1.2.840.113549.1.5.12", iterations: Int = 2048, keyLength: Int? = nil, prf: String? = nil,
        cipher: String = "2.16.840.1.101.3.4.1.42"
    ) -> [UInt8] {
        let kdfParameters = D.sequence(
            D.octets([9, 9, 9, 9]), D.integer(iterations), keyLength.map(D.integer) ?? [],
            prf.map { D.sequence(D.oid($0), D.null) } ?? [])
        return D.sequence(
            D.oid("1.2.840.113549.1.5.13"),
            D.sequence(
                D.sequence(D.oid(kdf), kdfParameters),
                D.sequence(D.oid(cipher), D.octets([UInt8](repeating: 7, count: 16)))))
    }

    /// ContentInfo { encryptedData, [0] { EncryptedData { 0, EncryptedContentInfo { data, algorithm, [0] ciphertext } } } }
    static func encryptedPart(_ algorithm: [UInt8]) -> [UInt8] {
        let encryptedContentInfo = D.sequence(D.oid(dataOID), algorithm, D.tlv(0x80, [1, 2, 3, 4]))
        return D.sequence(D.oid("1.2.840.113549.1.7.6"), D.explicit(0, D.sequence(D.integer(0), encryptedContentInfo)))
    }

    static func read(_ bytes: [UInt8]) -> Result<PKCS12Structure, PKCS12Structure.Problem> {
        Result { () throws(PKCS12Structure.Problem) in try PKCS12Structure.read(bytes) }
    }

    static func problem(_ bytes: [UInt8]) -> PKCS12Structure.Problem? {
        if case .failure(let problem) = read(bytes) { return problem }
        return nil
    }

    @Test func everyBagTypeAndNestedSafeContents() throws {
        let nested = Self.bag(
            "6", D.sequence(Self.bag("2", D.sequence(Self.pbes2(prf: "1.2.840.113549.2.11"), D.octets([0])))))
        let bytes = Self.pfx(
            Self.dataPart(
                Self.bag("1", D.sequence()), Self.bag("3", D.sequence()), Self.bag("4", D.sequence()),
                Self.bag("5", D.sequence()), Self.bag("1.2.3.4", D.null), nested),
            Self.encryptedPart(Self.pbes2(keyLength: 16, cipher: "2.16.840.1.101.3.4.1.2")))
        let structure = try Self.read(bytes).get()
        #expect(structure.macDigest == "SHA-256" && structure.macIterations == 2048)
        #expect(structure.visibleKeyBags == 2)
        #expect(structure.keyEncryption == ["none", "PBES2/PBKDF2-HMAC-SHA512/AES-256-CBC"])
        #expect(structure.certificateEncryption == ["none", "PBES2/PBKDF2-HMAC-SHA1/AES-128-CBC"])
        #expect(
            structure.warnings == [
                "The package holds a CRL, which is ignored", "The package holds a secret bag, which is ignored",
                "Unknown bag type 1.2.3.4 ignored",
            ])
    }

    @Test func macWithoutIterationsCountsOne() throws {
        let structure = try Self.read(Self.pfx(Self.dataPart(), mac: Self.macData(iterations: nil))).get()
        #expect(structure.macIterations == 1)
        #expect(structure.keyEncryption == [] && structure.certificateEncryption == [])
    }

    @Test func legacyAlgorithmsAndIterationLimits() throws {
        let rc2 = D.sequence(D.oid("1.2.840.113549.1.12.1.6"), D.sequence(D.octets([1]), D.integer(1_000_000)))
        #expect(
            try Self.read(Self.pfx(Self.encryptedPart(rc2))).get().certificateEncryption == [
                "pbeWithSHAAnd40BitRC2-CBC"
            ])
        for iterations in [0, -1, 1_000_001] {
            #expect(
                Self.problem(Self.pfx(Self.dataPart(), mac: Self.macData(iterations: D.integer(iterations))))
                    == .iterationsOutOfRange)
            #expect(
                Self.problem(Self.pfx(Self.encryptedPart(Self.pbes2(iterations: iterations)))) == .iterationsOutOfRange)
        }
        // An INTEGER too large for Int is out of range too, not a crash.
        let huge = D.tlv(0x02, [0x01] + [UInt8](repeating: 0, count: 16))
        #expect(Self.problem(Self.pfx(Self.dataPart(), mac: Self.macData(iterations: huge))) == .iterationsOutOfRange)
    }

    @Test func unsupportedAlgorithmsAreNamed() {
        #expect(
            Self.problem(Self.pfx(Self.dataPart(), mac: Self.macData(digest: "1.2.840.113549.2.5")))
                == .unsupportedAlgorithm("1.2.840.113549.2.5"))
        // Under arc 2 the second component may exceed 39 (2.999 is one subidentifier, 1079).
        #expect(
            Self.problem(Self.pfx(Self.dataPart(), mac: Self.macData(digest: "2.999.3")))
                == .unsupportedAlgorithm("2.999.3"))
        #expect(
            Self.problem(Self.pfx(Self.encryptedPart(Self.pbes2(kdf: "1.2.840.113549.1.5.99"))))
                == .unsupportedAlgorithm("1.2.840.113549.1.5.99"))
        #expect(
            Self.problem(Self.pfx(Self.encryptedPart(Self.pbes2(prf: "1.2.840.113549.2.5"))))
                == .unsupportedAlgorithm("1.2.840.113549.2.5"))
        #expect(
            Self.problem(Self.pfx(Self.encryptedPart(Self.pbes2(cipher: "1.2.840.113549.3.7"))))
                == .unsupportedAlgorithm("1.2.840.113549.3.7"))
        #expect(
            Self.problem(Self.pfx(D.sequence(D.oid("1.2.840.113549.1.7.3"), D.explicit(0, D.null))))
                == .unsupportedAlgorithm("1.2.840.113549.1.7.3"))
        // Where an OID should be but is not, the message says `?`.
        #expect(
            Self.problem(Self.pfx(Self.dataPart(), mac: D.sequence(D.sequence(D.sequence(D.null), D.octets([])))))
                == .unsupportedAlgorithm("?"))
    }

    @Test func outerLayerProblems() {
        #expect(Self.problem(Self.pfx(Self.dataPart(), version: D.integer(2))) == .notPKCS12)
        #expect(Self.problem(Self.pfx(Self.dataPart(), mac: nil)) == .macMissing)
        // ContentInfo { data, [0] { SEQUENCE } }: the content must be an OCTET STRING.
        #expect(
            Self.problem(
                D.sequence(D.integer(3), D.sequence(D.oid(Self.dataOID), D.explicit(0, D.sequence())), Self.macData()))
                == .notPKCS12)
        // The OCTET STRING must hold DER.
        #expect(
            Self.problem(
                D.sequence(
                    D.integer(3), D.sequence(D.oid(Self.dataOID), D.explicit(0, D.octets([0x30, 0x05]))),
                    Self.macData())) == .notPKCS12)
        // A bag without its [0] value.
        #expect(Self.problem(Self.pfx(Self.dataPart(D.sequence(D.oid("1.2.840.113549.1.12.10.1.1"))))) == .notPKCS12)
        // Trailing bytes after the PFX, and nothing at all.
        #expect(Self.problem(Self.pfx(Self.dataPart()) + [0]) == .notPKCS12)
        #expect(Self.problem([]) == .notPKCS12)
    }

    /// SwiftASN1 reads DER only: a valid PFX with one length or INTEGER written in more bytes than needed is refused.
    @Test func nonMinimalEncodingsAreNotDER() throws {
        let valid = Self.pfx(Self.dataPart())
        #expect(try Self.read(valid).get().macDigest == "SHA-256")
        #expect(valid[1] < 0x80)
        #expect(Self.problem([0x30, 0x81] + valid.dropFirst()) == .notPKCS12)
        let paddedVersion = D.tlv(0x02, [0x00, 0x03])
        #expect(Self.problem(Self.pfx(Self.dataPart(), version: paddedVersion)) == .notPKCS12)
        // Indefinite length (BER) is not DER either.
        #expect(Self.problem([0x30, 0x80] + valid.dropFirst(2) + [0, 0]) == .notPKCS12)
    }

    @Test func nestingIsBounded() throws {
        func nested(_ levels: Int) -> [UInt8] {
            var bag = Self.bag("1", D.sequence())
            for _ in 0..<levels { bag = Self.bag("6", D.sequence(bag)) }
            return Self.pfx(Self.dataPart(bag))
        }
        #expect(try Self.read(nested(7)).get().visibleKeyBags == 1)
        #expect(Self.problem(nested(8)) == .notPKCS12)
        // Far deeper than any PKCS#12 file: SwiftASN1 stops at 50 levels, with an error rather than a stack overflow.
        var deep = D.sequence()
        for _ in 0..<5000 { deep = D.sequence(deep) }
        #expect(Self.problem(deep) == .notPKCS12)
    }

    @Test func truncatedAndCorruptedPackagesNeverCrash() throws {
        let bytes = [UInt8](try PaytronixRouterHarness.fixture("dev-aes.p12"))
        #expect(try Self.read(bytes).get().macIterations == 2048)
        for length in 0..<bytes.count {
            #expect(Self.problem(Array(bytes.prefix(length))) == .notPKCS12)
        }
        for index in bytes.indices {
            for mask: UInt8 in [0x01, 0x80, 0xFF] {
                var corrupted = bytes
                corrupted[index] ^= mask
                _ = Self.read(corrupted)
            }
        }
    }

    /// The whole validator on corrupted copies of dev-aes.p12: refused with one of §4.7's codes, never a crash.
    @Test func corruptedPackagesGetASpecError() throws {
        let bytes = [UInt8](try PaytronixRouterHarness.fixture("dev-aes.p12"))
        let validator = PushPackageValidator(
            appIdentifier: "com.example.pushapp", environment: "development", now: Date())
        let codes: Set = [
            "push.not_pkcs12", "push.unsupported_integrity_mode", "push.mac_missing", "push.unsupported_algorithm",
            "push.wrong_password", "push.decrypt_failed", "push.key_count", "push.certificate_count",
            "push.unsupported_key_type", "push.invalid_certificate", "push.key_mismatch",
        ]
        for index in stride(from: 0, to: bytes.count, by: 5) {
            var corrupted = bytes
            corrupted[index] ^= 0x5A
            do {
                _ = try validator.validate(corrupted, password: "sandbox-pass")
            } catch {
                #expect(codes.contains(error.code), "byte \(index): \(error.code) \(error.message)")
            }
        }
    }
}
