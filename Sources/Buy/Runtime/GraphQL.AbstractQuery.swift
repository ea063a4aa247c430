import Foundation
import Logging

extension GraphQL {
    /// The base of every generated query builder: an ordered selection set that renders to compact
    /// GraphQL text. Prefer the generated subclasses; this class is public so hand-built selections work.
    ///
    /// Selecting the same response key twice merges the two selections in insertion order, so a query
    /// always renders to the same text (and the same `X-Query-Tag`) on every run.
    open class AbstractQuery: CustomStringConvertible {
        private static let logger = Logger(label: "CommerceKit.Buy")

        private var selectionSet = SelectionSet()
        /// The selections in insertion order.
        var selections: [Selection] { selectionSet.selections }

        /// Directives rendered between the operation keyword and the selection set. Only the two root
        /// builders (`query` and `mutation`) render them.
        public var directives: [AbstractDirective] = []

        /// `query` or `mutation` for the root builders; `nil` for nested selections. Open (as SPI, not API) so
        /// models generated into another module can override it.
        @_spi(GeneratedModels) open var operationKeyword: String? { nil }

        /// The GraphQL type this builder selects from, used in error reports.
        @_spi(GeneratedModels) open var selectedTypeName: String { "" }

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
            add(Selection(field: field, key: key, alias: alias, arguments: args, subfields: subfields))
        }

        /// Adds an inline fragment (`... on Type{…}`) that applies only when the object is of `type`.
        public func addInlineFragment(on type: String, subfields: AbstractQuery) {
            add(Selection(fragmentOn: type, subfields: subfields))
        }

        private func add(_ selection: consuming Selection) {
            guard case .repeated(let existing, let position, let selection) = selectionSet.insert(selection) else {
                return
            }
            if existing.name != selection.name || existing.arguments != selection.arguments {
                Self.logger.warning(
                    "Selection \(selection.key) repeated with a different field or arguments; keeping the first.")
            }
            guard let incoming = selection.subfields else { return }
            if let current = existing.subfields {
                if current !== incoming { current.merge(incoming) }
            } else {
                selectionSet.setSubfields(incoming, at: position)
            }
        }

        private func merge(_ other: AbstractQuery) {
            for selection in other.selections { add(selection) }
        }

        /// The rendered query: the selection set, prefixed with the operation keyword and directives for
        /// the root builders.
        public var description: String {
            var output: [UInt8] = []
            // Written as bytes and decoded once: appending dozens of short strings to a String cost a third of
            // building and rendering a query.
            output.reserveCapacity(512)
            if let keyword = operationKeyword {
                output.append(contentsOf: keyword.utf8)
                output.append(UInt8(ascii: " "))
                if !directives.isEmpty {
                    output.append(contentsOf: directives.map(\.description).joined(separator: " ").utf8)
                    output.append(UInt8(ascii: " "))
                }
            }
            renderSelectionSet(into: &output)
            return String(decoding: output, as: UTF8.self)
        }

        func renderSelectionSet(into output: inout [UInt8]) {
            output.append(UInt8(ascii: "{"))
            let selections = selectionSet.selections
            // By index, reading only the members rendered, rather than copying (and retaining) each selection.
            for index in selections.indices {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                if selections[index].isFragment {
                    output.append(contentsOf: "... on ".utf8)
                } else if let alias = selections[index].alias {
                    output.append(contentsOf: alias.utf8)
                    output.append(UInt8(ascii: ":"))
                }
                output.append(contentsOf: selections[index].name.utf8)
                if let arguments = selections[index].arguments { output.append(contentsOf: arguments.utf8) }
                selections[index].subfields?.renderSelectionSet(into: &output)
            }
            output.append(UInt8(ascii: "}"))
        }
    }
}

extension GraphQL.AbstractQuery: Equatable {
    /// Two builders are equal when they render the same text.
    public static func == (lhs: GraphQL.AbstractQuery, rhs: GraphQL.AbstractQuery) -> Bool {
        lhs.description == rhs.description
    }
}
