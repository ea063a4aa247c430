import CommerceCore
import Foundation
import GraphQL

/// Turns GraphQLSwift's parse and validation errors into the graphql-ruby shapes the real service sends
/// (spec §4.2, G1–G9): message wording, `locations`, `path` from the operation root and `extensions`.
/// Errors of other rules keep GraphQLSwift's message with `locations` only.
struct ValidationErrorRewriter {
    let document: Document
    let body: String
    let schema: GraphQLSchema
    /// Field maps looked up so far, by type name: `fields()` runs the schema builder's thunk, which makes every
    /// field definition anew, and G5 looks up the fields of every selection for each error.
    let fieldMaps = FieldMapCache()

    final class FieldMapCache {
        var byTypeName: [String: GraphQLFieldMap] = [:]
    }

    /// G1: `Parse error on "<token>" (<KIND>) at [<line>, <column>]`, or `Unexpected end of document`.
    static func syntaxError(_ error: GraphQLError, body: String) -> JSONValue {
        let utf8 = Array(body.utf8)
        guard let offset = error.positions.first, let location = error.locations.first else {
            return ["message": .string(error.message)]
        }
        var index = offset
        while index < utf8.count, [0x20, 0x09, 0x0A, 0x0D, 0x2C].contains(utf8[index]) { index += 1 }
        guard index < utf8.count, let (token, kind) = Self.token(at: index, in: utf8) else {
            return ["message": "Unexpected end of document"]
        }
        return [
            "message": .string("Parse error on \"\(token)\" (\(kind)) at [\(location.line), \(location.column)]"),
            "locations": Self.locations(error),
        ]
    }

    private static let punctuators: [UInt8: String] = [
        UInt8(ascii: "{"): "LCURLY", UInt8(ascii: "}"): "RCURLY", UInt8(ascii: "("): "LPAREN",
        UInt8(ascii: ")"): "RPAREN",
        UInt8(ascii: "["): "LBRACKET", UInt8(ascii: "]"): "RBRACKET", UInt8(ascii: ":"): "COLON",
        UInt8(ascii: "!"): "BANG",
        UInt8(ascii: "$"): "DOLLAR", UInt8(ascii: "="): "EQUALS", UInt8(ascii: "@"): "AT", UInt8(ascii: "|"): "PIPE",
        UInt8(ascii: "&"): "AMP",
    ]

    private static func token(at index: Int, in utf8: [UInt8]) -> (String, String)? {
        let byte = utf8[index]
        if let kind = punctuators[byte] { return (String(UnicodeScalar(byte)), kind) }
        if byte == UInt8(ascii: ".") { return ("...", "ELLIPSIS") }
        func isNameByte(_ b: UInt8) -> Bool {
            b == 0x5F || (b >= 0x30 && b <= 0x39) || (b | 0x20 >= 0x61 && b | 0x20 <= 0x7A)
        }
        if byte == UInt8(ascii: "\"") {
            var end = index + 1
            while end < utf8.count, utf8[end] != UInt8(ascii: "\""), utf8[end] != 0x0A {
                end += utf8[end] == 0x5C ? 2 : 1
            }
            return (String(decoding: utf8[(index + 1)..<min(end, utf8.count)], as: UTF8.self), "STRING")
        }
        var end = index
        if byte == UInt8(ascii: "-") || (byte >= 0x30 && byte <= 0x39) {
            end += 1
            while end < utf8.count,
                (utf8[end] >= 0x30 && utf8[end] <= 0x39) || [0x2E, 0x65, 0x45, 0x2B, 0x2D].contains(utf8[end])
            { end += 1 }
            let text = String(decoding: utf8[index..<end], as: UTF8.self)
            return (text, text.contains(where: { ".eE".contains($0) }) ? "FLOAT" : "INT")
        }
        while end < utf8.count, isNameByte(utf8[end]) { end += 1 }
        if end == index { end = index + 1 }
        return (String(decoding: utf8[index..<end], as: UTF8.self), "NAME")
    }

    static func locations(_ error: GraphQLError) -> JSONValue {
        .array(error.locations.map { ["line": .integer(Int64($0.line)), "column": .integer(Int64($0.column))] })
    }

