import CommerceCore
import GraphQL

/// A query operation compiled once for ``QueryExecutor``: for every selection set the fields to answer, in
/// response order, each with its resolver, its arguments and how its value completes. Built by
/// ``QueryPlanner`` from a validated document; never mutated afterwards, so one plan serves concurrent requests.
final class SelectionPlan: Sendable {
    let typeName: String
    let fields: [FieldPlan]

    init(typeName: String, fields: [FieldPlan]) {
        self.typeName = typeName
        self.fields = fields
    }
}

/// One response key of a selection set (all the `Field` nodes merged under it, as the GraphQL spec's
/// CollectFields groups them).
// @unchecked: immutable after planning; `nodes` are GraphQLSwift AST classes that are only read.
final class FieldPlan: @unchecked Sendable {
    /// `"key":` as JSON text, escaped once here instead of per response.
    let keyPrefix: String
    let responseKey: String
    let fieldName: String
    let parentTypeName: String
    /// The merged nodes, for error `locations`.
    let nodes: [Field]
    /// `nil` for `__typename`.
    let resolve: FieldResolver?
    let arguments: ArgumentsPlan
    let output: OutputPlan

    init(
        responseKey: String, fieldName: String, parentTypeName: String, nodes: [Field], resolve: FieldResolver?,
        arguments: ArgumentsPlan, output: OutputPlan
    ) {
        var prefix = "\""
        JSONEscaping.append(responseKey, to: &prefix)
        prefix += "\":"
        keyPrefix = prefix
        self.responseKey = responseKey
        self.fieldName = fieldName
        self.parentTypeName = parentTypeName
        self.nodes = nodes
        self.resolve = resolve
        self.arguments = arguments
        self.output = output
    }
}

/// A field's coerced arguments: fixed when the document writes only literals, otherwise coerced per
/// request from the variables.
// @unchecked: the `Argument` AST nodes are GraphQLSwift classes of a parsed document that nothing mutates.
enum ArgumentsPlan: @unchecked Sendable {
    case constant(Map)
    case perRequest([ArgumentDefinition], [Argument])
}

/// What the executor needs of an argument or directive argument definition.
struct ArgumentDefinition: Sendable {
    let name: String
    let type: GraphQLInputType
    let defaultValue: Map?
}

/// How a resolved value becomes response text.
indirect enum OutputPlan: Sendable {
    case nonNull(OutputPlan)
    case list(OutputPlan)
    case scalar(ScalarKind, GraphQLLeafType)
    /// An enum, with the names it may answer.
    case enumeration(Set<String>, GraphQLLeafType)
    case object(SelectionPlan)
    /// An interface or union: the plan of each possible object type, by type name.
    case abstract([String: SelectionPlan])

    var isNonNull: Bool { if case .nonNull = self { true } else { false } }
}

/// Scalars whose common Swift values are written directly; anything else goes through the type's own
/// `serialize`, as GraphQLSwift does.
enum ScalarKind: Sendable {
    case string, id, int, float, boolean, custom
}

/// A compiled query operation: its variable definitions, and its root plan unless a `@skip`/`@include`
/// reads a variable (then the root is planned per request with the variables known).
// @unchecked: the operation and variable AST nodes are GraphQLSwift classes of a parsed document, only read.
struct OperationPlan: @unchecked Sendable {
    let operation: OperationDefinition
    let variables: [VariableDefinition]
    let staticRoot: SelectionPlan?
}

/// Plans for the query operations of one document, by their index among its operation definitions;
/// `nil` where an operation is a mutation, subscription or uses something the executor leaves to GraphQLSwift.
// @unchecked: the fragment AST nodes are GraphQLSwift classes of a parsed document, only read.
struct DocumentPlans: @unchecked Sendable {
    let operations: [OperationPlan?]
    let fragments: [String: FragmentDefinition]
}
