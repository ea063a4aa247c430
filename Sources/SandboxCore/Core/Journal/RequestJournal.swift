import CommerceCore
import DequeModule
import Foundation

/// The one journal of vendor requests (everything outside `/sandbox/`), for every service: what tests count,
/// what each service's `/sandbox/<service>/requests` view filters, and what `GET /sandbox/requests` lists.
///
/// Entries live in memory, one bounded ring (`Deque`, O(1) at both ends) per service, so heavy traffic to one
/// service never evicts another's entries; requests no service owns share one more ring. Bodies are kept
/// up to ``maximumBodyBytes`` and redacted whenever they are read (``JournalRedaction``), so recording costs a
/// lock and an append on the request path, never a parse or a disk write.
public final class RequestJournal: Sendable {
    private let capacity: Int
    private let state = Locked(State())

    private struct State {
        var rings: [String: Deque<Recorded>] = [:]
        var lastID = 0
        /// Counts recordings, so a poller that asks for what was recorded after its cursor also gets a slow
        /// request whose (arrival) id is older than entries it already has.
        var lastRecorded = 0
        var observers: [@Sendable (JournalEntry) -> Void] = []
        /// Lowercased: see ``setSecretHeaders(_:)``.
        var secretHeaders: Set<String> = []
    }

    private struct Recorded {
        let sequence: Int
        let entry: JournalEntry
    }

    /// Bodies beyond this many bytes are cut (the entry says by how much).
    package static let maximumBodyBytes = 16 * 1024
    /// The ring of requests no service owns.
    static let unownedRing = ""

    /// - Parameter capacity: entries kept per service (2,000 is twice the longest listing a service documents,
    ///   its last 1,000 requests).
    package init(capacity: Int = 2_000) {
        self.capacity = max(1, capacity)
    }

    /// A number for a request that just arrived: entries list in arrival order even when a slow answer is
    /// recorded late.
    package func nextID() -> Int {
        state.withLock { state in
            state.lastID += 1
            return state.lastID
        }
    }

    /// The request headers the services declared secret (``SandboxService/secretHeaders``): every entry recorded
    /// from now on masks them wherever it is shown (``JournalRedaction``).
    package func setSecretHeaders(_ names: Set<String>) {
        state.withLock { $0.secretHeaders = Set(names.map { $0.lowercased() }) }
    }

    package func record(_ entry: JournalEntry) {
        var entry = entry
        let observers = state.withLock { state in
            entry.secretHeaders = state.secretHeaders
            let key = entry.service ?? Self.unownedRing
            if state.rings[key] == nil { state.rings[key] = Deque(minimumCapacity: 64) }
            state.lastRecorded += 1
            state.rings[key]?.append(Recorded(sequence: state.lastRecorded, entry: entry))
            if let count = state.rings[key]?.count, count > capacity { state.rings[key]?.removeFirst(count - capacity) }
            return state.observers
        }
        for observer in observers { observer(entry) }
    }

    /// Test seam: `observer` is told of every entry recorded from now on, once it is in the journal, so a test
    /// can await a request the server answers late instead of polling the journal.
    package func observeRecords(_ observer: @escaping @Sendable (JournalEntry) -> Void) {
        state.withLock { $0.observers.append(observer) }
    }

    /// Entries the filter keeps, newest first, at most `filter.limit`.
    public func entries(_ filter: JournalFilter = JournalFilter()) -> [JournalEntry] {
        page(filter).entries
    }

    /// Entries the filter keeps (newest first, at most `filter.limit`) and the cursor to pass as
    /// `filter.recordedAfter` next time to get only what was recorded since.
    public func page(_ filter: JournalFilter) -> (entries: [JournalEntry], cursor: Int) {
        let after = filter.recordedAfter ?? 0
        let (candidates, cursor): ([JournalEntry], Int) = state.withLock { state in
            let rings = filter.service.map { [state.rings[$0] ?? []] } ?? Array(state.rings.values)
            // Rings are in recording order, so only each ring's tail can be newer than the cursor.
            let recent = rings.flatMap { ring in ring.reversed().prefix { $0.sequence > after }.map(\.entry) }
            return (recent, state.lastRecorded)
        }
        var kept = candidates.filter(filter.keeps)
        kept.sort { $0.id > $1.id }
        if let limit = filter.limit, kept.count > limit { kept.removeLast(kept.count - limit) }
        return (kept, cursor)
    }

    /// The entry numbered `id`, while the journal still holds it.
    public func entry(id: Int) -> JournalEntry? {
        state.withLock { state in
            for ring in state.rings.values {
                if let found = ring.last(where: { $0.entry.id == id }) { return found.entry }
            }
            return nil
        }
    }

    /// Forgets the entries of `service` (every service's when `nil`).
    public func removeAll(service: String? = nil) {
        state.withLock { state in
            if let service { state.rings[service] = nil } else { state.rings.removeAll() }
        }
    }
}
