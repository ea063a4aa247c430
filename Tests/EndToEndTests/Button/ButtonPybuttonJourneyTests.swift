import ButtonOrders
import CommerceCore
import CommerceSandbox
import Foundation
import Testing

/// J2 and J3 through the unmodified pybutton 3.0.0 (spec button.md §7), run from `swift test` whenever the
/// package's `.venv` exists (`.ci/run` creates it); skipped, not failed, when it does not.
@Suite(.enabled(if: Pybutton.isAvailable, "needs <package root>/.venv/bin/python with pybutton 3.0.0"))
struct ButtonPybuttonJourneyTests {
    /// Every J2 step and the pybutton cases of J3 and §6.1, as `Tests/RealClients/pybutton_check.py` runs them.
    @Test func pybuttonCheckScriptPasses() async throws {
        try await SandboxHarness.with { sandbox async throws in
            let port = try #require(sandbox.baseURL.port)
            let run = try await Pybutton.run(["Tests/RealClients/pybutton_check.py", "127.0.0.1", String(port)])
            #expect(run.status == 0, "pybutton_check.py failed:\n\(run.output)")
            #expect(run.output.contains("steps passed."), "\(run.output)")
        }
    }

    /// J2 in the spec's order with both clients on one order: pybutton creates, ButtonOrders reads (step 3),
    /// pybutton updates, ButtonOrders records the partial return (step 5), pybutton deletes and is refused.
    @Test func j2InterleavesPybuttonAndButtonOrders() async throws {
        try await SandboxHarness.with { sandbox async throws in
            let port = try #require(sandbox.baseURL.port)
            func pybutton(_ steps: String) async throws {
                let run = try await Pybutton.run(
                    ["Tests/RealClients/pybutton_check.py", "127.0.0.1", String(port)],
                    environment: ["PYBUTTON_STEPS": steps])
                #expect(run.status == 0, "pybutton steps \(steps) failed:\n\(run.output)")
                #expect(run.output.contains("All \(steps.split(separator: ",").count) steps passed."), "\(run.output)")
            }
            let orders = try sandbox.ordersClient().orders

            try await pybutton("setup,J2.1,J2.2")
            let read = try await orders.get("1989")
            #expect(read.total == 5000)
            #expect(read.lineItems.map(\.identifier) == ["sku-123", "sku-456"])
            #expect(read.customer?.emailSHA256 == OrderCustomer.hashEmail("user@example.com"))

            try await pybutton("J2.4")
            let returned = try await orders.update(
                "1989",
                OrderPayload(
                    total: 5000, currency: "USD", orderId: "1989", purchaseDate: try date("2017-07-01T00:00:00Z"),
                    customer: OrderCustomer(
                        id: "mycustomer-1234", emailSHA256: OrderCustomer.hashEmail("user@example.com")),
                    lineItems: [OrderLineItem(identifier: "sku-789", total: 5000, quantity: 1)]))
            #expect(returned.total == 5000)
            #expect(returned.lineItems.map(\.identifier) == ["sku-789"])
            #expect(returned.btnRef == "srctok-XXX")
            let versions = try await sandbox.call(.get, "/sandbox/button/organizations/org-sandbox/orders/1989").1
            #expect(versions["object"]?["versions"]?.arrayValue?.count == 3)

            try await pybutton("J2.6,J2.7,J2.8,J2.9")
            #expect(try await orders.get("1989").status == .deleted)
        }
    }

