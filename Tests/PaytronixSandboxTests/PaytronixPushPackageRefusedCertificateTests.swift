import Foundation
import Testing

@testable import CommerceSandbox

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
