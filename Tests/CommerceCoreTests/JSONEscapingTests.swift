import CommerceCore
import Testing

/// The byte overload of the one JSON escaper writes what the `String` overload writes, and hex digests are
/// lowercase pairs.
@Suite struct JSONEscapingBytesTests {
    @Test func bytesMatchTheStringEscaper() {
        let samples = [
            "", "plain", #"quote " and back \ slash"#, "solidus / here", "tab\tline\nreturn\r", "\u{1}\u{1F}\u{7F}",
            "é ü 🎉 中文", #"{"query":"query {node(id:\"gid://shopify/Product/1\"){id}}"}"#,
        ]
        for sample in samples {
            for solidus in [false, true] {
                var text = ""
                JSONEscaping.append(sample, to: &text, escapingSolidus: solidus)
                var bytes: [UInt8] = []
                JSONEscaping.append(sample, to: &bytes, escapingSolidus: solidus)
                #expect(bytes == Array(text.utf8), "\(sample) \(solidus)")
            }
        }
    }

    @Test func hexIsLowercasePairs() {
        #expect(HexDigest.hex([0x00, 0x0F, 0xA0, 0xFF, 0x5C]) == "000fa0ff5c")
        #expect(HexDigest.hex([UInt8]()) == "")
    }
}
