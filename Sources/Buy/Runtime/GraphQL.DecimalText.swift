import Foundation

extension GraphQL {
    /// Reads `Decimal` scalars. `Decimal(string:locale:)` cost about half a microsecond per amount, a tenth of
    /// decoding a product page; the common shape (`-?digits(.digits)?`, at most 18 significant digits, not zero)
    /// is built here from its digits, and everything else goes to Foundation.
    enum DecimalText {
        /// The value of a text `Decode.isDecimalLiteral` accepted, exactly as `Decimal(string:locale:)` with the
        /// POSIX locale reads it (the same bytes, not only an equal number); nil when Foundation rejects it.
        static func parse(_ text: String) -> Decimal? {
            fastPath(text) ?? Decimal(string: text, locale: GraphQL.posixLocale)
        }

        /// The significand and exponent built from the digits; nil for any other shape, so Foundation decides.
        static func fastPath(_ text: String) -> Decimal? {
            var significand: UInt64 = 0
            var digits = 0
            var exponent = 0
            var isNegative = false
            var seenPoint = false
            var isFirst = true
            for byte in text.utf8 {
                if isFirst {
                    isFirst = false
                    if byte == UInt8(ascii: "-") {
                        isNegative = true
                        continue
                    }
                    if byte == UInt8(ascii: "+") { continue }
                }
                if byte == UInt8(ascii: "."), !seenPoint {
                    seenPoint = true
                    continue
                }
                guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
                if seenPoint { exponent -= 1 }
                // Leading zeros add no digit; the exponent still counts them after the point.
                if significand == 0, byte == UInt8(ascii: "0") { continue }
                digits += 1
                guard digits <= 18 else { return nil }
                significand = significand * 10 + UInt64(byte - UInt8(ascii: "0"))
            }
            // Foundation keeps the exponent of a zero (`0.00`), which the initialiser below would drop.
            guard significand != 0 else { return nil }
            return Decimal(sign: isNegative ? .minus : .plus, exponent: exponent, significand: Decimal(significand))
        }
    }
}
