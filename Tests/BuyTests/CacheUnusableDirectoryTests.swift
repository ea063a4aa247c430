import CommerceCore
import CommerceTestSupport
import CommerceTesting
import Foundation
import Testing

@testable import Buy

/// Spec §2.4/§3.5: an unusable cache directory only disables the disk tier. The client still sends requests,
/// and the memory tier still answers `.cacheFirst`, `.cacheOnly` and `.networkFirst`.
@Suite struct CacheUnusableDirectoryTests {
    /// A regular file, used as (or as a parent of) the cache directory, so no directory can be created.
    private static func regularFile() throws -> URL {
        let file = TestDirectories.make("BuyTests").appendingPathComponent("not-a-directory")
        try Data("plain file".utf8).write(to: file)
        return file
    }

    private static func isRegularFile(_ url: URL) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && !isDirectory.boolValue
    }

    @Test(arguments: [false, true])
    func memoryTierServesCachedAnswers(underTheFile: Bool) async throws {
        let file = try Self.regularFile()
        let root = underTheFile ? file.appendingPathComponent("caches", isDirectory: true) : file
        let clock = TestClock()
        let transport = InMemoryTransport(responses: [shopResponse("Fresh")])
        let client = makeClient(transport: transport, clock: clock, cacheDirectory: root)

        // The network answer is delivered and kept in memory, although nothing can be written to disk.
        #expect(try await client.query(shopNameQuery()).shop.name == "Fresh")
        #expect(transport.requests.count == 1)
        #expect(Self.isRegularFile(file))
        let shopDirectory = try #require(client.cache.directory)
        #expect(!FileManager.default.fileExists(atPath: shopDirectory.path))

        transport.respond { _ in shopResponse("Newer") }
        #expect(try await client.query(shopNameQuery(), cachePolicy: .cacheFirst(expireIn: 60)).shop.name == "Fresh")
        let callback = await callbackResult {
            client.queryGraphWith(shopNameQuery(), cachePolicy: .cacheOnly, completionHandler: $0)
        }
        #expect(callback.0?.shop.name == "Fresh")
        #expect(callback.1 == nil)
        #expect(transport.requests.count == 1)

        // .networkFirst falls back to the memory tier when the network gives no model.
        transport.respond { _ in throw TransportError.connectionFailed("offline") }
        let fallback = await client.queryResponse(shopNameQuery(), cachePolicy: .networkFirst(expireIn: 60))
        #expect(fallback.model?.shop.name == "Fresh")
        #expect(fallback.error == nil)
        #expect(transport.requests.count == 2)

        // Expiry still applies to the memory tier; a fresh answer replaces the expired one.
        clock.advance(61)
        transport.respond { _ in shopResponse("Newer") }
        #expect(try await client.query(shopNameQuery(), cachePolicy: .cacheFirst(expireIn: 60)).shop.name == "Newer")
        #expect(transport.requests.count == 3)
        #expect(Self.isRegularFile(file))
    }

    @Test func purgeAndAnotherClientSeeNoDiskTier() async throws {
        let file = try Self.regularFile()
        let client = makeClient(transport: InMemoryTransport(responses: [shopResponse("Fresh")]), cacheDirectory: file)
        #expect(try await client.query(shopNameQuery()).shop.name == "Fresh")

        // A second client over the same directory has nothing to read: the answer lived only in the first
        // client's memory.
        let other = makeClient(transport: InMemoryTransport(), cacheDirectory: file)
        let miss = await other.queryResponse(shopNameQuery(), cachePolicy: .cacheOnly)
        if case .cacheMiss? = miss.error {
        } else {
            Issue.record("expected .cacheMiss, got \(String(describing: miss.error))")
        }

        // Removing and purging work on the memory tier and leave the file alone.
        client.removeCachedResponse(for: shopNameQuery())
        let removed = await client.queryResponse(shopNameQuery(), cachePolicy: .cacheOnly)
        if case .cacheMiss? = removed.error {} else { Issue.record("expected .cacheMiss after removeCachedResponse") }
        client.purgeCache()
        #expect(Self.isRegularFile(file))
        #expect((try? Data(contentsOf: file)) == Data("plain file".utf8))
    }
}
