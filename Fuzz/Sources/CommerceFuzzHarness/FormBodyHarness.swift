import CommerceCore
import Foundation
import SandboxCore

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
                // Masking can turn text into JSON (`"…pin=\1…"` becomes a valid string literal once `\1` is
                // `***`); a second pass then reads it as JSON, which is a different input, not a broken mask.
                guard (try? JSONValue.parse(Data(text.utf8))) == nil else { continue }
                twice = JournalRedaction.body(Data(text.utf8), contentType: contentType)
            } else {
                twice = JournalRedaction.redacted(once)
            }
            try InvariantViolation.check(
                twice == once,
                "redaction is not idempotent: \(once.serialized().prefix(200)) → \(twice.serialized().prefix(200))")
        }
    }
}
