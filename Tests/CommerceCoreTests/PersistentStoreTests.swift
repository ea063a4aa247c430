import CommerceCore
import CommerceTestSupport
import Foundation
import Testing

@Suite struct PersistentStoreTests {
    @Test func valuesSurviveReopening() throws {
        let directory = TestDirectories.path("ck-store")
        let store = try PersistentStore(directory: directory, namespace: "button-merchant")
        store.set("srctok-1", forKey: "com.usebutton.attribution-token")
        store.set(true, forKey: "com.usebutton.post-install-fetched")
        store.set(Data([1, 2, 3]), forKey: "blob")

        let reopened = try PersistentStore(directory: directory, namespace: "button-merchant")
        #expect(reopened.string(forKey: "com.usebutton.attribution-token") == "srctok-1")
        #expect(reopened.bool(forKey: "com.usebutton.post-install-fetched"))
        #expect(reopened.data(forKey: "blob") == Data([1, 2, 3]))
    }

    @Test func fileIsPrivateToItsOwner() throws {
        let store = try PersistentStore(directory: TestDirectories.path("ck-store"), namespace: "secrets")
        store.set("x", forKey: "k")
        let path = try #require(store.fileURL?.path)
        let permissions = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        #expect(permissions == 0o600)
    }

    @Test func aWriteReplacesTheFileInsteadOfRewritingItInPlace() throws {
        // Writing in place would keep a pre-existing file's mode and inode; the atomic rename replaces both,
        // so a reader never sees a half-written file and the result is private whatever was there before.
        let directory = TestDirectories.path("ck-store")
        let store = try PersistentStore(directory: directory, namespace: "ns")
        store.set("first", forKey: "k")
        let path = try #require(store.fileURL?.path)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)
        let inodeBefore = try FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber] as? Int

        store.set("second", forKey: "k")
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        #expect(attributes[.posixPermissions] as? Int == 0o600)
        #expect(attributes[.systemFileNumber] as? Int != inodeBefore)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter {
            $0.hasSuffix(".tmp")
        }
        #expect(leftovers.isEmpty)
        #expect(try PersistentStore(directory: directory, namespace: "ns").string(forKey: "k") == "second")
    }

    @Test func leftoverTemporaryFileFromACrashIsIgnored() throws {
        let directory = TestDirectories.path("ck-store")
        let store = try PersistentStore(directory: directory, namespace: "ns")
        store.set("committed", forKey: "k")
        // A crash between writing the temporary file and renaming it leaves a half-written sibling behind.
        try Data("{\"k\":{\"str".utf8).write(to: directory.appendingPathComponent(".ns.json.crash.tmp"))
        let reopened = try PersistentStore(directory: directory, namespace: "ns")
        #expect(reopened.string(forKey: "k") == "committed")
    }

    @Test func unreadableFileIsMovedAsideNotFatal() throws {
        let directory = TestDirectories.path("ck-store")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try Data("not json".utf8).write(to: directory.appendingPathComponent("ns.json"))
        let store = try PersistentStore(directory: directory, namespace: "ns")
        #expect(store.keys.isEmpty)
        #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("ns.json.corrupt").path))
    }

    @Test func removeAllWithPrefixKeepsOtherKeys() throws {
        let store = PersistentStore()
        store.set("a", forKey: "com.usebutton.attribution-token")
        store.set("b", forKey: "com.usebutton.session-id")
        store.set("2025-01-01T00:00:00Z", forKey: "commercekit.button.first-seen")
        store.removeAll(withPrefix: "com.usebutton.")
        #expect(store.keys == ["commercekit.button.first-seen"])
    }

    @Test func codableValuesRoundTrip() throws {
        struct Session: Codable, Equatable {
            var token: String
            var expires: Date
        }
        let store = PersistentStore()
        let session = Session(token: "t", expires: Date(timeIntervalSince1970: 100))
        store.set(codable: session, forKey: "session")
        #expect(store.codable(Session.self, forKey: "session") == session)
    }
}
