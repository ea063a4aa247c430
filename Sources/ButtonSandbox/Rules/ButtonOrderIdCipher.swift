import Crypto
import Foundation

/// Turns an order's sequence number into its Button order id and back.
///
/// The rules give the id as `btnorder-` plus 16 random lowercase hex digits. Drawing them at random meant a
/// unique index over random keys: every new order wrote one more random page of that index, about a fifth of
/// everything a create wrote to the WAL. Here the 16 digits are the sequence number enciphered with a
/// 64-bit keyed permutation. To a client they look just as random, and no one can predict the next id without
/// the key. Two orders can never share one, and an id leads straight back to its order by deciphering, so no
/// index is needed.
///
/// The permutation is a four-round Feistel network on two 32-bit halves. Each round's function is SHA-256 of
/// the database's own random key (`button_order_id_key`), the round number and the half, cut to 32 bits: with a
/// secret key in front of a fixed-length message, a pseudo-random function. Four rounds of one are what the
/// Luby–Rackoff construction needs for a strong pseudo-random permutation. (HMAC would do as well, but its key
/// setup on every round made it a third of the create's own work on the writer.)
struct ButtonOrderIdCipher {
    static let prefix = "btnorder-"
    private static let rounds: UInt8 = 4
    /// The key followed by room for the round number and the half.
    private let message: [UInt8]

    init(key: Data) {
        self.message = Array(key) + [0, 0, 0, 0, 0]
    }

    /// 32 random bytes for a new database (or after a reset).
    static func newKey() -> Data {
        SymmetricKey(size: .bits256).withUnsafeBytes { Data($0) }
    }

    /// The Button order id of the order with this sequence number.
    func id(forSequence sequence: Int64) -> String {
        var (left, right) = Self.halves(UInt64(bitPattern: sequence))
        for round in 0..<Self.rounds {
            (left, right) = (right, left ^ mix(round, right))
        }
        return Self.prefix + Self.hex((UInt64(left) << 32) | UInt64(right))
    }

    /// The sequence number an id was made from, or `nil` when the text is not `btnorder-` plus 16 lowercase hex
    /// digits, or deciphers to no possible sequence number.
    func sequence(forId id: String) -> Int64? {
        guard let value = Self.value(of: id) else { return nil }
        var (left, right) = Self.halves(value)
        for round in (0..<Self.rounds).reversed() {
            (left, right) = (right ^ mix(round, left), left)
        }
        let sequence = Int64(bitPattern: (UInt64(left) << 32) | UInt64(right))
        return sequence > 0 ? sequence : nil
    }

    /// The round function: the first four bytes of SHA-256(key ‖ round ‖ half).
    private func mix(_ round: UInt8, _ half: UInt32) -> UInt32 {
        var input = message
        let tail = input.count - 5
        input[tail] = round
        for index in 0..<4 { input[tail + 1 + index] = UInt8(truncatingIfNeeded: half >> (24 - 8 * UInt32(index))) }
        return SHA256.hash(data: input).withUnsafeBytes { bytes in
            bytes.prefix(4).reduce(UInt32(0)) { ($0 << 8) | UInt32($1) }
        }
    }

    private static func halves(_ value: UInt64) -> (UInt32, UInt32) {
        (UInt32(truncatingIfNeeded: value >> 32), UInt32(truncatingIfNeeded: value))
    }

    private static let digits = Array("0123456789abcdef".utf8)

    private static func hex(_ value: UInt64) -> String {
        let bytes = (0..<16).map { index in digits[Int((value >> (60 - 4 * UInt64(index))) & 0xF)] }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The 64-bit number an id spells, if it is `btnorder-` plus exactly 16 lowercase hex digits.
    private static func value(of id: String) -> UInt64? {
        let bytes = id.utf8
        guard bytes.count == prefix.utf8.count + 16, bytes.starts(with: prefix.utf8) else { return nil }
        var value: UInt64 = 0
        for byte in bytes.dropFirst(prefix.utf8.count) {
            let digit: UInt8
            switch byte {
            case 0x30...0x39: digit = byte - 0x30
            case 0x61...0x66: digit = byte - 0x61 + 10
            default: return nil
            }
            value = (value << 4) | UInt64(digit)
        }
        return value
    }
}
