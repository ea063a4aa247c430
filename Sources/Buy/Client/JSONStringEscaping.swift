/// Appends `value` to `text` as the inside of a JSON string, escaped exactly as `JSONEncoder` escapes it on
/// Linux and Apple platforms (`/` included), so request bodies are byte-identical everywhere (spec §3.1).
/// Shared by the GraphQL request body and the card-vault body.
func appendJSONEscaped(_ value: String, to text: inout String) {
    for scalar in value.unicodeScalars {
        switch scalar {
        case "\"": text += "\\\""
        case "\\": text += "\\\\"
        case "/": text += "\\/"
        case "\n": text += "\\n"
        case "\r": text += "\\r"
        case "\t": text += "\\t"
        case "\u{08}": text += "\\b"
        case "\u{0C}": text += "\\f"
        default:
            if scalar.value < 0x20 {
                let hex = String(scalar.value, radix: 16)
                text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            } else {
                text.unicodeScalars.append(scalar)
            }
        }
    }
}
