/// User errors of one mutation (spec §4 "UE"): the coded list (`CartUserError`, `CustomerUserError`) and,
/// where the payload has it, the deprecated `userErrors: [UserError!]!` mirror without `code`.
struct UserErrorList {
    struct Entry {
        let code: String?
        let field: [String]
        let message: String
    }

    let codedType: String
    private(set) var entries: [Entry] = []

    init(codedType: String) { self.codedType = codedType }

    var isEmpty: Bool { entries.isEmpty }

    mutating func add(_ code: String?, _ field: [String], _ message: String) {
        entries.append(Entry(code: code, field: field, message: message))
    }

    /// The coded entries.
    var coded: [(any Sendable)?] {
        entries.map { GraphObject(codedType, ["code": $0.code, "field": graphList($0.field), "message": $0.message]) }
    }

    /// The same entries as plain `UserError`s.
    var mirrored: [(any Sendable)?] {
        entries.map { GraphObject("UserError", ["field": graphList($0.field), "message": $0.message]) }
    }
}
