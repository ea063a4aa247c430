import Foundation
import Testing

@testable import CommerceSandbox

/// DER written and split by hand for the tests, so they share no code with the readers under test
/// (SwiftASN1 for the PKCS#12 layers, swift-certificates for the certificate).
enum TestDER {
    static func tlv(_ tag: UInt8, _ content: [UInt8]) -> [UInt8] {
        let count = content.count
        let length: [UInt8]
        switch count {
        case ..<0x80: length = [UInt8(count)]
        case ..<0x100: length = [0x81, UInt8(count)]
        case ..<0x10000: length = [0x82, UInt8(count >> 8), UInt8(count & 0xFF)]
        default: length = [0x83, UInt8(count >> 16), UInt8(count >> 8 & 0xFF), UInt8(count & 0xFF)]
        }
        return [tag] + length + content
    }

    static func sequence(_ parts: [UInt8]...) -> [UInt8] { tlv(0x30, parts.flatMap { $0 }) }
    static func set(_ parts: [UInt8]...) -> [UInt8] { tlv(0x31, parts.flatMap { $0 }) }
    static func explicit(_ number: UInt8, _ parts: [UInt8]...) -> [UInt8] { tlv(0xA0 | number, parts.flatMap { $0 }) }
    static func octets(_ content: [UInt8]) -> [UInt8] { tlv(0x04, content) }
    static let null: [UInt8] = [0x05, 0x00]

    /// A minimal two's-complement INTEGER.
    static func integer(_ value: Int) -> [UInt8] {
        var bytes = withUnsafeBytes(of: value.bigEndian, Array.init)
        while bytes.count > 1, (bytes[0] == 0 && bytes[1] & 0x80 == 0) || (bytes[0] == 0xFF && bytes[1] & 0x80 != 0) {
            bytes.removeFirst()
        }
        return tlv(0x02, bytes)
    }

    static func oid(_ dotted: String) -> [UInt8] {
        let parts = dotted.split(separator: ".").compactMap { UInt($0) }
        var content: [UInt8] = []
        for value in [parts[0] * 40 + parts[1]] + parts.dropFirst(2) {
            var group = [UInt8(value & 0x7F)]
            var rest = value >> 7
            while rest > 0 {
                group.insert(UInt8(rest & 0x7F) | 0x80, at: 0)
                rest >>= 7
            }
            content += group
        }
        return tlv(0x06, content)
    }

    typealias Element = (tag: UInt8, content: ArraySlice<UInt8>, whole: ArraySlice<UInt8>)

    /// Splits consecutive elements (short and 1–3 byte long lengths only); `nil` if they do not fit exactly.
    static func elements(_ bytes: ArraySlice<UInt8>) -> [Element]? {
        var rest = bytes
        var result: [Element] = []
        while let tag = rest.first {
            let start = rest.startIndex
            rest = rest.dropFirst()
            guard let first = rest.popFirst() else { return nil }
            var length = Int(first)
            if first >= 0x80 {
                let size = Int(first & 0x7F)
                guard (1...3).contains(size), rest.count >= size else { return nil }
                length = rest.prefix(size).reduce(0) { $0 << 8 | Int($1) }
                rest = rest.dropFirst(size)
            }
            guard rest.count >= length else { return nil }
            result.append((tag, rest.prefix(length), bytes[start..<rest.startIndex + length]))
            rest = rest.dropFirst(length)
        }
        return result
    }

    /// The elements of the single element spanning `bytes`.
    static func children(_ bytes: ArraySlice<UInt8>) -> [Element]? {
        guard let outer = elements(bytes), outer.count == 1 else { return nil }
        return elements(outer[0].content)
    }
}

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