    /// Rewrites a list of validation errors; several missing arguments of one field merge into one entry (G3).
    func rewrite(_ errors: [GraphQLError]) -> [JSONValue] {
        var output: [JSONValue] = []
        var missingArguments: [(start: Int, field: String, arguments: [String], error: GraphQLError)] = []
        let directiveArguments = directiveArgumentStarts()
        for error in errors {
            // An unknown argument of a directive on a field also trips GraphQLSwift's field-argument rule, which
            // blames the field; DirectiveArgumentsRule reports it properly.
            if error.message.hasPrefix("Field \""), error.message.contains("does not have argument"),
                let start = position(of: error), directiveArguments.contains(start)
            {
                continue
            }
            if let match = Self.captures(error.message, #"^Field "(\w+)" argument "(\w+)" of type "[^"]*" is required"#)
            {
                let start = position(of: error) ?? -1
                if let index = missingArguments.firstIndex(where: { $0.start == start }) {
                    missingArguments[index].arguments.append(match[1])
                } else {
                    missingArguments.append((start, match[0], [match[1]], error))
                    output.append(.null)  // placeholder keeps the error's position in the list
                }
                continue
            }
            output.append(rewriteOne(error))
        }
        var placeholders = output.indices.filter { output[$0] == .null }.makeIterator()
        for missing in missingArguments {
            guard let index = placeholders.next() else { break }
            let arguments = missing.arguments.joined(separator: ", ")
            output[index] = entry(
                missing.error, "Field '\(missing.field)' is missing required arguments: \(arguments)",
                [
                    "code": "missingRequiredArguments", "className": "Field", "name": .string(missing.field),
                    "arguments": .string(arguments),
                ])
        }
        return output
    }

    private func rewriteOne(_ error: GraphQLError) -> JSONValue {
        let message = error.message
        if let m = Self.captures(message, #"^Cannot query field "(\w+)" on type "(\w+)""#) {
            return entry(
                error, "Field '\(m[0])' doesn't exist on type '\(m[1])'",
                ["code": "undefinedField", "typeName": .string(m[1]), "fieldName": .string(m[0])])
        }
        if let m = Self.captures(message, #"^Field "(\w+)" on type "\w+" does not have argument "(\w+)""#) {
            return entry(
                error, "Field '\(m[0])' doesn't accept argument '\(m[1])'",
                [
                    "code": "argumentNotAccepted", "name": .string(m[0]), "typeName": "Field",
                    "argumentName": .string(m[1]),
                ])
        }
        if let m = Self.captures(message, #"^Unknown argument "(\w+)" on directive "@(\w+)""#) {
            return entry(
                error, "Directive '\(m[1])' doesn't accept argument '\(m[0])'",
                [
                    "code": "argumentNotAccepted", "name": .string(m[1]), "typeName": "Directive",
                    "argumentName": .string(m[0]),
                ])
        }
        if let m = Self.captures(message, #"^Field "(\w+)" of type "([^"]+)" must have a selection of subfields"#) {
            let type = Self.namedType(m[1])
            return entry(
                error,
                "Field must have selections (field '\(m[0])' returns \(type) but has no selections. Did you mean '\(m[0]) { ... }'?)",
                ["code": "selectionMismatch", "nodeName": .string("field '\(m[0])'"), "typeName": .string(type)])
        }
        if let m = Self.captures(
            message, #"^Field "(\w+)" must not have a selection since type "([^"]+)" has no subfields"#)
        {
            let type = Self.namedType(m[1])
            let selections = (field(at: position(of: error))?.selectionSet?.selections ?? []).compactMap {
                ($0 as? Field)?.name.value
            }
            return entry(
                error,
                "Selections can't be made on scalars (field '\(m[0])' returns \(type) but has selections [\(selections.joined(separator: ", "))])",
                ["code": "selectionMismatch", "nodeName": .string("field '\(m[0])'"), "typeName": .string(type)])
        }
        if let m = Self.captures(message, #"^Unknown type "(\w+)""#) {
            return entry(
                error, "No such type \(m[0]), so it can't be a fragment condition",
                ["code": "undefinedType", "typeName": .string(m[0])])
        }
        if let m = Self.captures(
            message, #"cannot be spread here as objects of type "(\w+)" can never be of type "(\w+)""#)
        {
            return entry(
                error, "Fragment on \(m[1]) can't be spread inside \(m[0])",
                [
                    "code": "cannotSpreadFragment", "typeName": .string(m[1]), "fragmentName": "unknown",
                    "parentName": .string(m[0]),
                ])
        }
        if let argument = argumentContaining(error) {
            return entry(
                error,
                "Argument '\(argument.name)' on \(argument.kind) '\(argument.parent)' has an invalid value (\(argument.literal)). Expected type '\(argument.type)'.",
                [
                    "code": "argumentLiteralsIncompatible", "typeName": .string(argument.kind),
                    "argumentName": .string(argument.name),
                ])
        }
        return ["message": .string(message), "locations": Self.locations(error)]
    }

    /// Where the error points in the body: its position when GraphQLSwift kept one, else its first location.
    private func position(of error: GraphQLError) -> Int? {
        if let position = error.positions.first { return position }
        guard let location = error.locations.first else { return nil }
        var line = 1
        var offset = 0
        let utf8 = Array(body.utf8)
        while line < location.line, offset < utf8.count {
            if utf8[offset] == 0x0A { line += 1 }
            offset += 1
        }
        return offset + location.column - 1
    }

    private func entry(_ error: GraphQLError, _ message: String, _ extensions: JSONObject) -> JSONValue {
        var object: JSONObject = ["message": .string(message), "locations": Self.locations(error)]
        if let path = path(to: position(of: error)) { object["path"] = .array(path.map(JSONValue.string)) }
        object["extensions"] = .object(extensions)
        return .object(object)
    }

    private static func namedType(_ text: String) -> String {
        text.filter { !"[]!".contains($0) }
    }

    static func captures(_ text: String, _ pattern: String) -> [String]? {
        guard let regex = try? NSRegularExpression(pattern: pattern),
            let match = regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text))
        else { return nil }
        return (1..<match.numberOfRanges).compactMap { Range(match.range(at: $0), in: text).map { String(text[$0]) } }
    }

    // MARK: Paths

    /// Response-name path from the operation to the deepest field or inline fragment at or before `offset`.
    /// Only start offsets are used: GraphQLSwift's `Location.end` does not cover a node's selections.
    func path(to offset: Int?) -> [String]? {
        guard let offset else { return nil }
        let operations = document.definitions.compactMap { $0 as? OperationDefinition }
        guard let operation = operations.last(where: { ($0.loc?.start ?? .max) <= offset }) else { return nil }
        let root =
            operation.operation == .mutation
            ? "mutation" : operation.operation == .subscription ? "subscription" : "query"
        let start = [operation.name.map { "\(root) \($0.value)" } ?? root]
        return search(operation.selectionSet, path: start, offset: offset) ?? start
    }

    private func search(_ selectionSet: SelectionSet?, path: [String], offset: Int) -> [String]? {
        let candidates = (selectionSet?.selections ?? []).filter {
            ($0 as? Field)?.loc != nil || ($0 as? InlineFragment)?.loc != nil
        }
        guard let selection = candidates.last(where: { start(of: $0) <= offset }) else { return nil }
        if let field = selection as? Field {
            let fieldPath = path + [field.alias?.value ?? field.name.value]
            return search(field.selectionSet, path: fieldPath, offset: offset) ?? fieldPath
        }
        if let fragment = selection as? InlineFragment {
            let fragmentPath = path + [fragment.typeCondition.map { "... on \($0.name.value)" } ?? "..."]
            return search(fragment.selectionSet, path: fragmentPath, offset: offset) ?? fragmentPath
        }
        return nil
    }

    private func start(of selection: Selection) -> Int {
        (selection as? Field)?.loc?.start ?? (selection as? InlineFragment)?.loc?.start ?? .max
    }

    /// The field whose selection starts at `offset`.
    private func field(at offset: Int?) -> Field? {
        guard let offset else { return nil }
        var found: Field?
        func visit(_ selectionSet: SelectionSet?) {
            for selection in selectionSet?.selections ?? [] {
                if let field = selection as? Field {
                    // GraphQLSwift points at the field or, for scalar leafs, at its selection set.
                    if field.loc?.start == offset || field.selectionSet?.loc?.start == offset { found = field }
                    visit(field.selectionSet)
                } else if let fragment = selection as? InlineFragment {
                    visit(fragment.selectionSet)
                }
            }
        }
        for definition in document.definitions {
            if let operation = definition as? OperationDefinition { visit(operation.selectionSet) }
            if let fragment = definition as? FragmentDefinition { visit(fragment.selectionSet) }
        }
        return found
    }

    /// The argument (and the field or directive it belongs to) whose value holds the error's position, with the
    /// literal as written and the argument's declared type, found by walking the operation alongside the schema.
    private func argumentContaining(_ error: GraphQLError) -> (
        name: String, kind: String, parent: String, literal: String, type: String
    )? {
        guard let offset = position(of: error) else { return nil }
        var found: (String, String, String, String, String)?
        var bestStart = -1
        func visit(_ directives: [Directive]) {
            for directive in directives {
                let definition = schema.getDirective(name: directive.name.value)
                for argument in directive.arguments {
                    guard let start = argument.value.loc?.start, start <= offset, start > bestStart else { continue }
                    bestStart = start
                    let type = definition?.args.first { $0.name == argument.name.value }.map { "\($0.type)" } ?? "?"
                    found = (argument.name.value, "Directive", directive.name.value, print(ast: argument.value), type)
                }
            }
        }
        func fields(of typeName: String?) -> GraphQLFieldMap {
            guard let typeName else { return [:] }
            if let known = fieldMaps.byTypeName[typeName] { return known }
            var map: GraphQLFieldMap = [:]
            if let object = schema.getType(name: typeName) as? GraphQLObjectType {
                map = (try? object.fields()) ?? [:]
            } else if let interface = schema.getType(name: typeName) as? GraphQLInterfaceType {
                map = (try? interface.fields()) ?? [:]
            }
            fieldMaps.byTypeName[typeName] = map
            return map
        }
        func visit(_ selectionSet: SelectionSet?, parent: String?) {
            for selection in selectionSet?.selections ?? [] {
                if let field = selection as? Field {
                    let definition = fields(of: parent)[field.name.value]
                    for argument in field.arguments {
                        guard let start = argument.value.loc?.start, start <= offset, start > bestStart else {
                            continue
                        }
                        bestStart = start
                        let type = definition?.args[argument.name.value].map { "\($0.type)" } ?? "?"
                        found = (argument.name.value, "Field", field.name.value, print(ast: argument.value), type)
                    }
                    visit(field.directives)
                    visit(field.selectionSet, parent: definition.map { Self.namedTypeName($0.type) })
                } else if let fragment = selection as? InlineFragment {
                    visit(fragment.directives)
                    visit(fragment.selectionSet, parent: fragment.typeCondition?.name.value ?? parent)
                } else if let spread = selection as? FragmentSpread {
                    visit(spread.directives)
                }
            }
        }
        for definition in document.definitions {
            if let operation = definition as? OperationDefinition {
                let root = operation.operation == .mutation ? schema.mutationType?.name : schema.queryType?.name
                visit(operation.directives)
                visit(operation.selectionSet, parent: root)
            }
            if let fragment = definition as? FragmentDefinition {
                visit(fragment.directives)
                visit(fragment.selectionSet, parent: fragment.typeCondition.name.value)
            }
        }
        return found.map { (name: $0.0, kind: $0.1, parent: $0.2, literal: $0.3, type: $0.4) }
    }

    /// Where each argument of each directive in the document starts.
    private func directiveArgumentStarts() -> Set<Int> {
        var starts = Set<Int>()
        func add(_ directives: [Directive]) {
            for directive in directives { starts.formUnion(directive.arguments.compactMap { $0.loc?.start }) }
        }
        func visit(_ selectionSet: SelectionSet?) {
            for selection in selectionSet?.selections ?? [] {
                if let field = selection as? Field {
                    add(field.directives)
                    visit(field.selectionSet)
                } else if let fragment = selection as? InlineFragment {
                    add(fragment.directives)
                    visit(fragment.selectionSet)
                } else if let spread = selection as? FragmentSpread {
                    add(spread.directives)
                }
            }
        }
        for definition in document.definitions {
            if let operation = definition as? OperationDefinition {
                add(operation.directives)
                visit(operation.selectionSet)
            }
            if let fragment = definition as? FragmentDefinition {
                add(fragment.directives)
                visit(fragment.selectionSet)
            }
        }
        return starts
    }

    private static func namedTypeName(_ type: GraphQLType) -> String {
        if let nonNull = type as? GraphQLNonNull { return namedTypeName(nonNull.ofType) }
        if let list = type as? GraphQLList { return namedTypeName(list.ofType) }
        return (type as? GraphQLNamedType)?.name ?? ""
    }
}
