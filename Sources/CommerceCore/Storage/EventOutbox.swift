import Foundation

/// A durable queue of events waiting to be delivered, with at-least-once semantics.
///
/// Events are saved in a ``PersistentStore`` before ``enqueue(_:id:now:)`` returns, so they survive an app
/// restart. ``flush(deliver:)`` hands them out oldest first and removes each one only after its delivery
/// succeeded; a failure stops the flush and keeps that event and the rest for the next one. Every event
/// carries an id: an id that is pending or was delivered recently is not queued twice, and receivers use the
/// same id to discard the duplicates that at-least-once delivery can produce.
public actor EventOutbox<Event: Codable & Sendable> {
    /// One queued event with the bookkeeping the outbox needs to deliver it at least once.
    public struct Entry: Codable, Sendable {
        /// The event's id: the outbox refuses a second event with it, and receivers use it to drop duplicates.
        public let id: String
        /// The queued event itself.
        public let event: Event
        /// When ``EventOutbox/enqueue(_:id:now:)`` accepted the event.
        public let enqueuedAt: Date
        /// How many deliveries have been started, the one in progress included.
        public var attempts: Int
    }

    private let store: PersistentStore
    private let key: String
    private let rememberedDeliveries: Int
    private var state: State
    private var flushing = false

    private struct State: Codable {
        var pending: [Entry] = []
        var delivered: [String] = []
    }

    /// Opens the outbox named `name` in `store`, restoring the events a previous run left pending.
    ///
    /// - Parameters:
    ///   - store: where the queue is saved; it survives restarts when the store is file-backed.
    ///   - name: distinguishes several outboxes sharing one store.
    ///   - rememberedDeliveries: how many delivered ids to remember for de-duplication.
    public init(store: PersistentStore, name: String, rememberedDeliveries: Int = 500) {
        self.store = store
        self.key = "commercekit.outbox.\(name)"
        self.rememberedDeliveries = rememberedDeliveries
        self.state = store.codable(State.self, forKey: "commercekit.outbox.\(name)") ?? State()
    }

    /// Queues an event. Returns `false` when an event with this id is already pending or was delivered.
    @discardableResult
    public func enqueue(_ event: Event, id: String, now: Date = Date()) -> Bool {
        guard !state.pending.contains(where: { $0.id == id }), !state.delivered.contains(id) else { return false }
        state.pending.append(Entry(id: id, event: event, enqueuedAt: now, attempts: 0))
        save()
        return true
    }

    /// Events not delivered yet, oldest first.
    public var pending: [Entry] { state.pending }

    /// Delivers pending events in order until one fails. Returns how many were delivered.
    /// A flush that starts while another is running returns 0 at once, so no event is sent twice concurrently.
    @discardableResult
    public func flush(deliver: @Sendable (Entry) async throws -> Void) async -> Int {
        guard !flushing else { return 0 }
        flushing = true
        defer { flushing = false }
        var delivered = 0
        while var entry = state.pending.first {
            entry.attempts += 1
            state.pending[0] = entry
            save()
            do {
                try await deliver(entry)
            } catch {
                return delivered
            }
            state.pending.removeAll { $0.id == entry.id }
            state.delivered.append(entry.id)
            if state.delivered.count > rememberedDeliveries {
                state.delivered.removeFirst(state.delivered.count - rememberedDeliveries)
            }
            save()
            delivered += 1
        }
        return delivered
    }

    /// Drops every pending event and the memory of delivered ids.
    public func removeAll() {
        state = State()
        save()
    }

    private func save() {
        store.set(codable: state, forKey: key)
    }
}
