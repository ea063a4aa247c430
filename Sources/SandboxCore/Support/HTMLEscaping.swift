/// Text made safe to place in HTML, in element content or a quoted attribute: the five characters that
/// could end either are written as character references. Server-rendered sandbox pages (the console, the
/// simulated ATH Móvil app, Storefront's cart page) all escape through this one function.
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
