import Crypto

/// SHA-224 (FIPS 180-4 §6.3: SHA-256 with its own initial value, cut to 28 bytes), as a swift-crypto
/// `HashFunction` so that `HMAC<SHA224>` and `PKCS12KeyDerivation` take it like the others.
///
/// A PKCS#12 MAC may use SHA-224 (RFC 7292, and `openssl pkcs12 -macalg sha224` writes one), but swift-crypto
/// only exposes SHA-1, SHA-256, SHA-384 and SHA-512. Used once per upload over a few kilobytes at most.
struct SHA224: HashFunction {
    static let blockByteCount = 64

    struct Digest: Crypto.Digest {
        static let byteCount = 28
        let bytes: [UInt8]

        func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
            try bytes.withUnsafeBytes(body)
        }

        func makeIterator() -> IndexingIterator<[UInt8]> { bytes.makeIterator() }

        var description: String { "SHA224 digest: " + bytes.map { String($0, radix: 16) }.joined() }
    }

    private var state: [UInt32] = [
        0xC105_9ED8, 0x367C_D507, 0x3070_DD17, 0xF70E_5939, 0xFFC0_0B31, 0x6858_1511, 0x64F9_8FA7, 0xBEFA_4FA4,
    ]
    private var pending: [UInt8] = []
    private var totalBytes: UInt64 = 0

    init() {}

    mutating func update(bufferPointer: UnsafeRawBufferPointer) {
        totalBytes &+= UInt64(bufferPointer.count)
        pending.append(contentsOf: bufferPointer)
        var start = 0
        while pending.count - start >= 64 {
            compress(pending[start..<start + 64])
            start += 64
        }
        pending.removeFirst(start)
    }

    func finalize() -> Digest {
        var copy = self
        // Padding: 0x80, zeros to 56 mod 64, then the message length in bits as a 64-bit big-endian number.
        let bitLength = totalBytes &* 8
        var tail: [UInt8] = [0x80]
        tail += [UInt8](repeating: 0, count: (119 - Int(totalBytes % 64)) % 64)
        tail += (0..<8).map { UInt8(truncatingIfNeeded: bitLength >> UInt64(56 - 8 * $0)) }
        tail.withUnsafeBytes { copy.update(bufferPointer: $0) }
        let words = copy.state.prefix(7)
        return Digest(bytes: words.flatMap { word in (0..<4).map { UInt8(truncatingIfNeeded: word >> (24 - 8 * $0)) } })
    }

    private mutating func compress(_ block: ArraySlice<UInt8>) {
        var schedule = [UInt32](repeating: 0, count: 64)
        for index in 0..<16 {
            let offset = block.startIndex + 4 * index
            schedule[index] = block[offset..<offset + 4].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        }
        for index in 16..<64 {
            let w15 = schedule[index - 15]
            let w2 = schedule[index - 2]
            let sigma0 = rotate(w15, 7) ^ rotate(w15, 18) ^ (w15 >> 3)
            let sigma1 = rotate(w2, 17) ^ rotate(w2, 19) ^ (w2 >> 10)
            schedule[index] = schedule[index - 16] &+ sigma0 &+ schedule[index - 7] &+ sigma1
        }
        var (a, b, c, d, e, f, g, h) = (state[0], state[1], state[2], state[3], state[4], state[5], state[6], state[7])
        for index in 0..<64 {
            let choice = (e & f) ^ (~e & g)
            let temp1 =
                h &+ (rotate(e, 6) ^ rotate(e, 11) ^ rotate(e, 25)) &+ choice &+ Self.roundConstants[index]
                &+ schedule[index]
            let majority = (a & b) ^ (a & c) ^ (b & c)
            let temp2 = (rotate(a, 2) ^ rotate(a, 13) ^ rotate(a, 22)) &+ majority
            (h, g, f, e, d, c, b, a) = (g, f, e, d &+ temp1, c, b, a, temp1 &+ temp2)
        }
        for (index, value) in [a, b, c, d, e, f, g, h].enumerated() { state[index] &+= value }
    }

    private func rotate(_ value: UInt32, _ count: UInt32) -> UInt32 {
        value >> count | value << (32 - count)
    }

    /// The first 32 bits of the fractional parts of the cube roots of the first 64 primes (FIPS 180-4, section 4.2.2).
    private static let roundConstants: [UInt32] = [
        0x428A_2F98, 0x7137_4491, 0xB5C0_FBCF, 0xE9B5_DBA5, 0x3956_C25B, 0x59F1_11F1, 0x923F_82A4, 0xAB1C_5ED5,
        0xD807_AA98, 0x1283_5B01, 0x2431_85BE, 0x550C_7DC3, 0x72BE_5D74, 0x80DE_B1FE, 0x9BDC_06A7, 0xC19B_F174,
        0xE49B_69C1, 0xEFBE_4786, 0x0FC1_9DC6, 0x240C_A1CC, 0x2DE9_2C6F, 0x4A74_84AA, 0x5CB0_A9DC, 0x76F9_88DA,
        0x983E_5152, 0xA831_C66D, 0xB003_27C8, 0xBF59_7FC7, 0xC6E0_0BF3, 0xD5A7_9147, 0x06CA_6351, 0x1429_2967,
        0x27B7_0A85, 0x2E1B_2138, 0x4D2C_6DFC, 0x5338_0D13, 0x650A_7354, 0x766A_0ABB, 0x81C2_C92E, 0x9272_2C85,
        0xA2BF_E8A1, 0xA81A_664B, 0xC24B_8B70, 0xC76C_51A3, 0xD192_E819, 0xD699_0624, 0xF40E_3585, 0x106A_A070,
        0x19A4_C116, 0x1E37_6C08, 0x2748_774C, 0x34B0_BCB5, 0x391C_0CB3, 0x4ED8_AA4A, 0x5B9C_CA4F, 0x682E_6FF3,
        0x748F_82EE, 0x78A5_636F, 0x84C8_7814, 0x8CC7_0208, 0x90BE_FFFA, 0xA450_6CEB, 0xBEF9_A3F7, 0xC671_78F2,
    ]
}
