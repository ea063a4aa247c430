/// Naming rules: keyword escaping, enum case names and the prefixes of generated members.
enum SwiftNames {
    static let keywords: Set<String> = [
        "associatedtype", "borrowing", "class", "consuming", "deinit", "enum", "extension", "fileprivate", "func",
        "import", "init", "inout", "internal", "let", "nonisolated", "open", "operator", "private", "precedencegroup",
        "protocol", "public", "rethrows", "static", "struct", "subscript", "typealias", "var", "break", "case",
        "catch", "continue", "default", "defer", "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat",
        "return", "throw", "switch", "where", "while", "Any", "as", "await", "false", "is", "nil", "self", "Self",
        "super", "throws", "true", "try", "Type", "Protocol",
    ]

    /// Names the runtime's response base class already uses.
    static let reservedResponseMembers: Set<String> = [
        "rawFields", "typeName", "hasField", "fieldValue", "storage", "raw", "readField", "deserializeValue",
    ]

    /// Names the runtime's query base class already uses.
    static let reservedQueryMembers: Set<String> = [
        "addField", "addInlineFragment", "directives", "selections", "operationKeyword", "selectedTypeName",
        "renderSelectionSet",
    ]

    static func escaped(_ name: String) -> String {
        keywords.contains(name) ? "`\(name)`" : name
    }

    static func isIdentifier(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, first == "_" || first.properties.isAlphabetic else { return false }
        return name.unicodeScalars.allSatisfy { $0 == "_" || $0.properties.isAlphabetic || ("0"..."9").contains($0) }
    }

    /// `BEST_SELLING` → `bestSelling`, `MODEL_3D` → `model3d`, `US` → `us`.
    static func enumCaseName(_ raw: String) -> String {
        let parts = raw.split(separator: "_", omittingEmptySubsequences: true).map(String.init)
        guard let head = parts.first else { return "_" }
        var name = head.lowercased()
        for part in parts.dropFirst() {
            name += part.prefix(1).uppercased() + part.dropFirst().lowercased()
        }
        if let first = name.unicodeScalars.first, ("0"..."9").contains(first) { name = "_" + name }
        return escaped(name)
    }

    /// `title` → `Title`, for `aliasedTitle` and `onProduct`.
    static func capitalized(_ name: String) -> String {
        name.prefix(1).uppercased() + name.dropFirst()
    }

    /// The text of a Swift string literal (no interpolation, escapes for quotes and backslashes).
    static func literal(_ text: String) -> String {
        var output = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": output += "\\\\"
            case "\"": output += "\\\""
            case "\n": output += "\\n"
            default: output.unicodeScalars.append(scalar)
            }
        }
        return output + "\""
    }
}
