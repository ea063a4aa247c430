import CommerceCore
import Foundation

/// The `query:` search syntax of `products`, `collections` and `Customer.orders` (spec §5.6): fuzzy free
/// terms, exact `field:value`, comparisons `:<` `:>` `:<=` `:>=`, exists `field:*`, negation with `-`/`NOT`,
/// `AND` (or juxtaposition), `OR`, and parentheses. Parsing never fails: odd input degrades to free terms.
struct SearchQuery: Sendable {
    enum Comparison: String, Sendable {
        case equal = ""
        case less = "<"
        case greater = ">"
        case lessOrEqual = "<="
        case greaterOrEqual = ">="
    }

    indirect enum Node: Sendable {
        case all
        case and([Node])
        case or([Node])
        case not(Node)
        case free(String)
        case field(name: String, comparison: Comparison, value: String, exists: Bool)
    }

    /// The value a record exposes for a searchable field.
    enum FieldValue {
        case text([String])
        case date(Date?)
        case cents([Int64])
    }

    let root: Node

    /// Parses `text`; field names outside `fields` make the whole token a free term.
    init(_ text: String?, fields: Set<String>) {
        var parser = Parser(tokens: Self.tokenize(text ?? ""), fields: fields)
        root = parser.parseTop()
    }

    var isEmpty: Bool { if case .all = root { true } else { false } }

    /// Whether a record matches. `freeText` holds the record's text fields; `value` answers field terms.
    func matches(freeText: [String], value: (String) -> FieldValue?) -> Bool {
        Self.evaluate(root, freeText: freeText.map { $0.lowercased() }, value: value)
    }

    /// How many free terms of the query the record matches, for `sortKey: RELEVANCE`.
    func relevance(freeText: [String]) -> Int64 {
        let lowered = freeText.map { $0.lowercased() }
        return Int64(Self.freeTerms(root).filter { term in lowered.contains { $0.contains(term) } }.count)
    }

    // MARK: Evaluation

    private static func evaluate(_ node: Node, freeText: [String], value: (String) -> FieldValue?) -> Bool {
        switch node {
        case .all: return true
        case .and(let nodes): return nodes.allSatisfy { evaluate($0, freeText: freeText, value: value) }
        case .or(let nodes): return nodes.contains { evaluate($0, freeText: freeText, value: value) }
        case .not(let inner): return !evaluate(inner, freeText: freeText, value: value)
        case .free(let term): return freeText.contains { $0.contains(term) }
        case .field(let name, let comparison, let text, let exists):
            guard let fieldValue = value(name) else { return false }
            if exists {
                switch fieldValue {
                case .text(let values): return values.contains { !$0.isEmpty }
                case .date(let date): return date != nil
                case .cents(let values): return !values.isEmpty
                }
            }
            return compare(fieldValue, comparison, text)
        }
    }

    private static func compare(_ fieldValue: FieldValue, _ comparison: Comparison, _ text: String) -> Bool {
        switch fieldValue {
        case .text(let values):
            let wanted = text.lowercased()
            return values.contains { check($0.lowercased(), comparison, wanted) }
        case .date(let date):
            guard let date, let wanted = parseDate(text) else { return false }
            return check(date, comparison, wanted)
        case .cents(let values):
            guard let wanted = StorefrontFormat.cents(text) else { return false }
            return values.contains { check($0, comparison, wanted) }
        }
    }

    private static func check<T: Comparable>(_ value: T, _ comparison: Comparison, _ wanted: T) -> Bool {
        switch comparison {
        case .equal: value == wanted
        case .less: value < wanted
        case .greater: value > wanted
        case .lessOrEqual: value <= wanted
        case .greaterOrEqual: value >= wanted
        }
    }

    /// A full ISO-8601 instant, or a date alone meaning midnight UTC.
    static func parseDate(_ text: String) -> Date? {
        if let instant = ISO8601.parse(text) { return instant }
        return ISO8601.parse(text + "T00:00:00Z")
    }

    private static func freeTerms(_ node: Node) -> [String] {
        switch node {
        case .all, .field: []
        case .free(let term): [term]
        case .not(let inner): freeTerms(inner)
        case .and(let nodes), .or(let nodes): nodes.flatMap(freeTerms)
        }
    }

