import GraphQL

/// G10's measures of a parsed document, computed without recursing across fragment spreads.
///
/// Why: a spread chain (`fragment F0 on Shop{...F1} fragment F1 on Shop{...F2} …`) is flat text, so the
/// bracket pre-scan lets it through, yet anything that follows spreads recursively (this measure once did,
/// and so does GraphQLSwift's fragment-cycle rule) recursed once per link and overflowed the stack at a few
/// thousand links. Fragments are measured in dependency order instead, each exactly once.
struct DocumentDepth {
    /// Deepest field nesting of any operation, following named fragments (inline fragments add no level).
    let selectionDepth: Int
    /// Longest chain of fragments spreading fragments, plus the number of fragments caught in or behind a
    /// spread cycle (which a depth-first walk may also follow one by one).
    let spreadNesting: Int

    init(_ document: Document) {
        var fragments: [(name: String, selectionSet: SelectionSet)] = []
        var index: [String: Int] = [:]
        for case let fragment as FragmentDefinition in document.definitions where index[fragment.name.value] == nil {
            index[fragment.name.value] = fragments.count
            fragments.append((fragment.name.value, fragment.selectionSet))
        }
        // Which defined fragments each fragment spreads, and who waits on whom.
        var spreads: [[Int]] = []
        var dependents = [[Int]](repeating: [], count: fragments.count)
        var waiting = [Int](repeating: 0, count: fragments.count)
        for (position, fragment) in fragments.enumerated() {
            var names = Set<String>()
            Self.collectSpreads(fragment.selectionSet, into: &names)
            let targets = names.compactMap { index[$0] }.sorted()
            spreads.append(targets)
            waiting[position] = targets.count
            for target in targets { dependents[target].append(position) }
        }
        // Kahn's order: a fragment is measured once every fragment it spreads has been.
        var depths: [String: Int] = [:]
        var chain = [Int](repeating: 0, count: fragments.count)
        var ready = waiting.indices.filter { waiting[$0] == 0 }
        var measured = [Bool](repeating: false, count: fragments.count)
        var next = 0
        while next < ready.count {
            let position = ready[next]
            next += 1
            measured[position] = true
            depths[fragments[position].name] = Self.depth(fragments[position].selectionSet, fragmentDepths: depths)
            chain[position] = 1 + (spreads[position].map { chain[$0] }.max() ?? 0)
            for dependent in dependents[position] {
                waiting[dependent] -= 1
                if waiting[dependent] == 0 { ready.append(dependent) }
            }
        }
        // Fragments in or behind a cycle (a validation error later): measured with what is known.
        var unresolved = 0
        for position in fragments.indices where !measured[position] {
            unresolved += 1
            depths[fragments[position].name] = Self.depth(fragments[position].selectionSet, fragmentDepths: depths)
        }
        spreadNesting = (chain.max() ?? 0) + unresolved
        selectionDepth =
            document.definitions.compactMap { definition in
                (definition as? OperationDefinition).map { Self.depth($0.selectionSet, fragmentDepths: depths) }
            }.max() ?? 0
    }

    /// Field nesting of one selection set; a spread contributes its fragment's measured depth (0 if unknown).
    /// Recurses only through fields and inline fragments, whose nesting the bracket pre-scan has bounded.
    private static func depth(_ selectionSet: SelectionSet?, fragmentDepths: [String: Int]) -> Int {
        var deepest = 0
        for selection in selectionSet?.selections ?? [] {
            if let field = selection as? Field {
                deepest = max(deepest, 1 + depth(field.selectionSet, fragmentDepths: fragmentDepths))
            } else if let fragment = selection as? InlineFragment {
                deepest = max(deepest, depth(fragment.selectionSet, fragmentDepths: fragmentDepths))
            } else if let spread = selection as? FragmentSpread {
                deepest = max(deepest, fragmentDepths[spread.name.value] ?? 0)
            }
        }
        return deepest
    }

    private static func collectSpreads(_ selectionSet: SelectionSet?, into names: inout Set<String>) {
        for selection in selectionSet?.selections ?? [] {
            if let field = selection as? Field {
                collectSpreads(field.selectionSet, into: &names)
            } else if let fragment = selection as? InlineFragment {
                collectSpreads(fragment.selectionSet, into: &names)
            } else if let spread = selection as? FragmentSpread {
                names.insert(spread.name.value)
            }
        }
    }
}
