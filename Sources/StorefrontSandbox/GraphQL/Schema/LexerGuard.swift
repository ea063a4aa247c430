/// Keeps GraphQLSwift's lexer away from a trap. It reads the four hex digits of a `\u` escape without checking
/// for the end of the document, so a body ending fewer than four bytes after `\u` stopped the whole sandbox.
/// The `graphql-document` fuzz target found it with `query QField "} \u`.
enum LexerGuard {
    /// `text` as it is, or with four spaces added when its last five bytes hold a `\u`.
    ///
    /// Such a document is a syntax error whatever follows the `\u`: it is an unterminated string or a bad escape.
    /// With the spaces, the lexer reports the bad escape at its position in the document as sent, which is where
    /// the error points. Trailing spaces change nothing else, so a `\u` at the end of a comment leaves a valid
    /// document valid.
    static func lexable(_ text: String) -> String {
        let tail = Array(text.utf8.suffix(5))
        let cutEscape = tail.indices.dropLast().contains {
            tail[$0] == UInt8(ascii: "\\") && tail[$0 + 1] == UInt8(ascii: "u")
        }
        return cutEscape ? text + "    " : text
    }
}
