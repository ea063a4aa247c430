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
public final class RequestJournal: @unchecked Sendable {
    private let capacity: Int
    private let lock = NSLock()
    private var rings: [String: Deque<JournalEntry>] = [:]
    private var lastID = 0

    /// Bodies beyond this many bytes are cut (the entry says by how much).
    public static let maximumBodyBytes = 16 * 1024
    /// The ring of requests no service owns.
    static let unownedRing = ""

    /// - Parameter capacity: entries kept per service (2,000 keeps Button's documented last 1,000 and
    ///   Storefront's 500 with room to spare; five services make the console's 10,000).
    public init(capacity: Int = 2_000) {
        self.capacity = max(1, capacity)
    }

    /// A number for a request that just arrived: entries list in arrival order even when a slow answer is
    /// recorded late.
    public func nextID() -> Int { lock.withLock { lastID += 1; return lastID } }

    public func record(_ entry: JournalEntry) {
        lock.withLock {
            let key = entry.service ?? Self.unownedRing
            if rings[key] == nil { rings[key] = Deque(minimumCapacity: 64) }
            rings[key]?.append(entry)
            if let count = rings[key]?.count, count > capacity { rings[key]?.removeFirst(count - capacity) }
        }
    }

    /// Entries the filter keeps, newest first, at most `filter.limit`.
    public func entries(_ filter: JournalFilter = JournalFilter()) -> [JournalEntry] {
        let candidates: [JournalEntry] = lock.withLock {
            if let service = filter.service { return Array(rings[service] ?? []) }
            return rings.values.flatMap { $0 }
        }
        var kept = candidates.filter(filter.keeps)
        kept.sort { $0.id > $1.id }
        if let limit = filter.limit, kept.count > limit { kept.removeLast(kept.count - limit) }
        return kept
    }

    /// Forgets the entries of `service` (every service's when `nil`).
    public func removeAll(service: String? = nil) {
        lock.withLock {
            if let service { rings[service] = nil } else { rings.removeAll() }
        }
    }
}
