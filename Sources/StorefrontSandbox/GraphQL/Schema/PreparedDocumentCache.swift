import CommerceCore
import GraphQL

/// A request document after the checks that depend on its text alone: the G10 nesting and depth guards,
/// parsing (G1) and validation (G2–G9).
enum PreparedDocument: Sendable {
    /// Refused before any operation is known (syntax error, too deep); the body to answer.
    case rejected(JSONValue)
    /// Parsed; `validationErrors` is the rewritten `errors` array when validation failed, `plans` the
    /// synchronous executor's plans and `writing` the indices of the operations that may write
    /// (``OperationWrites``) when it passed.
    case parsed(
        UncheckedBox<Document>, validationErrors: JSONValue?, plans: DocumentPlans? = nil, writing: Set<Int> = [])
}

/// Prepared documents by their exact text, so a client that sends the same documents again and again (the
/// Buy SDK does; `X-Query-Tag` exists for that) pays for parsing and validation once.
///
/// Bounded: at most `capacity` entries, and documents longer than `maximumLength` characters are prepared
/// every time instead of being kept. When full, the least recently used entry makes room. A `Document` is
/// never mutated after validation — execution only reads it — so one instance serves concurrent requests.
final class PreparedDocumentCache: Sendable {
    let capacity: Int
    let maximumLength: Int

    private struct Entry {
        let prepared: PreparedDocument
        var lastUse: UInt64
    }

    private struct State {
        var entries: [String: Entry] = [:]
        var clock: UInt64 = 0
    }

    private let state = Locked(State())

    init(capacity: Int = 256, maximumLength: Int = 32 * 1024) {
        self.capacity = max(capacity, 1)
        self.maximumLength = maximumLength
    }

    /// The prepared form of `text`, made by `prepare` on a miss.
    func prepared(_ text: String, prepare: () -> PreparedDocument) -> PreparedDocument {
        let cacheable = text.utf8.count <= maximumLength
        if cacheable, let hit = lookUp(text) { return hit }
        // Prepared outside the lock: two concurrent misses on one text both prepare it, which is harmless.
        let prepared = prepare()
        if cacheable { store(prepared, for: text) }
        return prepared
    }

    var count: Int { state.withLock { $0.entries.count } }

    private func lookUp(_ text: String) -> PreparedDocument? {
        state.withLock { state in
            guard var entry = state.entries[text] else { return nil }
            state.clock += 1
            entry.lastUse = state.clock
            state.entries[text] = entry
            return entry.prepared
        }
    }

    private func store(_ prepared: PreparedDocument, for text: String) {
        state.withLock { state in
            state.clock += 1
            if state.entries[text] == nil, state.entries.count >= capacity,
                let oldest = state.entries.min(by: { $0.value.lastUse < $1.value.lastUse })?.key
            {
                state.entries[oldest] = nil
            }
            state.entries[text] = Entry(prepared: prepared, lastUse: state.clock)
        }
    }
}
