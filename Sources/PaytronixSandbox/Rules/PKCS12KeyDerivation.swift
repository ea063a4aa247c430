import Crypto

/// The PKCS#12 key-derivation function (RFC 7292 Appendix B.2), which turns a password into the MAC key
/// (purpose 3) and into the key and IV (purposes 1 and 2) of the legacy `pbeWithSHAAnd…` ciphers.
///
/// swift-crypto has no such KDF (it only offers PBKDF2 and HKDF), so it is written here on top of its hash
/// functions. One derivation runs at most `iterations` hashes per output block; the structure check has
/// already refused counts over 1,000,000, and the loop reuses the digest value instead of allocating.
package enum PKCS12KeyDerivation {
    package enum Purpose: UInt8 {
        case key = 1, iv = 2, mac = 3
    }

    /// The password as PKCS#12 hashes it: a BMPString, i.e. UTF-16 big-endian followed by two zero bytes.
    /// Characters beyond the BMP become surrogate pairs, as OpenSSL writes them.
    package static func bmpPassword(_ password: String) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(password.utf16.count * 2 + 2)
        for unit in password.utf16 {
            bytes.append(UInt8(truncatingIfNeeded: unit >> 8))
            bytes.append(UInt8(truncatingIfNeeded: unit))
        }
        bytes.append(contentsOf: [0, 0])
        return bytes
    }

    /// `count` bytes derived from `password` (already encoded, see `bmpPassword`) and `salt` with hash `H`.
    package static func derive<H: HashFunction>(
        _ hash: H.Type, purpose: Purpose, password: [UInt8], salt: ArraySlice<UInt8>, iterations: Int, count: Int
    ) -> [UInt8] {
        let blockSize = H.blockByteCount
        let diversifier = [UInt8](repeating: purpose.rawValue, count: blockSize)
        // I = S || P, each repeated to a whole number of hash blocks.
        var input = repeated(salt, toMultipleOf: blockSize) + repeated(password[...], toMultipleOf: blockSize)
        var adjustment = [UInt8](repeating: 0, count: blockSize)
        var output: [UInt8] = []
        output.reserveCapacity(count)
        while output.count < count {
            var hasher = H()
            hasher.update(data: diversifier)
            hasher.update(data: input)
            var digest = hasher.finalize()
            for _ in 1..<max(1, iterations) {
                var next = H()
                digest.withUnsafeBytes { next.update(bufferPointer: $0) }
                digest = next.finalize()
            }
            digest.withUnsafeBytes { output.append(contentsOf: $0.prefix(count - output.count)) }
            guard output.count < count else { break }
            // Next block: every block-sized piece of I becomes (I_j + B + 1) mod 2^(8·blockSize),
            // where B is the digest repeated to the block size.
            digest.withUnsafeBytes { bytes in
                for index in 0..<blockSize { adjustment[index] = bytes[index % bytes.count] }
            }
            for start in stride(from: 0, to: input.count, by: blockSize) {
                var carry: UInt16 = 1
                for index in stride(from: blockSize - 1, through: 0, by: -1) {
                    let sum = UInt16(input[start + index]) + UInt16(adjustment[index]) + carry
                    input[start + index] = UInt8(truncatingIfNeeded: sum)
                    carry = sum >> 8
                }
            }
        }
        return output
    }

    /// `bytes` repeated (the last copy cut short) to the smallest multiple of `blockSize` that holds them.
    private static func repeated(_ bytes: ArraySlice<UInt8>, toMultipleOf blockSize: Int) -> [UInt8] {
        guard !bytes.isEmpty else { return [] }
        let length = (bytes.count + blockSize - 1) / blockSize * blockSize
        var result: [UInt8] = []
        result.reserveCapacity(length)
        while result.count < length {
            result.append(contentsOf: bytes.prefix(length - result.count))
        }
        return result
    }
}
