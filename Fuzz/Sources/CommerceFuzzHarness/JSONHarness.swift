import CommerceCore
import Foundation

/// CommerceCore's JSON parser (`JSONValue.parse`) and writer.
///
/// Whatever parses must serialize to text that parses again and serializes to the same text: the writer's
/// output is a fixed point after one round (a double with an integral value comes back as an integer, so the
/// values themselves may differ in case after the first round, never the text).
/// CommerceCore's JSON value, for harness files that also import Buy (whose `GraphQL.JSONValue` hides it).
typealias CoreJSONValue = JSONValue

enum JSONHarness {
    static func run(_ data: Data) throws(InvariantViolation) {
        guard let value = try? JSONValue.parse(data) else { return }
        let text = value.serialized()
        let reparsed: JSONValue
        do { reparsed = try JSONValue.parse(text) } catch {
            throw InvariantViolation("serialized JSON does not parse: \(error) in \(text.prefix(200))")
        }
        let again = reparsed.serialized()
        try InvariantViolation.check(
            again == text, "serialization is not stable: \(text.prefix(200)) → \(again.prefix(200))")
        try InvariantViolation.check(reparsed == (try? JSONValue.parse(again)), "parse of a stable text differs")
    }
}
