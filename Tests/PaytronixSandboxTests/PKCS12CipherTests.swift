import Crypto
import Testing

@testable import CommerceSandbox
@testable import PaytronixSandbox

/// The primitives written for legacy PKCS#12 files, against published vectors (and, where none is published,
/// values computed once with OpenSSL 3.0 and written down here).
@Suite("PKCS#12 primitives: KDF, DES, Triple DES, RC2")
struct PKCS12CipherTests {
    static func bytes(_ hex: String) -> [UInt8] {
        var result: [UInt8] = []
        var index = hex.startIndex
        while index < hex.endIndex {
            let next = hex.index(index, offsetBy: 2)
            result.append(UInt8(hex[index..<next], radix: 16) ?? 0)
            index = next
        }
        return result
    }

    static func block(_ hex: String) -> UInt64 { UInt64(hex, radix: 16) ?? 0 }

    /// The RFC 7292 KDF vector published with OpenSSL's and Bouncy Castle's tests: password "smeg", SHA-1.
    @Test func kdfPublishedVector() {
        let password = PKCS12KeyDerivation.bmpPassword("smeg")
        #expect(password == Self.bytes("0073006D006500670000"))
        let salt = Self.bytes("0A58CF64530D823F")[...]
        let key = PKCS12KeyDerivation.derive(
            Insecure.SHA1.self, purpose: .key, password: password, salt: salt, iterations: 1, count: 24)
        #expect(key == Self.bytes("8AAAE6297B6CB04642AB5B077851284EB7128F1A2A7FBCA3"))
        let iv = PKCS12KeyDerivation.derive(
            Insecure.SHA1.self, purpose: .iv, password: password, salt: salt, iterations: 1, count: 8)
        #expect(iv == Self.bytes("79993DFE048D3B76"))
    }

