import Foundation

/// One parser of outside data and the harness that feeds it bytes: the libFuzzer entry point
/// (`CommerceFuzz` built with `-D FUZZING`), the corpus replayer and `CommerceFuzzTests` all call `run`.
package struct FuzzTarget: Sendable {
    /// The target's name, as `scripts/fuzz.sh` and the corpus folder `Fuzz/Corpus/<name>` spell it.
    package let name: String
    /// Feeds one input to the parser. Parse errors are expected and swallowed; a thrown ``InvariantViolation``
    /// means the parser answered something that must never happen (a trap or a sanitizer report ends the run).
    package let run: @Sendable (Data) throws(InvariantViolation) -> Void

    /// Every target, in the order `scripts/fuzz.sh` runs them.
    package static let all: [FuzzTarget] = [
        FuzzTarget(name: "json", run: JSONHarness.run),
        FuzzTarget(name: "storefront-response", run: StorefrontResponseHarness.run),
        FuzzTarget(name: "graphql-document", run: GraphQLDocumentHarness.run),
        FuzzTarget(name: "graphql-document-2026-04", run: GraphQLDocumentHarness.run2026),
        FuzzTarget(name: "pkcs12", run: PKCS12Harness.runFile),
        FuzzTarget(name: "pkcs12-safe", run: PKCS12Harness.runAuthenticatedSafe),
        FuzzTarget(name: "jwt", run: JWTHarness.run),
        FuzzTarget(name: "trigger-url", run: TriggerURLHarness.run),
        FuzzTarget(name: "form-body", run: FormBodyHarness.run),
    ]

    /// The target called `name`, or `nil`.
    package static func named(_ name: String) -> FuzzTarget? {
        all.first { $0.name == name }
    }
}

/// A parser broke a rule that holds for every input, such as a serialize–parse round trip.
package struct InvariantViolation: Error, CustomStringConvertible {
    package let description: String

    package init(_ description: String) {
        self.description = description
    }

    /// Throws when `condition` is false.
    static func check(_ condition: Bool, _ message: @autoclosure () -> String) throws(InvariantViolation) {
        guard condition else { throw InvariantViolation(message()) }
    }
}
