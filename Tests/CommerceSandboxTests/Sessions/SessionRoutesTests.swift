import CommerceCore
import CommerceTestSupport
import Foundation
import GRDB
import Testing

@testable import CommerceSandbox

/// `/sandbox/sessions` and `/sandbox/snapshots` over real HTTP, and what they leave on disk.
@Suite struct SessionRoutesTests {
    @Test func badRequestsNameTheirFieldAndCreateNothing() async throws {
        try await Sandbox.withRunning { sandbox async throws in
            let cases: [(body: String, status: Int, field: String)] = [
                (#"{"name": 5}"#, 400, "name"),
                (#"{"name": ""}"#, 400, "name"),
                (#"{"name": "\#(String(repeating: "x", count: 101))"}"#, 400, "name"),
                (#"{"from": "no-such-snapshot"}"#, 404, "from"),
                ("[1]", 400, "body"),
            ]
            for item in cases {
                let answer = try await SessionHTTP.send(.post, sandbox.baseURL, "/sandbox/sessions", raw: item.body)
                #expect(answer.status == item.status, "\(item.body)")
                #expect(answer.body["error"]?["fields"]?[0]?["field"]?.stringValue == item.field, "\(item.body)")
            }
            #expect(try await SessionHTTP.sessions(sandbox.baseURL).isEmpty)
            let unknown = try await SessionHTTP.send(.delete, sandbox.baseURL, "/sandbox/sessions/s-nope")
            #expect(unknown.status == 404)
            #expect(unknown.body["error"]?["fields"]?[0]?["field"] == "id")
        }
    }

    @Test func theCapIsAClearErrorNamingIt() async throws {
        var options = SandboxOptions.testing
        options.maximumSessions = 2
        try await Sandbox.withRunning(options) { sandbox async throws in
            for _ in 0..<2 {
                #expect(try await SessionHTTP.send(.post, sandbox.baseURL, "/sandbox/sessions").status == 201)
            }
            let refused = try await SessionHTTP.send(.post, sandbox.baseURL, "/sandbox/sessions")
            #expect(refused.status == 429)
            #expect(refused.body["error"]?["fields"]?[0]?["field"] == "sessions")
            #expect(refused.body["error"]?["message"]?.stringValue?.contains("2 sessions") == true)
            #expect(try await SessionHTTP.sessions(sandbox.baseURL).count == 2)
        }
    }

    @Test func idleSessionsAreRemovedAndBusyOnesKept() async throws {
        var options = SandboxOptions.testing
        options.sessionIdleTimeout = 600
        try await Sandbox.withRunning(options) { sandbox async throws in
            let created = try await SessionHTTP.send(
                .post, sandbox.baseURL, "/sandbox/sessions", raw: #"{"name":"idle"}"#)
            let id = try #require(created.body["id"]?.stringValue)
            let base = try #require(created.body["base_url"]?.stringValue.flatMap(URL.init(string:)))
            #expect(try await SessionHTTP.createOrder(base, "o-idle").status == 200)
            #expect(await sandbox.host.sessions.removeIdle(now: Date()).isEmpty)
            #expect(await sandbox.host.sessions.removeIdle(now: Date().addingTimeInterval(601)) == [id])
            #expect(try await SessionHTTP.sessions(sandbox.baseURL).isEmpty)
            // Its world is gone: the port is closed (or, with tests running in parallel, already another sandbox's).
            let status = try? await SessionHTTP.getOrder(base, "o-idle")
            #expect(status != 200)
        }
    }

    @Test func aSessionServesEverythingForItselfAlone() async throws {
        try await Sandbox.withRunning { sandbox async throws in
            let created = try await SessionHTTP.send(
                .post, sandbox.baseURL, "/sandbox/sessions", raw: #"{"name":"mine"}"#)
            #expect(created.status == 201)
            let base = try #require(created.body["base_url"]?.stringValue.flatMap(URL.init(string:)))
            #expect(created.body["credentials"]?["base_url"]?.stringValue == base.absoluteString)
            #expect(created.body["credentials"]?["button"]?["api_key"] == "sk-sandbox")
            #expect(try await SessionHTTP.send(.get, base, "/sandbox/credentials").body == created.body["credentials"])
            #expect(try await SessionHTTP.createOrder(base, "o-session").status == 200)
            #expect(try await SessionHTTP.getOrder(base, "o-session") == 200)
            #expect(try await SessionHTTP.getOrder(sandbox.baseURL, "o-session") == 404)
            // The session's own port lists the sessions too, and can end itself.
            #expect(try await SessionHTTP.sessions(base).map { $0["name"] } == ["mine"])
            let id = try #require(created.body["id"]?.stringValue)
            #expect(try await SessionHTTP.send(.delete, sandbox.baseURL, "/sandbox/sessions/\(id)").status == 204)
            #expect(try await SessionHTTP.sessions(sandbox.baseURL).isEmpty)
        }
    }

    @Test func theConsoleLinksEveryWorldWithItsNameEscaped() async throws {
        try await Sandbox.withRunning { sandbox async throws in
            let created = try await SessionHTTP.send(
                .post, sandbox.baseURL, "/sandbox/sessions", raw: #"{"name":"<b>bold</b>"}"#)
            let id = try #require(created.body["id"]?.stringValue)
            let base = try #require(created.body["base_url"]?.stringValue)
            for page in [sandbox.baseURL.absoluteString, base] {
                let url = try #require(URL(string: page + "/sandbox/console"))
                let html = String(
                    decoding: try await URLSessionTransport().send(HTTPRequest(method: .get, url: url)).body,
                    as: UTF8.self)
                #expect(html.contains("<a href=\"\(sandbox.baseURL.absoluteString)/sandbox/console\""))
                #expect(html.contains("<a href=\"\(base)/sandbox/console\""))
                #expect(html.contains("&lt;b&gt;bold&lt;/b&gt; (\(id))"))
                #expect(!html.contains("<b>bold"))
                // The page's own world is the current one.
                #expect(html.contains("\(page)/sandbox/console\" aria-current=\"page\""))
            }
        }
    }

    @Test func aSnapshotRestoresByteIdenticalState() async throws {
        try await Sandbox.withRunning { sandbox async throws in
            #expect(try await SessionHTTP.createOrder(sandbox.baseURL, "o-kept").status == 200)
            _ = try await SessionHTTP.send(.post, sandbox.baseURL, "/sandbox/clock/advance", raw: #"{"seconds": 3600}"#)
            let taken = try await SessionHTTP.send(
                .post, sandbox.baseURL, "/sandbox/snapshots", raw: #"{"name":"one"}"#)
            #expect(taken.status == 201)
            #expect((taken.body["size_bytes"]?.integerValue ?? 0) > 0)
            let before = try Self.dump(sandbox)

            #expect(try await SessionHTTP.createOrder(sandbox.baseURL, "o-later").status == 200)
            _ = try await SessionHTTP.send(.post, sandbox.baseURL, "/sandbox/clock/advance", raw: #"{"seconds": 60}"#)
            _ = try await SessionHTTP.send(.post, sandbox.baseURL, "/sandbox/reset")
            #expect(try Self.dump(sandbox) != before)

            let reset = try await SessionHTTP.send(.post, sandbox.baseURL, "/sandbox/reset", raw: #"{"to":"one"}"#)
            #expect(reset.status == 200)
            #expect(reset.body["to"] == "one")
            #expect(try Self.dump(sandbox) == before)
            #expect(try await SessionHTTP.getOrder(sandbox.baseURL, "o-kept") == 200)
            #expect(try await SessionHTTP.getOrder(sandbox.baseURL, "o-later") == 404)
            // The restored world runs on the snapshot's clock, an hour ahead.
            let clock = try await SessionHTTP.send(.get, sandbox.baseURL, "/sandbox/clock").body
            #expect(clock["offset_seconds"]?.integerValue == 3600)

            // A session can start from the same snapshot, and what it does stays there.
            let session = try await SessionHTTP.send(
                .post, sandbox.baseURL, "/sandbox/sessions", raw: #"{"from":"one"}"#)
            let base = try #require(session.body["base_url"]?.stringValue.flatMap(URL.init(string:)))
            #expect(try await SessionHTTP.getOrder(base, "o-kept") == 200)
            #expect(try await SessionHTTP.createOrder(base, "o-session").status == 200)
            #expect(try await SessionHTTP.getOrder(sandbox.baseURL, "o-session") == 404)
        }
    }

    @Test func snapshotMistakesNameTheirFieldAndLoseNothing() async throws {
        try await Sandbox.withRunning { sandbox async throws in
            let base = sandbox.baseURL
            #expect(try await SessionHTTP.send(.post, base, "/sandbox/snapshots", raw: #"{"name":"a"}"#).status == 201)
            let cases: [(path: String, body: String, status: Int, field: String)] = [
                ("/sandbox/snapshots", #"{"name":"a"}"#, 409, "name"),
                ("/sandbox/snapshots", #"{"name":"../x"}"#, 400, "name"),
                ("/sandbox/snapshots", #"{}"#, 400, "name"),
                ("/sandbox/reset", #"{"to":"b"}"#, 404, "to"),
                ("/sandbox/reset?service=button", #"{"to":"a"}"#, 400, "service"),
            ]
            for item in cases {
                let answer = try await SessionHTTP.send(.post, base, item.path, raw: item.body)
                #expect(answer.status == item.status, "\(item.path) \(item.body)")
                #expect(answer.body["error"]?["fields"]?[0]?["field"]?.stringValue == item.field, "\(item.body)")
            }
            let listed = try await SessionHTTP.send(.get, base, "/sandbox/snapshots").body["snapshots"]?.arrayValue
            #expect(listed?.map { $0["name"] } == ["a"])
            #expect(try await SessionHTTP.send(.delete, base, "/sandbox/snapshots/a").status == 204)
            #expect(try await SessionHTTP.send(.delete, base, "/sandbox/snapshots/a").status == 404)
        }
    }

    @Test func fileBackedSnapshotsOutliveARestartAndSessionsDoNot() async throws {
        let directory = TestDirectories.path("Sessions")
        var options = SandboxOptions(port: 0, dataDirectory: directory)
        options.sessionIdleTimeout = 600
        try await Sandbox.withRunning(options) { sandbox async throws in
            #expect(try await SessionHTTP.createOrder(sandbox.baseURL, "o-file").status == 200)
            #expect(
                try await SessionHTTP.send(.post, sandbox.baseURL, "/sandbox/snapshots", raw: #"{"name":"disk"}"#)
                    .status
                    == 201)
            #expect(try await SessionHTTP.send(.post, sandbox.baseURL, "/sandbox/sessions").status == 201)
        }
        // What a killed run would leave behind: a session's directory.
        let leftover = SandboxHost.sessionsDirectory(options).appendingPathComponent("s-killed")
        try FileManager.default.createDirectory(at: leftover, withIntermediateDirectories: true)
        try await Sandbox.withRunning(options) { sandbox async throws in
            #expect(!FileManager.default.fileExists(atPath: leftover.path))
            #expect(try await SessionHTTP.sessions(sandbox.baseURL).isEmpty)
            let listed = try await SessionHTTP.send(.get, sandbox.baseURL, "/sandbox/snapshots").body["snapshots"]
            #expect(listed?.arrayValue?.map { $0["name"] } == ["disk"])
            _ = try await SessionHTTP.send(.post, sandbox.baseURL, "/sandbox/reset")
            #expect(try await SessionHTTP.getOrder(sandbox.baseURL, "o-file") == 404)
            #expect(
                try await SessionHTTP.send(.post, sandbox.baseURL, "/sandbox/reset", raw: #"{"to":"disk"}"#).status
                    == 200)
            #expect(try await SessionHTTP.getOrder(sandbox.baseURL, "o-file") == 200)
        }
    }

    @Test func anExportIsWhatTheNextStartImports() async throws {
        let folder = TestDirectories.path("SessionExport")
        let before = try await Sandbox.withRunning { sandbox async throws in
            #expect(try await SessionHTTP.createOrder(sandbox.baseURL, "o-exported").status == 200)
            #expect(
                try await SessionHTTP.send(.post, sandbox.baseURL, "/sandbox/snapshots", raw: #"{"name":"saved"}"#)
                    .status == 201)
            try sandbox.export(to: folder)
            return try Self.dump(sandbox)
        }
        var options = SandboxOptions.testing
        options.importDirectory = folder
        try await Sandbox.withRunning(options) { sandbox async throws in
            #expect(try Self.dump(sandbox) == before)
            #expect(try await SessionHTTP.getOrder(sandbox.baseURL, "o-exported") == 200)
            let listed = try await SessionHTTP.send(.get, sandbox.baseURL, "/sandbox/snapshots").body["snapshots"]
            #expect(listed?.arrayValue?.map { $0["name"] } == ["saved"])
        }
        options.importDirectory = folder.appendingPathComponent("nothing-here")
        await #expect(throws: SandboxError.self) { try await Sandbox.start(options) }
    }

    /// Every row of every table, as text.
    private static func dump(_ sandbox: Sandbox) throws -> String {
        try sandbox.context.database.writer.read { db in
            let sink = TextSink()
            try db.dumpContent(to: sink)
            return sink.text
        }
    }
}

/// Collects what GRDB's dump writes.
private final class TextSink: TextOutputStream {
    var text = ""
    func write(_ string: String) { text += string }
}
