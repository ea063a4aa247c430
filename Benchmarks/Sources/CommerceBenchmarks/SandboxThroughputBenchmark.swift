import CommerceCore
import CommerceSandbox
import Foundation

/// Create-order throughput and latency of the Button Order API against the sandbox's no-op route
/// (`GET /sandbox/ping`), same server, same client, same concurrency, one run. The ratio says how much of the
/// request cost is ours (validation, SQLite write, rendering) rather than HTTP and the client.
struct SandboxThroughputBenchmark {
    let quick: Bool

    func run() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ck-bench-\(UUID().uuidString)")
        let sandbox = try await Sandbox.start(SandboxOptions(port: 0, dataDirectory: directory))
        defer { try? FileManager.default.removeItem(at: directory) }
        let transport = URLSessionTransport()
        let concurrency = 8
        let perWorker = quick ? 50 : 400
        let base = sandbox.baseURL.absoluteString

        // Warm up connections and SQLite caches before measuring.
        _ = try await measure(workers: concurrency, perWorker: 10, transport: transport) { _, _ in
            HTTPRequest(method: .get, url: URL(string: base + "/sandbox/ping")!)
        }
        let ping = try await measure(workers: concurrency, perWorker: perWorker, transport: transport) { _, _ in
            HTTPRequest(method: .get, url: URL(string: base + "/sandbox/ping")!)
        }
        let create = try await measure(workers: concurrency, perWorker: perWorker, transport: transport) {
            worker, index in
            let body: JSONValue = [
                "order_id": .string("bench-\(worker)-\(index)"), "total": 5000, "currency": "USD",
                "purchase_date": "2025-01-15T12:00:00Z", "btn_ref": "fakesrctok-abcdef0123456789",
                "line_items": [
                    ["identifier": "sku-1", "total": 2000, "quantity": 1], ["identifier": "sku-2", "total": 3000],
                ],
                "customer": [
                    "id": "customer-1",
                    "email_sha256": "b4c9a289323b21a01c3e940f150eb9b8c542587f1abfd8f0e1cc1ffc5e475514",
                ],
            ]
            return HTTPRequest(
                method: .post, url: URL(string: base + "/v1/order")!,
                headers: ["Authorization": "Basic c2stc2FuZGJveDo=", "Content-Type": "application/json"],
                body: body.serializedData())
        }
        await sandbox.stop()

        print(
            "Sandbox: Button create-order vs no-op route (\(concurrency) concurrent clients, SQLite file in WAL mode)")
        print("  route              req/s      p50 ms   p99 ms")
        for (name, stats) in [("GET /sandbox/ping", ping), ("POST /v1/order", create)] {
            print(
                "  \(name.padding(toLength: 18, withPad: " ", startingAt: 0)) \(format(stats.throughput, 0).leftPad(7))"
                    + "  \(format(stats.percentile(0.5).milliseconds).leftPad(7))  \(format(stats.percentile(0.99).milliseconds).leftPad(7))"
            )
        }
        print(
            "  ratio create/no-op: throughput \(format(create.throughput / ping.throughput)), "
                + "p50 \(format(create.percentile(0.5).seconds / ping.percentile(0.5).seconds))x, "
                + "p99 \(format(create.percentile(0.99).seconds / ping.percentile(0.99).seconds))x\n")
    }

    private func measure(
        workers: Int, perWorker: Int, transport: URLSessionTransport,
        request: @escaping @Sendable (Int, Int) -> HTTPRequest
    ) async throws -> LatencyStats {
        let clock = ContinuousClock()
        let start = clock.now
        let latencies = try await withThrowingTaskGroup(of: [Duration].self) { group in
            for worker in 0..<workers {
                group.addTask {
                    var own: [Duration] = []
                    own.reserveCapacity(perWorker)
                    for index in 0..<perWorker {
                        let began = clock.now
                        let response = try await transport.send(request(worker, index))
                        guard response.statusCode < 300 else {
                            throw BenchmarkFailure(
                                "HTTP \(response.statusCode): \(String(decoding: response.body, as: UTF8.self))")
                        }
                        own.append(clock.now - began)
                    }
                    return own
                }
            }
            var all: [Duration] = []
            for try await part in group { all += part }
            return all
        }
        return LatencyStats(latencies: latencies, elapsed: clock.now - start)
    }
}

struct BenchmarkFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

extension String {
    func leftPad(_ width: Int) -> String { count >= width ? self : String(repeating: " ", count: width - count) + self }
}
