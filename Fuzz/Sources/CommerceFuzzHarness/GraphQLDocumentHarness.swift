import CommerceCore
import Foundation
import StorefrontSandbox

/// The sandbox's handling of Storefront GraphQL documents before execution (`StorefrontGraphQL.prepare`):
/// the nesting pre-scan, GraphQLSwift's parser, the depth and spread limits, validation against the 2021-10
/// schema with the sandbox's own rules, the error rewriting and the synchronous executor's planner.
///
/// A refused document is answered with a non-empty `errors` array that the sandbox's writer can send.
enum GraphQLDocumentHarness {
    /// Built once per process: the schema takes seconds to build and is immutable afterwards.
    private static let graphQL = Result { try StorefrontGraphQL() }

    static func run(_ data: Data) throws(InvariantViolation) {
        let graphQL: StorefrontGraphQL
        switch Self.graphQL {
        case .success(let built): graphQL = built
        case .failure(let error): throw InvariantViolation("the bundled Storefront schema does not build: \(error)")
        }
        guard let body = graphQL.preparationErrors(String(decoding: data, as: UTF8.self)) else { return }
        guard case .array(let errors)? = body["errors"], !errors.isEmpty else {
            throw InvariantViolation("a refused document has no errors: \(body.serialized().prefix(200))")
        }
        try InvariantViolation.check(
            (try? JSONValue.parse(body.serialized(), maxDepth: 4096)) != nil, "the errors body is not valid JSON")
    }
}