    // MARK: Tokens

    enum Token: Equatable {
        case open, close
        case word(String)
    }

    /// Splits on whitespace and parentheses; a quoted stretch (spaces and parentheses included) stays in its word.
    static func tokenize(_ text: String) -> [Token] {
        var tokens: [Token] = []
        var word = ""
        var quoted = false
        func flush() {
            if !word.isEmpty { tokens.append(.word(word)) }
            word = ""
        }
        for character in text {
            if quoted {
                word.append(character)
                if character == "\"" { quoted = false }
                continue
            }
            switch character {
            case "\"":
                word.append(character)
                quoted = true
            case "(":
                flush()
                tokens.append(.open)
            case ")":
                flush()
                tokens.append(.close)
            case _ where character.isWhitespace: flush()
            default: word.append(character)
            }
        }
        flush()
        return tokens
    }

    static func unquote(_ text: String) -> String {
        var value = text
        if value.hasPrefix("\"") { value.removeFirst() }
        if value.hasSuffix("\"") { value.removeLast() }
        return value
    }

    // MARK: Parser

    private struct Parser {
        let tokens: [Token]
        let fields: Set<String>
        var index = 0
        var depth = 0

        init(tokens: [Token], fields: Set<String>) {
            self.tokens = tokens
            self.fields = fields
        }

        mutating func parseTop() -> Node {
            var parts: [Node] = []
            while index < tokens.count {
                if tokens[index] == .close {
                    index += 1
                    continue
                }  // a stray `)` is ignored
                parts.append(parseOr())
            }
            if parts.isEmpty { return .all }
            return parts.count == 1 ? parts[0] : .and(parts)
        }

        mutating func parseOr() -> Node {
            var alternatives = [parseAnd()]
            while index < tokens.count, tokens[index] == .word("OR") {
                index += 1
                alternatives.append(parseAnd())
            }
            return alternatives.count == 1 ? alternatives[0] : .or(alternatives)
        }

        mutating func parseAnd() -> Node {
            var parts: [Node] = []
            while index < tokens.count {
                switch tokens[index] {
                case .close:
                    if depth > 0 { return combine(parts) }
                    index += 1
                case .word("OR"):
                    return combine(parts)
                case .word("AND"):
                    index += 1
                default:
                    parts.append(parseUnary())
                }
            }
            return combine(parts)
        }

        private func combine(_ parts: [Node]) -> Node {
            if parts.isEmpty { return .all }
            return parts.count == 1 ? parts[0] : .and(parts)
        }

        mutating func parseUnary() -> Node {
            guard index < tokens.count else { return .all }
            switch tokens[index] {
            case .word("NOT"), .word("-"):
                index += 1
                return .not(parseUnary())
            case .word(let word) where word.hasPrefix("-") && word.count > 1:
                index += 1
                return .not(term(String(word.dropFirst())))
            default:
                return parsePrimary()
            }
        }

        mutating func parsePrimary() -> Node {
            switch tokens[index] {
            case .open:
                index += 1
                depth += 1
                let inner = parseOr()
                depth -= 1
                if index < tokens.count, tokens[index] == .close { index += 1 }  // unbalanced `(` closes at the end
                return inner
            case .word(let word):
                index += 1
                return term(word)
            case .close:
                index += 1
                return .all
            }
        }

        func term(_ word: String) -> Node {
            if let colon = word.firstIndex(of: ":"), !word.hasPrefix("\"") {
                let name = String(word[..<colon])
                if fields.contains(name) {
                    var rest = String(word[word.index(after: colon)...])
                    var comparison = Comparison.equal
                    for candidate in [Comparison.lessOrEqual, .greaterOrEqual, .less, .greater]
                    where rest.hasPrefix(candidate.rawValue) {
                        comparison = candidate
                        rest.removeFirst(candidate.rawValue.count)
                        break
                    }
                    if rest == "*" { return .field(name: name, comparison: .equal, value: "", exists: true) }
                    return .field(name: name, comparison: comparison, value: SearchQuery.unquote(rest), exists: false)
                }
            }
            return .free(SearchQuery.unquote(word).lowercased())
        }
    }
}