    /// J2.3: an order pybutton created reads back through ButtonOrders the same; §6.1.1: pybutton's headers.
    @Test func orderCreatedByPybuttonReadsBackThroughButtonOrders() async throws {
        try await SandboxHarness.with { sandbox async throws in
            try await sandbox.freezeClock(at: "2017-07-01T12:00:00Z")
            let port = try #require(sandbox.baseURL.port)
            let run = try await Pybutton.run(["-c", Pybutton.createSeedOrder, "127.0.0.1", String(port)])
            try #require(run.status == 0, "pybutton create failed:\n\(run.output)")
            // The snippet prints one JSON line last; anything before it would be Python warnings.
            let printed = try JSONValue.parse(String(try #require(run.output.split(separator: "\n").last)))
            let created = try JSONDecoder().decode(
                ReportedOrder.self, from: try #require(printed["order"]).serializedData())

            let fetched = try await sandbox.ordersClient().orders.get("1989")
            #expect(fetched.total == 5000)
            #expect(fetched.total == created.total)
            #expect(fetched.lineItems == created.lineItems)
            #expect(fetched.lineItems.map(\.identifier) == ["sku-123", "sku-456"])
            #expect(fetched.customer?.emailSHA256 == OrderCustomer.hashEmail("user@example.com"))
            #expect(fetched.customer?.emailSHA256 == created.customer?.emailSHA256)

            // What the sandbox saw arrive from pybutton.
            let logged = sandbox.sandbox.context.journal.entries(JournalFilter(path: .prefix("/v1/order")))
                .filter { $0.method == .post && $0.path == "/v1/order" }
            try #require(logged.count == 1)
            let userAgent = try #require(logged[0].userAgent)
            #expect(userAgent.wholeMatch(of: /pybutton\/3\.0\.0 python\/\d+\.\d+\.\d+/) != nil, "\(userAgent)")
            #expect(logged[0].host == "127.0.0.1:\(port)")
            // The request log keeps no Content-Type, so the other headers are taken from what pybutton wrote
            // on the socket: every header line passes through http.client's putheader.
            let headers = printed["headers"]?.objectValue ?? [:]
            func header(_ name: String) -> String? {
                headers.first { $0.key.lowercased() == name }?.value.stringValue
            }
            #expect(header("content-type") == "application/json")
            #expect(header("authorization") == "Basic c2stc2FuZGJveDo=")
            #expect(header("user-agent") == userAgent)
            #expect(header("host") == "127.0.0.1:\(port)")
        }
    }
}

/// The package's Python virtualenv and the pybutton snippets the journeys run in it.
enum Pybutton {
    /// `Tests/EndToEndTests/Button/<this file>` → the package root.
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static let python = packageRoot.appendingPathComponent(".venv/bin/python")

    static var isAvailable: Bool { FileManager.default.isExecutableFile(atPath: python.path) }

    /// Creates the seed's order 1989 (comma fixed, email hashed: S6, S7) with pybutton and prints
    /// `{"order": <data()>, "headers": {<header lines of the create request>}}`.
    static let createSeedOrder = #"""
        import hashlib, http.client, json, sys
        from pybutton import Client

        headers = {}
        original_putheader = http.client.HTTPConnection.putheader

        def recording_putheader(self, header, *values):
            headers[header] = ", ".join(v.decode("latin-1") if isinstance(v, bytes) else str(v) for v in values)
            return original_putheader(self, header, *values)

        http.client.HTTPConnection.putheader = recording_putheader
        email = hashlib.sha256("user@example.com".lower().strip().encode("utf8")).hexdigest()
        client = Client("sk-sandbox", {"hostname": sys.argv[1], "port": int(sys.argv[2]), "secure": False})
        order = client.orders.create({
            "total": 5000, "currency": "USD", "order_id": "1989",
            "purchase_date": "2017-07-01T00:00:00Z", "finalization_date": "2017-08-02T19:26:08Z",
            "btn_ref": "srctok-XXX",
            "line_items": [
                {"identifier": "sku-123", "total": 2000, "amount": 2000, "quantity": 1, "description": "pillow"},
                {"identifier": "sku-456", "total": 3000, "amount": 3000, "quantity": 1, "description": "sheet"},
            ],
            "customer": {"id": "mycustomer-1234", "email_sha256": email},
            "customer_order_id": "abcdef-123456",
        }).data()
        print(json.dumps({"order": order, "headers": headers}))
        """#

    /// Runs the venv's Python from the package root and returns its exit status and combined output.
    /// Stopped after 60 s so a hung request cannot hold the test run.
    static func run(_ arguments: [String], environment extra: [String: String] = [:]) async throws -> (
        status: Int32, output: String
    ) {
        try await withCheckedThrowingContinuation { continuation in
            // A plain thread reads the pipe to its end, so a chatty child never blocks on a full pipe and
            // the cooperative pool is never blocked.
            DispatchQueue.global().async {
                let process = Process()
                process.executableURL = python
                process.arguments = arguments
                process.currentDirectoryURL = packageRoot
                var environment = ProcessInfo.processInfo.environment
                // urllib honours proxy variables; the sandbox is on loopback.
                environment["NO_PROXY"] = "127.0.0.1,localhost"
                environment["no_proxy"] = "127.0.0.1,localhost"
                environment["PYTHONDONTWRITEBYTECODE"] = "1"
                environment.merge(extra) { _, given in given }
                process.environment = environment
                let pipe = Pipe()
                process.standardOutput = pipe
                process.standardError = pipe
                do {
                    try process.run()
                } catch {
                    continuation.resume(throwing: error)
                    return
                }
                let watchdog = DispatchWorkItem { [process] in if process.isRunning { process.terminate() } }
                DispatchQueue.global().asyncAfter(deadline: .now() + 60, execute: watchdog)
                let output = pipe.fileHandleForReading.readDataToEndOfFile()
                process.waitUntilExit()
                watchdog.cancel()
                continuation.resume(returning: (process.terminationStatus, String(decoding: output, as: UTF8.self)))
            }
        }
    }
}
