extension GraphQL {
    /// One field or inline fragment of a builder's selection set. A value, not an object: a query holds dozens
    /// and one is built on every request. It carries as few strings as it can, since each copy retains them all.
    struct Selection {
        /// The schema field name, or the type an inline fragment applies to.
        let name: String
        /// The alias as rendered before `:`; nil without one.
        let alias: String?
        /// The rendered argument list with its parentheses; nil without arguments.
        let arguments: String?
        /// The response key when it is not `name`: an aliased field, an inline fragment.
        private let otherKey: String?
        let isFragment: Bool
        var subfields: AbstractQuery?

        /// A field: `key` is `<name>__<aliasSuffix>` when aliased.
        init(field: String, key: String, alias: String?, arguments: String?, subfields: AbstractQuery?) {
            name = field
            self.alias = alias
            self.arguments = arguments
            otherKey = key == field ? nil : key
            isFragment = false
            self.subfields = subfields
        }

        /// An inline fragment on `type`, keyed `... on <type>`.
        init(fragmentOn type: String, subfields: AbstractQuery) {
            name = type
            alias = nil
            arguments = nil
            otherKey = "... on " + type
            isFragment = true
            self.subfields = subfields
        }

        /// The response key, unique within a selection set.
        var key: String { otherKey ?? name }
        /// The type of an inline fragment; nil for a field.
        var fragmentType: String? { isFragment ? name : nil }

        /// Whether the response key is `key`, without building the key (and retaining it) for the comparison.
        func hasKey(_ key: String) -> Bool {
            if let otherKey { return otherKey == key }
            return name == key
        }
    }

    /// The selections of one builder in insertion order, unique by response key. A value the builder changes in
    /// one access per added field (each access to a class's stored property is an exclusivity check).
    struct SelectionSet {
        private(set) var selections: [Selection] = []
        /// Response key → position, built only past `indexThreshold` selections: a scan of a few keys is cheaper
        /// than hashing every key of every nested builder (which was a fifth of building a query).
        private var positions: [String: Int]?
        private static let indexThreshold = 12

        /// What `insert` found.
        enum Outcome {
            /// The key was new and the selection was appended.
            case inserted
            /// The key was selected before; `existing` is that first selection, which keeps its place, and
            /// `incoming` the one handed back.
            case repeated(existing: Selection, position: Int, incoming: Selection)
        }

        /// Appends `selection` unless its key is taken. It is consumed, so the common case moves it in unretained.
        mutating func insert(_ selection: consuming Selection) -> Outcome {
            if let position = position(of: selection) {
                return .repeated(existing: selections[position], position: position, incoming: selection)
            }
            if selections.capacity == 0 { selections.reserveCapacity(8) }
            selections.append(selection)
            if positions != nil {
                positions?[selections[selections.count - 1].key] = selections.count - 1
            } else if selections.count > Self.indexThreshold {
                var index: [String: Int] = [:]
                index.reserveCapacity(selections.count * 2)
                for (position, member) in selections.enumerated() { index[member.key] = position }
                positions = index
            }
            return .inserted
        }

        /// Gives the selection at `position` the subfields it lacked.
        mutating func setSubfields(_ subfields: AbstractQuery, at position: Int) {
            selections[position].subfields = subfields
        }

        private func position(of selection: borrowing Selection) -> Int? {
            if let positions { return positions[selection.key] }
            let key = selection.key
            return selections.firstIndex { $0.hasKey(key) }
        }
    }
}