    /// Computed with `openssl kdf -keylen N -kdfopt digest:D -kdfopt hexpass:<BMP of sandbox-pass>
    /// -kdfopt hexsalt:0102030405060708 -kdfopt iter:I -kdfopt id:P PKCS12KDF` (OpenSSL 3.0.19). The 40-byte
    /// SHA-256 output spans two digests, so it also covers the step between blocks with a 64-byte hash block.
    @Test func kdfAgainstOpenSSL() {
        let password = PKCS12KeyDerivation.bmpPassword("sandbox-pass")
        let salt = Self.bytes("0102030405060708")[...]
        #expect(
            PKCS12KeyDerivation.derive(
                SHA256.self, purpose: .mac, password: password, salt: salt, iterations: 2048, count: 32)
                == Self.bytes("8B5DECD463D34DA743FB69886BD9478CEACDD2FE95C1D647355FB154D33D08CB"))
        #expect(
            PKCS12KeyDerivation.derive(
                SHA256.self, purpose: .key, password: password, salt: salt, iterations: 2048, count: 40)
                == Self.bytes("709E56AAE897FE2F1A2700B101C46A6918666221745A84A19787EE1A73A9CF723981F2349B993F25"))
        #expect(
            PKCS12KeyDerivation.derive(
                SHA512.self, purpose: .key, password: password, salt: salt, iterations: 3, count: 64)
                == Self.bytes(
                    "0288244F16D3E60114F286ECCB849740113ACF7D946B710F125FF08B4C8DB78BAA5CFE76C4CCBB54DFCCE0BE0F25D413"
                        + "14A37053DB9D35CAC97768DC33481D25"))
    }

    /// FIPS 180-4's "abc" example, a two-block message (values from Python's hashlib), and RFC 4231 test case 1
    /// for HMAC-SHA-224 through swift-crypto's `HMAC` on our `SHA224`.
    @Test func sha224KnownAnswers() {
        #expect(
            Array(SHA224.hash(data: Array("abc".utf8)))
                == Self.bytes("23097D223405D8228642A477BDA255B32AADBCE4BDA0B3F7E36C9DA7"))
        #expect(
            Array(SHA224.hash(data: [UInt8](repeating: 0x61, count: 1000)))
                == Self.bytes("4E8F0CE90B64661A2B5E84BE6D93A7D9B76871062F1814433D04A03D"))
        let mac = HMAC<SHA224>.authenticationCode(
            for: Array("Hi There".utf8), using: SymmetricKey(data: [UInt8](repeating: 0x0B, count: 20)))
        #expect(Array(mac) == Self.bytes("896FB1128ABBDF196832107CD49DF33F47B4B1169912BA4F53684B22"))
    }

    /// NIST SP 800-17 variable-plaintext known answers (key 01…01) and the worked example of FIPS 46's
    /// classic walk-through (key 133457799BBCDFF1).
    @Test func desKnownAnswers() {
        let weakParity = DES(key: Self.bytes("0101010101010101")[...])
        #expect(weakParity.encrypt(block: Self.block("8000000000000000")) == Self.block("95F8A5E5DD31D900"))
        #expect(weakParity.decrypt(block: Self.block("95F8A5E5DD31D900")) == Self.block("8000000000000000"))
        #expect(weakParity.encrypt(block: Self.block("4000000000000000")) == Self.block("DD7F121CA5015619"))
        let example = DES(key: Self.bytes("133457799BBCDFF1")[...])
        #expect(example.encrypt(block: Self.block("0123456789ABCDEF")) == Self.block("85E813540F0AB405"))
        #expect(example.decrypt(block: Self.block("85E813540F0AB405")) == Self.block("0123456789ABCDEF"))
    }

    /// Three equal keys make Triple DES plain DES; three different ones checked in CBC mode against
    /// `openssl enc -des-ede3-cbc -K 0123456789abcdeffedcba987654321089abcdef01234567 -iv 0001020304050607`
    /// of the 16 bytes 00112233…EEFF (PKCS#7 padding adds a third block).
    @Test func tripleDESDecryptsOpenSSLOutput() throws {
        let same = try #require(
            TripleDES(key: Array(repeating: Self.bytes("133457799BBCDFF1"), count: 3).flatMap { $0 }))
        #expect(same.decrypt(block: Self.block("85E813540F0AB405")) == Self.block("0123456789ABCDEF"))
        let cipher = try #require(TripleDES(key: Self.bytes("0123456789ABCDEFFEDCBA987654321089ABCDEF01234567")))
        let plaintext = try PKCS12Decryption.cbcDecrypt(
            Self.bytes("48B3B0072CEB1E1119EA83B73CC80B4F6D7F5EE1980E8308")[...], iv: Self.bytes("0001020304050607"),
            decryptBlock: cipher.decrypt(block:))
        #expect(plaintext == Self.bytes("00112233445566778899AABBCCDDEEFF"))
        #expect(TripleDES(key: Self.bytes("0123456789ABCDEF")) == nil)
    }

    /// RFC 2268 §5's test vectors (effective key bits 63, 64, 128, 129), decrypted.
    @Test(arguments: [
        ("0000000000000000", 63, "0000000000000000", "EBB773F993278EFF"),
        ("FFFFFFFFFFFFFFFF", 64, "FFFFFFFFFFFFFFFF", "278B27E42E2F0D49"),
        ("3000000000000000", 64, "1000000000000001", "30649EDF9BE7D2C2"),
        ("88", 64, "0000000000000000", "61A8A244ADACCCF0"),
        ("88BCA90E90875A", 64, "0000000000000000", "6CCF4308974C267F"),
        ("88BCA90E90875A7F0F79C384627BAFB2", 64, "0000000000000000", "1A807D272BBE5DB1"),
        ("88BCA90E90875A7F0F79C384627BAFB2", 128, "0000000000000000", "2269552AB0F85CA6"),
        (
            "88BCA90E90875A7F0F79C384627BAFB216F80A6F85920584C42FCEB0BE255DAF1E", 129, "0000000000000000",
            "5B78D3A43DFFF1F1"
        ),
    ])
    func rc2PublishedVectors(key: String, effectiveBits: Int, plaintext: String, ciphertext: String) throws {
        let cipher = try #require(RC2(key: Self.bytes(key), effectiveBits: effectiveBits))
        #expect(cipher.decrypt(block: Self.block(ciphertext)) == Self.block(plaintext))
    }

    /// The RFC has no 40-bit vector; these are `openssl enc -provider legacy -rc2-40-cbc -K 0102030405` and
    /// `-rc2-cbc -K 000102030405060708090a0b0c0d0e0f` (128 effective bits), IV 0001020304050607, of 00112233…EEFF.
    @Test func rc2FortyAndHundredTwentyEightBitsInCBC() throws {
        let iv = Self.bytes("0001020304050607")
        let forty = try #require(RC2(key: Self.bytes("0102030405"), effectiveBits: 40))
        #expect(
            try PKCS12Decryption.cbcDecrypt(
                Self.bytes("9BC7023C45D054C659187BC5739A874260AD0214031A2A3E")[...], iv: iv,
                decryptBlock: forty.decrypt(block:)) == Self.bytes("00112233445566778899AABBCCDDEEFF"))
        let full = try #require(RC2(key: Self.bytes("000102030405060708090A0B0C0D0E0F"), effectiveBits: 128))
        #expect(
            try PKCS12Decryption.cbcDecrypt(
                Self.bytes("E41D993AFE5D3EB710034BB71B94C0BCC650611694F78593")[...], iv: iv,
                decryptBlock: full.decrypt(block:)) == Self.bytes("00112233445566778899AABBCCDDEEFF"))
    }

    /// A wrong key leaves garbage whose last block almost never ends in valid PKCS#7 padding.
    @Test func badPaddingIsReported() throws {
        let wrong = try #require(RC2(key: Self.bytes("0102030406"), effectiveBits: 40))
        #expect(throws: PKCS12Decryption.Problem.badPadding) {
            try PKCS12Decryption.cbcDecrypt(
                Self.bytes("9BC7023C45D054C659187BC5739A874260AD0214031A2A3E")[...], iv: Self.bytes("0001020304050607"),
                decryptBlock: wrong.decrypt(block:))
        }
        #expect(throws: PKCS12Decryption.Problem.badPadding) {
            try PKCS12Decryption.cbcDecrypt([1, 2, 3][...], iv: Self.bytes("0001020304050607"), decryptBlock: { $0 })
        }
    }
}
