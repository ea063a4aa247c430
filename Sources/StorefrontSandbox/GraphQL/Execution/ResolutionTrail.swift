import GraphQL

/// What one resolver call gave: its value, or the field error it threw.
typealias ResolverOutcome = Result<(any Sendable)?, any Error>

/// Where ``QueryExecutor`` is in the response, kept as a tree of every step it took (each node points to its
/// parent) with each field's resolver outcome on the field's node. Entering and leaving a step cost an append and
/// an index; a full path is spelled out only for an error or a hand-over (``resolvedFields()``).
struct ResolutionTrail {
    private struct Node {
        let parent: Int
        let step: IndexPathValue
        var outcome: ResolverOutcome?
    }

    private var nodes: [Node] = []
    private var current = -1

    init() { nodes.reserveCapacity(128) }

    mutating func enter(_ step: IndexPathValue) {
        nodes.append(Node(parent: current, step: step))
        current = nodes.count - 1
    }

    /// Back to the parent of the step last entered (every `leave` follows its `enter`).
    mutating func leave() { current = nodes[current].parent }

    /// Records the outcome of the resolver of the field just entered.
    mutating func record(_ outcome: ResolverOutcome) { nodes[current].outcome = outcome }

    /// The response path of the current step.
    var path: [IndexPathValue] { path(of: current) }

    /// Every outcome recorded so far, by the response path of its field.
    func resolvedFields() -> ResolvedFields {
        var outcomes: [[ResolvedFields.Step]: ResolverOutcome] = [:]
        for index in nodes.indices {
            guard let outcome = nodes[index].outcome else { continue }
            outcomes[path(of: index).map(ResolvedFields.Step.init)] = outcome
        }
        return ResolvedFields(outcomes: outcomes)
    }

    private func path(of node: Int) -> [IndexPathValue] {
        var steps: [IndexPathValue] = []
        var index = node
        while index >= 0 {
            steps.append(nodes[index].step)
            index = nodes[index].parent
        }
        return steps.reversed()
    }
}

/// The resolver outcomes of a request ``QueryExecutor`` handed over to GraphQLSwift midway (a value only the
/// execution could show, such as a second field error, is answered by the library). The library answers those
/// fields from here, by response path, instead of running their resolvers a second time.
struct ResolvedFields {
    enum Step: Hashable {
        case key(String)
        case index(Int)

        init(_ value: IndexPathValue) {
            switch value {
            case .key(let key): self = .key(key)
            case .index(let index): self = .index(index)
            }
        }
    }

    fileprivate let outcomes: [[Step]: ResolverOutcome]

    /// The recorded outcome of the field at `path`, or `nil` when its resolver has not run yet.
    func outcome(at path: [IndexPathValue]) -> ResolverOutcome? {
        outcomes.isEmpty ? nil : outcomes[path.map(Step.init)]
    }
}
