import Foundation

/// Random identifiers for sandbox records (order ids, tokens, sessions).
@usableFromInline package enum RandomToken {
    /// `count` random lowercase hex digits from the system's secure generator.
    @usableFromInline package static func hex(_ count: Int) -> String {
        guard count > 0 else { return "" }
        var generator = SystemRandomNumberGenerator()
        // One draw yields 16 digits: the generator is a system call, which per digit cost more than the order it named.
        var bits: UInt64 = 0
        let digits = Array("0123456789abcdef".utf8)
        let bytes = (0..<count).map { index -> UInt8 in
            if index % 16 == 0 { bits = generator.next() }
            defer { bits >>= 4 }
            return digits[Int(bits & 0xF)]
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
