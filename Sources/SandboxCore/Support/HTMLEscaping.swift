/// Text made safe to place in HTML, in element content or a quoted attribute: the five characters that
/// could end either are written as character references. Every server-rendered sandbox page (the console's and
/// the services') escapes through this one function.
package enum HTMLEscaping {
    package static func escape(_ text: String) -> String {
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            default: escaped.append(character)
            }
        }
        return escaped
    }
}
