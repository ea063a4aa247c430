import CommerceCore
import Foundation
import SandboxTestSupport
import Testing

@testable import CommerceSandbox
@testable import SandboxCore

@Suite("Wire log: every exchange as one JSON line")
struct WireLogTests {
    @Test func vendorAndControlExchangesAreWrittenInFullWithTheirBodies() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("wire-log-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("exchanges.ndjson")
        var options = SandboxOptions.testing
        options.wireLog = file
        let rig = try RouterTestRig(options)

        let order = try await rig.send(
            .post, "/v1/order", body: Data(#"{"total":-1}"#.utf8),
            headers: ["Authorization": RouterTestRig.basic("sk-sandbox"), "Content-Type": "application/json"])
        #expect(order.status == 400)
        let health = try await rig.send(.get, "/sandbox/health?verbose=1", body: Data(), headers: [:])
        #expect(health.status == 200)

        let lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 2)
        let first = try JSONValue.parse(Data(lines[0].utf8))
        #expect(first["method"] == "POST")
        #expect(first["path"] == "/v1/order")
        #expect(first["requestBody"] == #"{"total":-1}"#)
        #expect(first["status"] == 400)
        // Unlike the journal, nothing is masked: the credentials are as sent.
        #expect(
            first["requestHeaders"]?.arrayValue?.contains(["Authorization", .string(RouterTestRig.basic("sk-sandbox"))])
                == true)
        #expect(first["responseBody"]?.stringValue == order.text)
        let second = try JSONValue.parse(Data(lines[1].utf8))
        #expect(second["path"] == "/sandbox/health")
        #expect(second["query"] == "verbose=1")
        #expect(second["responseBody"]?.stringValue == health.text)
    }
}
