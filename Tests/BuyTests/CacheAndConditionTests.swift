import CommerceCore
import CommerceTestSupport
import CommerceTesting
import Foundation
import Testing

@testable import Buy

/// Where retry conditions run (spec §2.4, §3.6), the two cache bounds of §3.5 (200 items in memory; disk trimmed
/// from 20 MiB down to 16 MiB, oldest first) and B2's deletion of an expired item.
@Suite struct CacheAndConditionTests {
    private static let queueKey = DispatchSpecificKey<String>()

    private func clientOnMarkedQueue(_ transport: InMemoryTransport) -> Graph.Client {
        let queue = DispatchQueue(label: "CacheAndConditionTests.callbacks")
        queue.setSpecific(key: Self.queueKey, value: "callbacks")
        return Graph.Client(
            shopDomain: "shoes.myshopify.com", apiKey: "tok", locale: nil, environment: .production,
            transport: transport, cacheDirectory: TestDirectories.make("BuyTests"), callbackQueue: queue,
            now: { Date() }, sleep: { _ in try Task.checkCancellation() })
    }

    @Test func callbackRetryConditionRunsOnTheCallbackQueue() async {
        let transport = InMemoryTransport(responses: [.json(503, ""), .json(503, ""), shopResponse("ok")])
        let client = clientOnMarkedQueue(transport)
        let places = Places()
        let handler = Graph.RetryHandler<Storefront.QueryRoot>(endurance: .finite(5), interval: 0) { _, error in
            places.record(DispatchQueue.getSpecific(key: Self.queueKey))
            return error != nil
        }
        let result = await callbackResult {
            client.queryGraphWith(shopNameQuery(), retryHandler: handler, completionHandler: $0)
        }
        #expect(result.0?.shop.name == "ok")
        #expect(places.all == ["callbacks", "callbacks", "callbacks"])

        // Mutations take the same path.
        transport.respond { _ in .json(200, #"{"data":{"customerAccessTokenDelete":{"deletedAccessToken":"t"}}}"#) }
        let mutationPlaces = Places()
        let mutationHandler = Graph.RetryHandler<Storefront.Mutation>(endurance: .finite(1), interval: 0) { _, _ in
            mutationPlaces.record(DispatchQueue.getSpecific(key: Self.queueKey))
            return false
        }
        let mutation = Storefront.buildMutation {
            $0.customerAccessTokenDelete(customerAccessToken: "t") { $0.deletedAccessToken() }
        }
        let deleted: String? = await withCheckedContinuation { continuation in
            client.mutateGraphWith(mutation, retryHandler: mutationHandler) { response, _ in
                continuation.resume(returning: response?.customerAccessTokenDelete?.deletedAccessToken)
            }.resume()
        }
        #expect(deleted == "t")
        #expect(mutationPlaces.all == ["callbacks"])
    }

    @Test func asyncRetryConditionRunsOnTheCallingTask() async throws {
        let transport = InMemoryTransport(responses: [.json(503, ""), shopResponse("ok")])
        let client = clientOnMarkedQueue(transport)
        let places = Places()
        let handler = Graph.RetryHandler<Storefront.QueryRoot>(endurance: .finite(5), interval: 0) { _, error in
            places.record(DispatchQueue.getSpecific(key: Self.queueKey) ?? "task")
            return error != nil
        }
        #expect(try await client.query(shopNameQuery(), retryHandler: handler).shop.name == "ok")
        #expect(places.all == ["task", "task"])
    }

    @Test func memoryTierKeepsTheNewest200Items() {
        let cache = Graph.Cache(directory: nil)
        for index in 0...200 {
            cache.set(Graph.CacheItem(hash: "key-\(index)", data: Data("\(index)".utf8), timestamp: Double(index)))
        }
        #expect(cache.item(forKey: "key-0") == nil)
        #expect(cache.item(forKey: "key-1")?.data == Data("1".utf8))
        #expect(cache.item(forKey: "key-200")?.data == Data("200".utf8))
        #expect((1...200).allSatisfy { cache.item(forKey: "key-\($0)") != nil })

        // Writing an existing key again makes it the newest, so the next eviction takes the one after it.
        cache.set(Graph.CacheItem(hash: "key-1", data: Data("one again".utf8), timestamp: 300))
        cache.set(Graph.CacheItem(hash: "key-201", data: Data("201".utf8), timestamp: 201))
        #expect(cache.item(forKey: "key-1")?.data == Data("one again".utf8))
        #expect(cache.item(forKey: "key-2") == nil)
        #expect(cache.item(forKey: "key-201") != nil)
    }

    @Test func itemsLeavingMemoryAreStillReadFromDisk() throws {
        let directory = TestDirectories.make("BuyTests")
        let cache = Graph.Cache(directory: directory)
        for index in 0...200 {
            cache.set(Graph.CacheItem(hash: "key-\(index)", data: Data("\(index)".utf8), timestamp: Double(index)))
        }
        // key-0 fell out of memory, not off the disk.
        #expect(cache.item(forKey: "key-0")?.data == Data("0".utf8))
        #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("key-0").path))
    }

    @Test func diskTierIsTrimmedFrom20MiBTo16MiBOldestFirst() throws {
        let directory = TestDirectories.make("BuyTests")
        defer { try? FileManager.default.removeItem(at: directory) }
        let cache = Graph.Cache(directory: directory)
        let mebibyte = 1024 * 1024
        // Twenty 1 MiB bodies, written in an order unrelated to their timestamps: age, not write order, decides.
        let timestamps: [Double] = [7, 3, 19, 1, 12, 5, 16, 9, 2, 14, 20, 6, 11, 4, 18, 8, 15, 10, 17, 13]
        func name(_ timestamp: Double) -> String { "item-\(Int(timestamp))" }
        for timestamp in timestamps.dropLast() {
            cache.set(
                Graph.CacheItem(
                    hash: name(timestamp), data: Data(count: mebibyte), timestamp: 1_700_000_000 + timestamp))
        }
        // Nineteen MiB plus metadata is under the cap: nothing is removed.
        #expect(try Self.bodies(in: directory).count == 19)

        cache.set(Graph.CacheItem(hash: name(13), data: Data(count: mebibyte), timestamp: 1_700_000_013))
        let left = try Self.bodies(in: directory)
        // Past 20 MiB: the oldest go until the directory is under 16 MiB, which leaves 15 items.
        #expect(left == Set((6...20).map { name(Double($0)) }))
        for gone in 1...5 {
            #expect(
                !FileManager.default.fileExists(
                    atPath: directory.appendingPathComponent(name(Double(gone)) + ".meta").path))
            #expect(cache.item(forKey: name(Double(gone))) == nil, "item \(gone) still readable")
        }
        let total = try FileManager.default.contentsOfDirectory(atPath: directory.path).reduce(0) { sum, file in
            let size =
                try FileManager.default.attributesOfItem(atPath: directory.appendingPathComponent(file).path)[.size]
                as? NSNumber
            return sum + (size?.intValue ?? 0)
        }
        #expect(total < 16 * mebibyte)
        #expect(total > 15 * mebibyte)
        #expect(cache.item(forKey: name(13))?.data.count == mebibyte)
    }

    @Test func b2ExpiredItemIsDeletedFromBothTiers() async throws {
        let clock = TestClock()
        let transport = InMemoryTransport(responses: [shopResponse("Cached")])
        let client = makeClient(transport: transport, clock: clock)
        _ = try await client.query(shopNameQuery())
        let key = client.cacheKey(for: Graph.RequestBody(document: shopNameQuery().description))
        let directory = try #require(client.cache.directory)
        #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent(key).path))

        // 59 s later the item is still valid and answers without the network.
        clock.advance(59)
        #expect(try await client.query(shopNameQuery(), cachePolicy: .cacheFirst(expireIn: 60)).shop.name == "Cached")
        #expect(transport.requests.count == 1)

        // At 60 s it is expired: cacheFirst deletes it and asks the network, which fails, so nothing replaces it.
        transport.respond { _ in .json(503, "") }
        clock.advance(1)
        let expired = await client.queryResponse(shopNameQuery(), cachePolicy: .cacheFirst(expireIn: 60))
        if case .http(statusCode: 503)? = expired.error {
        } else {
            Issue.record("expected 503, got \(String(describing: expired.error))")
        }
        #expect(expired.model == nil)
        #expect(transport.requests.count == 2)
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent(key).path))
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent(key + ".meta").path))
        #expect(client.cache.item(forKey: key) == nil)
        let gone = await client.queryResponse(shopNameQuery(), cachePolicy: .cacheOnly)
        if case .cacheMiss? = gone.error {
        } else {
            Issue.record("expected .cacheMiss, got \(String(describing: gone.error))")
        }
    }

    /// The body files (not `.meta`) in a cache directory.
    private static func bodies(in directory: URL) throws -> Set<String> {
        Set(
            try FileManager.default.contentsOfDirectory(atPath: directory.path).filter {
                !$0.hasSuffix(".meta") && !$0.hasPrefix(".")
            })
    }
}

/// Where a closure ran, recorded from any thread.
private final class Places: Sendable {
    private let places = Locked<[String?]>([])
    var all: [String?] { places.current }
    func record(_ place: String?) { places.withLock { $0.append(place) } }
}