@Suite("Push package upload: a certificate swift-certificates refuses")
struct PaytronixPushPackageRefusedCertificateTests {
    /// other.key (RSA-2048) with the RSA-1024 certificate of dev-rsa1024.p12, made as make-fixtures.sh makes
    /// dev-mismatch.p12: `openssl pkcs12 -export -nocerts -inkey other.key -certfile rsa1024.crt -passout pass:sandbox-pass`.
    static let rsa2048KeyWithRSA1024Certificate = """
        MIIJeAIBAzCCCS4GCSqGSIb3DQEHAaCCCR8EggkbMIIJFzCCA7IGCSqGSIb3DQEHBqCCA6MwggOfAgEAMIIDmAYJKoZIhvcNAQcB
        MFcGCSqGSIb3DQEFDTBKMCkGCSqGSIb3DQEFDDAcBAh/p1JeH7TIWgICCAAwDAYIKoZIhvcNAgkFADAdBglghkgBZQMEASoEEMYW
        XltejsU1DqsWcWys0i2AggMwxq3OBqcHJxJKtp0jSoF+UHmcKsosCiEX4Nw5aNG8S80/R67fPUIvth7d35NWeCKZzLVDfD2XcR3U
        5Gollpe3mPGamtuHKwfxurULcZxib2m+bx7QkQYhJ/yF3r4IEVDcwehOYw850FFt2Y28hW05KNTZgua3vIwU8J2AQ3iIW+M7Q/0Z
        YPEqsxMDMgtU1e9b8wX9yeTVIGLlxQ861OjzuUwfP0k9wVAcrvU9/spUHzNrovucUttBVa8RLvdvCTIl6+68Rc/oZCtKxbCHwrS+
        iisy6JCbpK+OLT31Z4871gXWpA6DS7Qtotj8QSXq6VH6MORyGut/ljOhc/nWEmdHin6fuEpz8NmAgCN5TtF8ZgbQggBp7laEYyRH
        SfTpsbcDrlG63xQXA2EZcdGUq0+bksoE4KHFgpisR51FfrjEayzVfYsyh8W1Jh03oB7jrfE68k5RhJkWUxLYBt2lTWmSSeddn6e7
        Y+KQ6GlFy9b5EARQ8iWmOz1nRld7MjAGtGZsESHbvKkLBwyUjtfCdGL4hwJZfYFFiok5fZL8SdUh89Q5gV+JvBM7A2DnQE3ASUaI
        FMMV9tTk0u6e5Z+Pa85u9FnfUwj8FKNC+/vMzHJnLAHaYpuvDna8UY22OZyYfasbgzl3a+XJuhlYOWlnDizLSFgQJmN1vzxdeMZU
        NmN5y8SLYMT6FXts4Fk5EDwiZo88CcxkIrF1ZrjWmHshWrGlbo/wDVurzYvxvO1onGyCbwduNcfHbVJiJItciAgDzPk1sLvd9uxU
        5kyyVjzrr17Nf59u/DTv2RLzOS2DrhMQbpyTnjj28W+0d1RRPruRMB+ZwLSUsbcd4Shhckqdk9pcYLSIpr0+IIIlxKNq7mXtAkDU
        RayfVXxTFgJPiMu0IVaAaKNBHrLnFxgHxMoZ6oh3xSTYeJOK9KXiK2zK52QyPVRHGmoUF25DC/TNfY6nt9RGXNRbiTRWQpHPXB/q
        gZoVDrte9E64t2LHlfzDI33QhUnbR3RJHv/JodDF0oicvqSQY2LhT480zzRfA6NW614rposEVXozMwC9ySlTBgy/WPfp5JDXWJLB
        vinUAjiQrMR5MIIFXQYJKoZIhvcNAQcBoIIFTgSCBUowggVGMIIFQgYLKoZIhvcNAQwKAQKgggUxMIIFLTBXBgkqhkiG9w0BBQ0w
        SjApBgkqhkiG9w0BBQwwHAQIrj4+fES0RfcCAggAMAwGCCqGSIb3DQIJBQAwHQYJYIZIAWUDBAEqBBAS7FL1qb5tTf+ryauAKN9P
        BIIE0Oc5NHO3iVfspGJ87KtxHE0OdMQNXKk3UkKajZvT/c/9hyvKv66q//pQfyu9tP6DOquiDq3pPFLSALQtwvgEVh6tkZ8MH4OV
        f0Bfd2gKAwkjMxOF/fmiuWgZlMhJhNIUoply+BsUXYYgBvJBfzOIZX2bVEhoH+Ye9fOlyHnTU/CdwZNf9SJeLP3KNIWpV9t3u0RV
        9MUKDyTLXPTyB9K1urpXf5q8cgIJ6hZQ8FlhqkDWcxaDt5M7/cRFnWVq3MwRZVgJaEtvUPSatpMlvFxgC5bzD8g7gHW8IlGma5xY
        4qRTuy4Ch3zlCqoUJ39lXkpI+QDk/QjSw2gJ7z4pWJ5wPOynulWudLs93K0DPbbRs0UW87EiAjZRYWjjXrujgGfnQD0M+Zg3WFMO
        L825gcUbNr4Bzmmmv1MBaX0jw4BXD+DF2ZdF0xWDE8j78HpCEWVI9NE/fU+FkaJklKOsy8PdjXj947NcgQ7UzvAOKrTuv+Q3p9ld
        8A75nAoMDfkwsNG7zCkIJ9wU7b/ILfFsSTUrwevy7FlyLZykho2+vQwdWhpK1d1oDnx4TQmLzsF/z7SM+B3oXMelpoWCBE4TKFEU
        ZnjQ2N+gxvIib6leP3eXm9pjBN5aECgFJi2B2l2yHpU2tQZ8MCym0MKLZ57fvY+GX6qcM4xJY4z8iHO79DNE7LDEv394fQ6s8cSI
        DTl7edsGpvAVgeuWqwBc8v42sPHFTDBVaOnGcUTkgwkwlM5W6l+HQl1MBT2tjh6baQ7wh32+YWDlim1vxUB6miMCnIwrRG/hPGEz
        4d2NNEYQ+D7h6IM7GhCCtqpgJ0Y08PfJa+7NEv21qn7nhNdfs+ccnrdOvjEf52xkxrSSRg3N3OL27st+6yn+Y07cfjnTR3H79B8d
        OQbDNwVCb2DOuDlzJWyqaoTzjN+QYeXuHVU7dYkc6SJEHaG9oO/nu7SfqkKXrWDnBHVq22J3cQnsC+Kv6NGAMFkR51NXEaW1T6ZH
        z0IAA8TbL5RsJJRujGMzG7Phl0o/IqhIfzVqqLGXlmnhyXk+DtON2EBVZzu/rISvJY2V3wwnuYmJpNw/hF9YjCFZzMfniYVLr6Th
        hwTNLxZdUubX33qTnhC8q5xswy0CjL7LIhpiu7cSdR34XN+m8/tb8jV1yyRKpGwA62Swk/J3unblpw4TDb29c3warcPtJFrSw+Lf
        AlNTaobV5pHvQ0W1UuCt2lnCCw7m2Ukhb1UoAqdbp92GgIv7jz7m5tB/jUK0uQxQJw1CG5Y5W4gjPPRMsyoso9EJsIM8qVkeyjo+
        qogsVw+64x3JNskrKooF1Gavx4zshdS6vHDIbvdNbZK2CcJMsMi3H3gTz+/v47oY7weCsxGMuIhNyiNiWflSNAvH7PxpY+uPfFDk
        TnJ/ZIGL/aoWyUYlL7EjmrZ3VXOh4g/dbB6NxFueCZxdFnmvJvBTlRrb7oJuPArDN8eGM297prWFEBQnUjTZO237OWV8jegt93Za
        tDcg8JKHI1Ud/1tDfkiUMf9pixLp9gQ2o1RE5TaW/yxfaAo/wtnAMA4KL5+awGjW9GR5uhKno2ZzR+vnhIryS4xg2QFjrWl9hy2V
        Z9cl+TBHVakxIk4B0XRKFD+UT22M4klbUDPspJnd8EdiZhCXMEEwMTANBglghkgBZQMEAgEFAAQgc5Gq6EI9NEt50QJyDZK3o0Nm
        AzJfPg8l8iKinYd2hr8ECGPe4kHfucbhAgIIAA==
        """

