import Foundation
import Logging

extension GraphQL {
    /// The base of every generated query builder: an ordered selection set that renders to compact
    /// GraphQL text. Prefer the generated subclasses; this class is public so hand-built selections work.
    ///
    /// Selecting the same response key twice merges the two selections in insertion order, so a query
    /// always renders to the same text (and the same `X-Query-Tag`) on every run.
    open class AbstractQuery: CustomStringConvertible {
        final class Selection {
            let key: String
            let name: String
            let alias: String?
            let arguments: String?
            let fragmentType: String?
            var subfields: AbstractQuery?

            init(
                key: String, name: String, alias: String?, arguments: String?, fragmentType: String?,
                subfields: AbstractQuery?
            ) {
                self.key = key
                self.name = name
                self.alias = alias
                self.arguments = arguments
                self.fragmentType = fragmentType
                self.subfields = subfields
            }
        }

        private static let logger = Logger(label: "CommerceKit.Buy")

        private(set) var selections: [Selection] = []
        private var positions: [String: Int] = [:]

        /// Directives rendered between the operation keyword and the selection set. Only the two root
        /// builders (`query` and `mutation`) render them.
        public var directives: [AbstractDirective] = []

        /// `query` or `mutation` for the root builders; `nil` for nested selections.
        var operationKeyword: String? { nil }

        /// The GraphQL type this builder selects from, used in error reports.
        var selectedTypeName: String { "" }

        /// Creates an empty selection set.
        public init() {}

        /// Adds a field to the selection set.
        /// - Parameters:
        ///   - field: the schema field name.
        ///   - aliasSuffix: when given, the field is answered under the key `<field>__<aliasSuffix>`.
        ///   - args: the rendered argument list including its parentheses, for example `(first:10)`.
        ///   - subfields: the nested selection for an object-typed field.
        public func addField(
            field: String, aliasSuffix: String? = nil, args: String? = nil, subfields: AbstractQuery? = nil
        ) {
            let key = aliasSuffix.map { "\(field)__\($0)" } ?? field
            // An alias that is not a GraphQL name is rendered with a problem marker the client refuses.
            let alias = aliasSuffix.map { suffix in
                GraphQL.DocumentProblem.isValidAliasSuffix(suffix)
                    ? key : GraphQL.DocumentProblem.invalidAliasSuffix(suffix).marker
            }
            add(
                Selection(key: key, name: field, alias: alias, arguments: args, fragmentType: nil, subfields: subfields)
            )
        }

        /// Adds an inline fragment (`... on Type{…}`) that applies only when the object is of `type`.
        public func addInlineFragment(on type: String, subfields: AbstractQuery) {
            add(
                Selection(
                    key: "... on \(type)", name: type, alias: nil, arguments: nil, fragmentType: type,
                    subfields: subfields))
        }

        private func add(_ selection: Selection) {
            guard let position = positions[selection.key] else {
                positions[selection.key] = selections.count
                selections.append(selection)
                return
            }
            let existing = selections[position]
            if existing.name != selection.name || existing.arguments != selection.arguments {
                Self.logger.warning(
                    "Selection \(selection.key) repeated with a different field or arguments; keeping the first.")
            }
            guard let incoming = selection.subfields else { return }
            if let current = existing.subfields {
                if current !== incoming { current.merge(incoming) }
            } else {
                existing.subfields = incoming
            }
        }

        private func merge(_ other: AbstractQuery) {
            for selection in other.selections {
                add(
                    Selection(
                        key: selection.key, name: selection.name, alias: selection.alias,
                        arguments: selection.arguments,
                        fragmentType: selection.fragmentType, subfields: selection.subfields))
            }
        }

        /// The rendered query: the selection set, prefixed with the operation keyword and directives for
        /// the root builders.
        public var description: String {
            var output = ""
            output.reserveCapacity(128)
            if let keyword = operationKeyword {
                output += keyword
                output += " "
                if !directives.isEmpty {
                    output += directives.map(\.description).joined(separator: " ")
                    output += " "
                }
            }
            renderSelectionSet(into: &output)
            return output
        }

        func renderSelectionSet(into output: inout String) {
            output += "{"
            var first = true
            for selection in selections {
                if !first { output += "," }
                first = false
                if let type = selection.fragmentType {
                    output += "... on "
                    output += type
                } else {
                    if let alias = selection.alias {
                        output += alias
                        output += ":"
                    }
                    output += selection.name
                    if let arguments = selection.arguments { output += arguments }
                }
                selection.subfields?.renderSelectionSet(into: &output)
            }
            output += "}"
        }
    }
}

extension GraphQL.AbstractQuery: Equatable {
    /// Two builders are equal when they render the same text.
    public static func == (lhs: GraphQL.AbstractQuery, rhs: GraphQL.AbstractQuery) -> Bool {
        lhs.description == rhs.description
    }
}
