import CommerceCore

/// Appends `value` to `text` as the inside of a JSON string, escaped exactly as `JSONEncoder` escapes it on
/// Linux and Apple platforms (`/` included), so request bodies are byte-identical everywhere (spec §3.1).
/// Shared by the GraphQL request body and the card-vault body; the escaping itself is CommerceCore's.
func appendJSONEscaped(_ value: String, to text: inout String) {
    JSONEscaping.append(value, to: &text, escapingSolidus: true)
}
