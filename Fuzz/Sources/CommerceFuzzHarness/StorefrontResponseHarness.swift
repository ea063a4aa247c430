import Buy
import CommerceCore
import Foundation

/// Buy's decoding of Storefront GraphQL responses (`GraphQL.AbstractResponse(json:)` on the generated
/// `QueryRoot` and `Mutation` models), which turns anything that does not fit the schema into a
/// `SchemaViolationError`.
///
/// A model that decodes came from a JSON object and keeps every member of it (`rawFields`).
enum StorefrontResponseHarness {
    static func run(_ data: Data) throws(InvariantViolation) {
        let object = (try? CoreJSONValue.parse(data))?.objectValue
        let models: [GraphQL.AbstractResponse?] = [
            try? Storefront.QueryRoot(json: data), try? Storefront.Mutation(json: data),
        ]
        for case let model? in models {
            guard let object else { throw InvariantViolation("a model decoded from bytes that are not a JSON object") }
            try InvariantViolation.check(
                Set(model.rawFields.keys) == Set(object.keys), "\(model.typeName) lost or added members")
        }
    }
}
