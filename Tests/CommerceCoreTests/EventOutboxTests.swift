import CommerceCore
import CommerceTestSupport
import Foundation
import Testing

@Suite struct EventOutboxTests {
    private struct Failure: Error {}

    @Test func deliversInOrderAndDropsDuplicateIds() async {
        let outbox = EventOutbox<String>(store: PersistentStore(), name: "events")
        #expect(await outbox.enqueue("opened", id: "e1"))
        #expect(await outbox.enqueue("viewed", id: "e2"))
        #expect(await outbox.enqueue("opened again", id: "e1") == false)
        let delivered = Locked<[String]>([])
        let count = await outbox.flush { record in delivered.withLock { $0.append(record.event) } }
        #expect(count == 2)
        #expect(delivered.current == ["opened", "viewed"])
        #expect(await outbox.enqueue("late duplicate", id: "e2") == false)
    }

    @Test func failedDeliveryKeepsTheEventForTheNextFlush() async {
        let outbox = EventOutbox<String>(store: PersistentStore(), name: "events")
        await outbox.enqueue("a", id: "1")
        await outbox.enqueue("b", id: "2")
        let failing = await outbox.flush { entry in if entry.id == "2" { throw Failure() } }
        #expect(failing == 1)
        let pending = await outbox.pending
        #expect(pending.map(\.id) == ["2"])
        #expect(pending.first?.attempts == 1)
        #expect(await outbox.flush { _ in } == 1)
        #expect(await outbox.pending.isEmpty)
    }

    @Test func pendingEventsSurviveARestart() async throws {
        let directory = TestDirectories.path("ck-outbox")
        let first = EventOutbox<String>(
            store: try PersistentStore(directory: directory, namespace: "o"), name: "events")
        await first.enqueue("queued before restart", id: "x")
        let second = EventOutbox<String>(
            store: try PersistentStore(directory: directory, namespace: "o"), name: "events")
        #expect(await second.pending.map(\.event) == ["queued before restart"])
    }

    @Test func deliveredIdsStayDeduplicatedAfterARestart() async throws {
        let directory = TestDirectories.path("ck-outbox")
        let first = EventOutbox<String>(
            store: try PersistentStore(directory: directory, namespace: "o"), name: "events")
        await first.enqueue("opened", id: "x")
        #expect(await first.flush { _ in } == 1)
        let second = EventOutbox<String>(
            store: try PersistentStore(directory: directory, namespace: "o"), name: "events")
        #expect(await second.enqueue("opened, replayed after the restart", id: "x") == false)
        #expect(await second.pending.isEmpty)
    }
}