    /// swift-crypto takes no RSA key under 2048 bits, so swift-certificates cannot read this certificate; it is still
    /// U17 (the certificate is not for the package's key), as before the certificate was read with swift-certificates.
    @Test func certificateWithAKeySwiftCryptoRefusesIsAKeyMismatch() async throws {
        let p12 = try #require(
            Data(base64Encoded: Self.rsa2048KeyWithRSA1024Certificate, options: .ignoreUnknownCharacters))
        let sandbox = try PaytronixRouterHarness()
        let reply = try await PaytronixPushPackageRuleTests.put(sandbox, p12: p12)
        try await PaytronixPushPackageRuleTests.expectRefused(
            sandbox, reply, "push.key_mismatch",
            "The certificate was not issued for the private key in the package")
    }
}

@Suite("Push package upload: certificate fields (swift-certificates)")
struct PaytronixCertificateFieldsTests {
    typealias D = TestDER

    /// dev.crt's DER and the parts of it a crafted certificate reuses: the signature algorithm and signature (not
    /// checked) and the SubjectPublicKeyInfo (swift-certificates parses the key).
    struct Template {
        var der: [UInt8]
        var tbs: [TestDER.Element]
        var signatureAlgorithm: ArraySlice<UInt8>
        var signature: ArraySlice<UInt8>

