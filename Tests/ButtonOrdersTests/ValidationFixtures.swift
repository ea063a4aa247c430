import CommerceCore
import CommerceTestSupport
import Foundation
import Testing

@testable import ButtonOrders

// The shared conformance vectors (CommerceTestSupport's `ButtonOrderVectors`) judged by the client's validator;
// the sandbox's tests run the same file against the sandbox's own rules.
extension ButtonOrderVector {
    var validator: ButtonOrderValidator {
        ButtonOrderValidator(
            operation: updating.map { .update(pathOrderId: $0) } ?? .create, requiresPurchaseDate: requiresPurchaseDate)
    }

    /// What the client's validator reports for the body.
    var failures: [ButtonVectorFailure] {
        validator.failures(in: body).map { ButtonVectorFailure(field: $0.field, message: $0.message) }
    }
}

/// The base body with `patch`'s keys replaced (or added) and `removing` deleted.
func patchedBody(_ patch: String, removing: [String] = []) throws -> JSONValue {
    guard case .object(let changes) = try JSONValue.parse(patch) else { throw ValidationFixtureError.notAnObject }
    var object = ButtonOrderVectors.baseBody
    for (key, value) in changes { object[key] = value }
    for key in removing { object[key] = nil }
    return .object(object)
}

enum ValidationFixtureError: Error { case notAnObject }
