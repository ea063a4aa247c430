import Foundation

/// Random identifiers for sandbox records (order ids, tokens, sessions).
public enum RandomToken {
    /// `count` random lowercase hex digits from the system's secure generator.
    public static func hex(_ count: Int) -> String {
        var generator = SystemRandomNumberGenerator()
        let digits = Array("0123456789abcdef")
        return String((0..<count).map { _ in digits[Int(generator.next() % 16)] })
    }
}