        init() throws {
            der = [UInt8](try PaytronixRouterHarness.certificateDER())
            let certificate = try #require(D.children(der[...]))
            try #require(certificate.count == 3)
            tbs = try #require(D.elements(certificate[0].content))
            try #require(tbs.count >= 7 && tbs[0].tag == 0xA0)
            signatureAlgorithm = certificate[1].whole
            signature = certificate[2].whole
        }

        /// TBSCertificate { [0] version, serial, signature, issuer, validity, subject, spki, [3] extensions? }
        func certificate(version: Int = 2, issuer: [UInt8], subject: [UInt8], extensions: [[UInt8]]? = nil) -> [UInt8] {
            let tbs = D.sequence(
                D.explicit(0, D.integer(version)), D.integer(4242), Array(self.tbs[2].whole), issuer,
                Array(self.tbs[4].whole), subject, Array(self.tbs[6].whole),
                extensions.map { D.explicit(3, D.tlv(0x30, $0.flatMap { $0 })) } ?? [])
            return D.sequence(tbs, Array(signatureAlgorithm), Array(signature))
        }
    }

    static func attribute(_ oid: String, _ tag: UInt8, _ value: [UInt8]) -> [UInt8] {
        D.sequence(D.oid(oid), D.tlv(tag, value))
    }

    static func utf16(_ text: String) -> [UInt8] {
        text.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
    }

    static func `extension`(_ oid: String) -> [UInt8] {
        D.sequence(D.oid(oid), D.octets(D.null))
    }

    @Test func fixtureCertificate() throws {
        let fields = try CertificateFields(der: try Template().der)
        let subject =
            "O=CommerceKit Test,CN=Apple Development IOS Push Services: com.example.pushapp,UID=com.example.pushapp"
        #expect(fields.isVersion3 && fields.subject == subject && fields.issuer == subject)
        #expect(fields.uid == "com.example.pushapp")
        #expect(fields.apnsEnvironments == ["development"])
    }

