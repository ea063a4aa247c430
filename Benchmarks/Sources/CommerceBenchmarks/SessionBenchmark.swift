import CommerceCore
import CommerceSandbox
import CommerceTesting
import Foundation

/// Sessions and snapshots (Documentation/Testing.md), through the HTTP routes a test uses: creating a seeded
/// in-memory session (p50, p99) against the sandbox's no-op route over the same client, the resident memory of
/// 100 idle sessions, and restoring a snapshot of a world with 10,000 Button orders against taking it.
struct SessionBenchmark {
    let quick: Bool

    func run() async throws {
        say("== Sessions and snapshots ==")
        var options = SandboxOptions.testing
        options.maximumSessions = 200
        let sandbox = try await Sandbox.start(options)
        defer { Task { await sandbox.stop() } }
        let transport = URLSessionTransport()
        let base = sandbox.baseURL

        // Session creation, against GET /sandbox/ping on the same connection pool.
        let rounds = quick ? 20 : 100
        var ping: [Duration] = []
        var create: [Duration] = []
        let clock = ContinuousClock()
        for _ in 0..<rounds {
            ping.append(try await clock.measure { _ = try await Self.send(transport, .get, base, "/sandbox/ping") })
            var session: SandboxSession?
            create.append(try await clock.measure { session = try await SandboxSession.create(on: base) })
            try await session?.delete()
        }
        let pingStats = LatencyStats(latencies: ping, elapsed: .zero)
        let createStats = LatencyStats(latencies: create, elapsed: .zero)
        say(
            "create a seeded in-memory session: p50 \(format(createStats.percentile(0.5).milliseconds)) ms, "
                + "p99 \(format(createStats.percentile(0.99).milliseconds)) ms over \(rounds); no-op route p50 "
                + "\(format(pingStats.percentile(0.5).milliseconds, 3)) ms; ratio p50 "
                + "\(format(createStats.percentile(0.5).seconds / pingStats.percentile(0.5).seconds, 0))×")

        // Memory of idle sessions.
        let idleCount = quick ? 20 : 100
        let before = Self.residentBytes()
        var idle: [SandboxSession] = []
        for _ in 0..<idleCount { idle.append(try await SandboxSession.create(on: base)) }
        let after = Self.residentBytes()
        let perSession = Double(after - before) / Double(idleCount) / 1_048_576
        say(
            "\(idleCount) idle sessions: resident memory +\(format(Double(after - before) / 1_048_576, 1)) MiB, "
                + "\(format(perSession)) MiB per session")
        for session in idle { try await session.delete() }

        // Restoring a world of 10,000 orders.
        let orders = quick ? 1_000 : 10_000
        try await withThrowingTaskGroup(of: Void.self) { group in
            for worker in 0..<8 {
                group.addTask {
                    for index in stride(from: worker, to: orders, by: 8) {
                        let body: JSONValue = [
                            "order_id": .string("bench-\(index)"), "total": 1_000, "currency": "USD",
                            "purchase_date": "2026-11-01T00:00:00Z",
                        ]
                        let status = try await Self.send(
                            transport, .post, base, "/v1/order", body: body,
                            headers: ["Authorization": "Basic " + Data("sk-sandbox:".utf8).base64EncodedString()])
                        guard status == 200 else { throw BenchmarkFailure("order \(index): HTTP \(status)") }
                    }
                }
            }
            try await group.waitForAll()
        }
        let take = try await clock.measure {
            _ = try await Self.send(transport, .post, base, "/sandbox/snapshots", body: ["name": "bench"])
        }
        var restore: [Duration] = []
        for _ in 0..<(quick ? 3 : 10) {
            restore.append(
                try await clock.measure {
                    let status = try await Self.send(transport, .post, base, "/sandbox/reset", body: ["to": "bench"])
                    guard status == 200 else { throw BenchmarkFailure("restore: HTTP \(status)") }
                })
        }
        let restoreStats = LatencyStats(latencies: restore, elapsed: .zero)
        say(
            "restore a snapshot of \(orders) orders: p50 \(format(restoreStats.percentile(0.5).milliseconds)) ms "
                + "(max \(format(restoreStats.percentile(1).milliseconds)) ms); taking it: \(format(take.milliseconds)) ms; "
                + "restore / take \(format(restoreStats.percentile(0.5).seconds / take.seconds))×\n")
    }

    @discardableResult
    private static func send(
        _ transport: URLSessionTransport, _ method: HTTPMethod, _ base: URL, _ path: String, body: JSONValue? = nil,
        headers: HTTPHeaders = [:]
    ) async throws -> Int {
        guard let url = URL(string: base.absoluteString + path) else { throw BenchmarkFailure("bad path \(path)") }
        var all = headers
        if body != nil { all["Content-Type"] = "application/json" }
        return try await transport.send(
            HTTPRequest(method: method, url: url, headers: all, body: body?.serializedData())
        ).statusCode
    }

    /// VmRSS of this process, from /proc (0 where there is none).
    private static func residentBytes() -> Int {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
            let kilobytes = Int(line.split(separator: " ").dropFirst().first ?? "")
        else { return 0 }
        return kilobytes * 1024
    }
}
