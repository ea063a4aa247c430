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
    /// Fragment walks a traversal makes that follows every spread where it occurs, as GraphQLSwift's
    /// `collectFields` and the sandbox's `QueryPlanner` do: each keeps its visited set per path, so a fragment
    /// reached along two paths is walked twice, and a chain of fragments each spreading the next level twice
    /// (through two others) costs 2^n walks from 3n short fragments. Counted per operation, largest wins; stops
    /// counting just above ``maximumSpreadExpansion``.
    let spreadExpansion: Int
    /// Above this many fragment walks a document is refused (sandbox limit, Rules/Storefront.md §4.2).
    static let maximumSpreadExpansion = 10_000

    init(_ document: Document) {
        var fragments: [(name: String, selectionSet: SelectionSet)] = []
        var index: [String: Int] = [:]
        for case let fragment as FragmentDefinition in document.definitions where index[fragment.name.value] == nil {
            index[fragment.name.value] = fragments.count
            fragments.append((fragment.name.value, fragment.selectionSet))
        }
        // Which defined fragments each fragment spreads, and who waits on whom.
        var spreads: [[Int]] = []
        var spreadCounts: [[String: Int]] = []
        var dependents = [[Int]](repeating: [], count: fragments.count)
        var waiting = [Int](repeating: 0, count: fragments.count)
        for (position, fragment) in fragments.enumerated() {
            var counts: [String: Int] = [:]
            Self.collectSpreads(fragment.selectionSet, into: &counts)
            let targets = counts.keys.compactMap { index[$0] }.sorted()
            spreads.append(targets)
            spreadCounts.append(counts)
            waiting[position] = targets.count
            for target in targets { dependents[target].append(position) }
        }
        // Kahn's order: a fragment is measured once every fragment it spreads has been.
        var depths: [String: Int] = [:]
        var expansions: [String: Int] = [:]
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
            expansions[fragments[position].name] = Self.expansion(spreadCounts[position], expansions: expansions)
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
        spreadExpansion =
            document.definitions.compactMap { definition -> Int? in
                guard let operation = definition as? OperationDefinition else { return nil }
                var counts: [String: Int] = [:]
                Self.collectSpreads(operation.selectionSet, into: &counts)
                return Self.expansion(counts, expansions: expansions)
            }.max() ?? 0
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

    /// Walks behind spreads occurring `counts` times each: one per spread plus its fragment's own (fragments in a
    /// cycle, a validation error, count as none). Saturates one above the limit so that no sum overflows.
    private static func expansion(_ counts: [String: Int], expansions: [String: Int]) -> Int {
        let ceiling = maximumSpreadExpansion + 1
        var total = 0
        for (name, count) in counts {
            total = min(ceiling, total + min(ceiling, count * (1 + (expansions[name] ?? 0))))
        }
        return total
    }

    /// In how many selection sets each fragment name is spread, within `selectionSet` and the selection sets of its
    /// fields. A selection set walks each fragment once however often it repeats the spread (the walks skip a
    /// fragment already visited on their path), and an inline fragment belongs to its enclosing selection set.
    private static func collectSpreads(_ selectionSet: SelectionSet?, into counts: inout [String: Int]) {
        var names = Set<String>()
        collectSpreads(selectionSet, names: &names, counts: &counts)
        for name in names { counts[name, default: 0] += 1 }
    }

    private static func collectSpreads(
        _ selectionSet: SelectionSet?, names: inout Set<String>, counts: inout [String: Int]
    ) {
        for selection in selectionSet?.selections ?? [] {
            if let field = selection as? Field {
                collectSpreads(field.selectionSet, into: &counts)
            } else if let fragment = selection as? InlineFragment {
                collectSpreads(fragment.selectionSet, names: &names, counts: &counts)
            } else if let spread = selection as? FragmentSpread {
                names.insert(spread.name.value)
            }
        }
    }
}