    /// RFC 4514 as the reply has always written it: UID by name, other unnamed types (emailAddress) as dotted OIDs,
    /// TeletexString, VisibleString and BMPString as text, other types as empty, escapes as RFC 4514 §2.4 asks.
    @Test func subjectStringTypesAndEscaping() throws {
        let template = try Template()
        let subject = D.sequence(
            D.set(Self.attribute("2.5.4.6", 0x13, Array("US".utf8))),
            D.set(Self.attribute("2.5.4.10", 0x0C, Array("#Acme, Inc.+Co ".utf8))),
            // A multi-valued RDN, in DER's SET OF order (the shorter encoding first).
            D.set(
                Self.attribute("2.5.4.11", 0x14, Array("Push".utf8)),
                Self.attribute("2.5.4.3", 0x1E, Self.utf16("Ünïcode"))),
            D.set(Self.attribute("2.5.4.7", 0x1A, Array("Town".utf8))),
            D.set(Self.attribute("2.5.4.8", 0x12, Array("123".utf8))),
            D.set(Self.attribute("1.2.840.113549.1.9.1", 0x16, Array("a@b.example".utf8))),
            D.set(Self.attribute("0.9.2342.19200300.100.1.1", 0x0C, Array("com.example.crafted".utf8))))
        let issuer = D.sequence(
            D.set(Self.attribute("0.9.2342.19200300.100.1.25", 0x16, Array("example".utf8))),
            D.set(Self.attribute("2.5.4.3", 0x13, Array(" Issuer ".utf8))))
        let fields = try CertificateFields(der: template.certificate(issuer: issuer, subject: subject))
        #expect(
            fields.subject
                == #"UID=com.example.crafted,1.2.840.113549.1.9.1=a@b.example,ST=,L=Town,OU=Push+CN=Ünïcode,"#
                + ##"O=\#Acme\, Inc.\+Co\ ,C=US"##)
        #expect(fields.issuer == #"CN=\ Issuer\ ,DC=example"#)
        #expect(fields.uid == "com.example.crafted")
        #expect(fields.apnsEnvironments == [] && fields.isVersion3)
    }

    @Test func uidThatIsNotAStringIsNoUID() throws {
        let subject = D.sequence(D.set(D.sequence(D.oid("0.9.2342.19200300.100.1.1"), D.integer(7))))
        let fields = try CertificateFields(der: try Template().certificate(issuer: subject, subject: subject))
        #expect(fields.uid == nil)
        #expect(fields.subject == "UID=")
    }

    @Test func apnsExtensionsInCertificateOrder() throws {
        let template = try Template()
        let name = D.sequence(D.set(Self.attribute("2.5.4.3", 0x0C, Array("x".utf8))))
        let both = try CertificateFields(
            der: template.certificate(
                issuer: name, subject: name,
                extensions: [
                    Self.extension("2.5.29.19"), Self.extension("1.2.840.113635.100.6.3.2"),
                    Self.extension("1.2.840.113635.100.6.3.1"),
                ]))
        #expect(both.apnsEnvironments == ["production", "development"])
        let topics = try CertificateFields(
            der: template.certificate(
                issuer: name, subject: name,
                extensions: [
                    Self.extension("1.2.840.113635.100.6.3.6"), Self.extension("1.2.840.113635.100.6.3.2"),
                ]))
        #expect(topics.apnsEnvironments == ["development", "production"])
    }

    @Test func versionsOtherThanThree() throws {
        let template = try Template()
        let name = D.sequence(D.set(Self.attribute("2.5.4.3", 0x0C, Array("x".utf8))))
        #expect(
            try CertificateFields(der: template.certificate(version: 1, issuer: name, subject: name)).isVersion3
                == false)
        #expect(throws: (any Error).self) {
            try CertificateFields(der: template.certificate(version: 5, issuer: name, subject: name))
        }
    }

    @Test func truncatedAndCorruptedCertificatesNeverCrash() throws {
        let der = try Template().der
        for length in 0..<der.count {
            #expect(throws: (any Error).self) { try CertificateFields(der: Array(der.prefix(length))) }
        }
        for index in der.indices {
            for mask: UInt8 in [0x01, 0x80, 0xFF] {
                var corrupted = der
                corrupted[index] ^= mask
                _ = try? CertificateFields(der: corrupted)
            }
        }
    }
}
