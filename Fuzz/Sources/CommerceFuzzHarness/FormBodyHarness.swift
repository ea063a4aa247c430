import CommerceCore
import CommerceSandbox
import Foundation

/// The sandbox's readers of form bodies (`application/x-www-form-urlencoded`; the sandbox takes no multipart
/// bodies): `SandboxRequest`'s one form reader (the simulated ATH Móvil app's posts, the console login, query
/// strings), and the request journal's redaction, which also reads JSON bodies.
///
/// Redaction is idempotent: a body the journal already masked comes out of a second pass unchanged.
enum FormBodyHarness {
    static func run(_ data: Data) throws(InvariantViolation) {
        let request = SandboxRequest(
            method: .post, rawPath: "/", rawQuery: String(decoding: data, as: UTF8.self), body: data)
        _ = request.formBody
        _ = request.query
        for contentType in ["application/x-www-form-urlencoded", "application/json"] {
            let once = JournalRedaction.body(data, contentType: contentType)
            let twice: JSONValue
            // A body that parsed as JSON was redacted as a value (a JSON string literal included); any other text
            // was redacted as text, which a second pass must leave alone.
            if case .string(let text) = once, (try? JSONValue.parse(data)) == nil {
                twice = JournalRedaction.body(Data(text.utf8), contentType: contentType)
                guard case .string = twice else { continue }  // text that became JSON is read differently
            } else {
                twice = JournalRedaction.redacted(once)
            }
            try InvariantViolation.check(
                twice == once,
                "redaction is not idempotent: \(once.serialized().prefix(200)) → \(twice.serialized().prefix(200))")
        }
    }
}
