/// A single pass over a GraphQL document's bytes that finds the deepest nesting of `{`, `(` and `[`,
/// ignoring string literals, block strings and comments.
///
/// Why: GraphQLSwift's parser recurses once per nesting level with no limit, so a 1 MiB body of
/// `{a{a{a…` overflows the thread's stack before the G10 depth check (which needs the parsed document)
/// can run. This scan is cheap, allocates nothing, and lets the endpoint refuse such documents first.
enum DocumentNestingScan {
    /// Nesting of any bracket kind above this is refused before parsing. It is well above what a
    /// document within G10's 50 selection levels needs (inline fragments and argument values add a few
    /// levels each) and far below the depth at which the parser runs out of stack (about 1,800 levels
    /// on a Swift concurrency thread in a debug build).
    static let maximumNesting = 256

    /// The deepest bracket nesting in `document`. Brackets inside strings and comments do not count;
    /// a closing bracket without an opener is ignored. Scanning stops at an unterminated string,
    /// because the parser stops there too.
    static func deepestNesting(of document: String) -> Int {
        var text = document
        return text.withUTF8 { deepestNesting(of: $0) }
    }

    static func deepestNesting(of bytes: UnsafeBufferPointer<UInt8>) -> Int {
        let quote = UInt8(ascii: "\"")
        let backslash = UInt8(ascii: "\\")
        let hash = UInt8(ascii: "#")
        let lineFeed = UInt8(ascii: "\n")
        let carriageReturn = UInt8(ascii: "\r")
        let count = bytes.count
        var index = 0
        var depth = 0
        var deepest = 0
        while index < count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "{"), UInt8(ascii: "("), UInt8(ascii: "["):
                depth += 1
                if depth > deepest { deepest = depth }
                index += 1
            case UInt8(ascii: "}"), UInt8(ascii: ")"), UInt8(ascii: "]"):
                if depth > 0 { depth -= 1 }
                index += 1
            case hash:
                // Comment: runs to the end of the line.
                while index < count, bytes[index] != lineFeed, bytes[index] != carriageReturn { index += 1 }
            case quote:
                if index + 2 < count, bytes[index + 1] == quote, bytes[index + 2] == quote {
                    // Block string: ends at the next `"""` not preceded by a backslash (`\"""` is an escape).
                    index += 3
                    var closed = false
                    while index < count {
                        if bytes[index] == backslash, index + 3 < count,
                            bytes[index + 1] == quote, bytes[index + 2] == quote, bytes[index + 3] == quote
                        {
                            index += 4
                        } else if bytes[index] == quote, index + 2 < count,
                            bytes[index + 1] == quote, bytes[index + 2] == quote
                        {
                            index += 3
                            closed = true
                            break
                        } else {
                            index += 1
                        }
                    }
                    if !closed { return deepest }
                } else {
                    // Plain string: escapes skip one byte; a line end means it is unterminated.
                    index += 1
                    var closed = false
                    while index < count {
                        let inner = bytes[index]
                        if inner == backslash {
                            index += 2
                        } else if inner == quote {
                            index += 1
                            closed = true
                            break
                        } else if inner == lineFeed || inner == carriageReturn {
                            break
                        } else {
                            index += 1
                        }
                    }
                    if !closed { return deepest }
                }
            default:
                index += 1
            }
        }
        return deepest
    }
}
