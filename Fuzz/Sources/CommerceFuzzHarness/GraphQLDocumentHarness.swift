import CommerceCore
import Foundation
import StorefrontSandbox

/// The sandbox's handling of Storefront GraphQL documents before execution (`StorefrontGraphQL.prepare`):
/// the nesting pre-scan, GraphQLSwift's parser, the depth and spread limits, validation against the version's
/// schema with the sandbox's own rules, the error rewriting and the synchronous executor's planner. One target
/// per served version: 2026-04's schema has half as many types again as 2021-10's (424 against 278), directives
/// of its own (`@defer`, `@oneOf`) and other input types and mutations, so the same bytes take other paths
/// through validation and planning.
///
/// A refused document is answered with a non-empty `errors` array that the sandbox's writer can send.
enum GraphQLDocumentHarness {
    /// Built once per process: a schema takes seconds to build and is immutable afterwards.
    private static let schema2021 = Result { try StorefrontGraphQL(version: "2021-10") }
    private static let schema2026 = Result { try StorefrontGraphQL(version: "2026-04") }

    static func run(_ data: Data) throws(InvariantViolation) {
        try check(data, against: schema2021)
    }

    static func run2026(_ data: Data) throws(InvariantViolation) {
        try check(data, against: schema2026)
    }

    private static func check(_ data: Data, against schema: Result<StorefrontGraphQL, any Error>)
        throws(InvariantViolation)
    {
        let graphQL: StorefrontGraphQL
        switch schema {
        case .success(let built): graphQL = built
        case .failure(let error): throw InvariantViolation("a bundled Storefront schema does not build: \(error)")
        }
        guard let body = graphQL.preparationErrors(String(decoding: data, as: UTF8.self)) else { return }
        guard case .array(let errors)? = body["errors"], !errors.isEmpty else {
            throw InvariantViolation("a refused document has no errors: \(body.serialized().prefix(200))")
        }
        try InvariantViolation.check(
            (try? JSONValue.parse(body.serialized(), maxDepth: 4096)) != nil, "the errors body is not valid JSON")
    }
}
