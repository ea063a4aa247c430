import CommerceCore
import CommerceTestSupport
import Foundation
import GraphQL
import Testing

@testable import CommerceSandbox
@testable import SandboxCore
@testable import StorefrontSandbox

/// Queries on the database's readers and prepared documents kept by text (issue 12, "Speed").
@Suite struct StorefrontReadPathTests {
    /// A file-backed sandbox (a `DatabasePool`, whose readers are read-only connections) and its directory.
    private static func fileBacked() throws -> (client: StorefrontClient, directory: URL) {
        let directory = TestDirectories.path("ck-storefront-read")
        return (try StorefrontClient(SandboxOptions(port: 0, dataDirectory: directory, inMemory: false)), directory)
    }

    @Test func queriesDoNotWaitForTheWriter() async throws {
        let (client, directory) = try Self.fileBacked()
        defer { try? FileManager.default.removeItem(at: directory) }
        // The writer is held until the query has answered, or 120 s pass: only a waiting query takes that long,
        // even with the whole suite running beside other builds on 2 cores (30 s was once not enough there).
        let (writing, started) = AsyncStream.makeStream(of: Void.self)
        let finished = Locked(false)
        let release = DispatchSemaphore(value: 0)
        let heldWrite = Task {
            try await client.context.database.writer.write { _ in
                started.yield()
                _ = release.wait(timeout: .now() + 120)
                finished.set(true)
            }
        }
        var writes = writing.makeAsyncIterator()
        _ = await writes.next()  // the writer is held from here on
        let data = try await client.data("{shop{name} products(first:2){edges{node{title}}}}")
        #expect(data["shop"]?["name"] == "Sandbox Shoes")
        #expect(finished.current == false, "the query waited for the writer")
        release.signal()
        try await heldWrite.value
    }

    @Test func aReadinessPollOnAReaderStillCountsOnce() async throws {
        let (client, directory) = try Self.fileBacked()
        defer { try? FileManager.default.removeItem(at: directory) }
        let steps = CheckoutSteps(client: client)
        let id = try await steps.createJ2()
        #expect(try await steps.address(id)["checkoutUserErrors"] == [])
        // Rates need one pending poll (the default knob): the first query must write that poll.
        #expect(try await steps.rates(id) == ["ready": false, "shippingRates": .null])
        #expect(try await steps.rates(id)["ready"] == true)
        #expect(try await steps.rates(id)["ready"] == true)
    }

    @Test func preparedDocumentsAnswerLikeFreshOnes() async throws {
        let client = try StorefrontClient()
        let valid = "{shop{name} products(first:1){edges{node{title}}}}"
        let invalid = "{shop{nme}}"
        let first = try await [client.graphQL(valid), client.graphQL(invalid)]
        let again = try await [client.graphQL(valid), client.graphQL(invalid)]
        #expect(first == again)
        #expect(again[1]["errors"]?[0]?["message"] == "Field 'nme' doesn't exist on type 'Shop'")
        // A named operation chosen per request from one cached document.
        let two = "query A {shop{name}} subscription B {shop{name}}"
        let chosenA = try await client.send(
            body: JSONValue.object(["query": .string(two), "operationName": "A"]).serializedData())
        let chosenB = try await client.send(
            body: JSONValue.object(["query": .string(two), "operationName": "B"]).serializedData())
        #expect(chosenA.json["data"]?["shop"]?["name"] == "Sandbox Shoes")
        #expect(chosenB.json["errors"]?[0]?["message"] == "Subscriptions are not supported")
    }

    @Test func theCacheKeepsTheMostRecentlyUsedDocumentsOnly() {
        let cache = PreparedDocumentCache(capacity: 2, maximumLength: 20)
        var prepared = 0
        func use(_ text: String) {
            _ = cache.prepared(text) {
                prepared += 1
                return .rejected(.string(text))
            }
        }
        use("{a}")
        use("{b}")
        use("{a}")  // hit on a
        #expect(prepared == 2)
        use("{c}")  // evicts b, the least recently used
        use("{a}")
        #expect(prepared == 3)
        use("{b}")
        #expect(prepared == 4)
        #expect(cache.count == 2)
        let long = String(repeating: " ", count: 30) + "{a}"
        use(long)
        use(long)  // too long to keep: prepared each time
        #expect(prepared == 6)
        #expect(cache.count == 2)
    }

    @Test func catalogSnapshotsAreSharedUntilACatalogCommit() async throws {
        let client = try StorefrontClient()
        let database = client.context.database
        let cache = CatalogCache(database: database)
        let first = cache.generation
        let title = { @Sendable (generation: UInt64) in
            try await database.read { db in
                try cache.snapshot(db, shopID: 1, generation: generation).productsByID[1]?.title
            }
        }
        #expect(try await title(first) == "Road Runner")
        // A commit elsewhere (not a catalog table) keeps the generation.
        _ = try await client.data(
            "mutation {cartCreate(input:{lines:[{merchandiseId:\"\(GID.variant(11))\",quantity:1}]}){cart{id}}}")
        #expect(cache.generation == first)
        try await database.write { db in
            try db.execute(sql: "UPDATE storefront_products SET title = 'Renamed' WHERE id = 1")
        }
        #expect(cache.generation == first + 1)
        #expect(try await title(first) == "Road Runner", "the snapshot of the old generation is reused")
        #expect(try await title(cache.generation) == "Renamed")
        // And through the endpoint: the next query sees the change.
        let data = try await client.data("{product(id:\"\(GID.product(1))\"){title}}")
        #expect(data["product"]?["title"] == "Renamed")
    }
}
