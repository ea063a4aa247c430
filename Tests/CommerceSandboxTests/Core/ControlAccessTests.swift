import CommerceCore
import Foundation
import SandboxTestSupport
import Testing

@testable import CommerceSandbox
@testable import SandboxCore

/// Which binds need the control token, and what a replayed request's curl line looks like.
@Suite struct ControlAccessTests {
    @Test func onlyLoopbackBindsGoWithoutAToken() {
        for host in ["127.0.0.1", "127.0.0.2", "localhost", "LOCALHOST", "::1", "[::1]"] {
            #expect(ControlAccess(options: SandboxOptions(host: host)).token == nil, "\(host)")
        }
        for host in ["0.0.0.0", "::", "192.168.1.10", "10.0.0.5", "example.local"] {
            let token = ControlAccess(options: SandboxOptions(host: host)).token
            #expect(token?.count == 32, "\(host)")
        }
        // Each start draws a new token; one given is used, on loopback too.
        #expect(
            ControlAccess(options: SandboxOptions(host: "0.0.0.0")).token
                != ControlAccess(options: SandboxOptions(host: "0.0.0.0")).token)
        #expect(
            ControlAccess(options: SandboxOptions(host: "127.0.0.1", controlToken: "given-1234")).token == "given-1234")
    }

    @Test func aGivenTokenIsRequiredOnLoopbackAndVendorPathsStayOpen() async throws {
        let rig = try RouterTestRig(SandboxOptions(port: 0, inMemory: true, controlToken: "given-1234"))
        #expect(try await rig.send(.get, "/sandbox/faults", body: Data(), headers: [:]).status == 401)
        #expect(
            try await rig.send(.get, "/sandbox/faults", body: Data(), headers: ["Authorization": "Bearer given-1234"])
                .status == 200)
        #expect(
            try await rig.send(.get, "/sandbox/faults", body: Data(), headers: ["Authorization": "bearer given-1234"])
                .status == 200)
        #expect(
            try await rig.send(.get, "/sandbox/faults", body: Data(), headers: ["Authorization": "Bearer given-12345"])
                .status == 401)
        #expect(try await rig.send(.get, "/sandbox/health", body: Data(), headers: [:]).status == 200)
        // The vendor's own answer (Button's 401 for a missing key), not the control token's.
        let vendor = try await rig.send(.get, "/v1/order/x", body: Data(), headers: [:])
        #expect(vendor.json["meta"]?["status"] == "error")
    }

    @Test func curlLinesReplayHeadAndLeaveBinaryBodiesOut() {
        let head = JournalEntry(
            id: 1, service: "button", method: .head, path: "/v1/order/a b", query: "x=1", status: 200, time: Date(),
            wallTime: Date(), durationSeconds: 0, requestHeaders: ["Host": "h"], requestBody: Data())
        #expect(
            JournalCurl.command(for: head, baseURL: "http://127.0.0.1:8080")
                == "curl -I 'http://127.0.0.1:8080/v1/order/a%20b?x=1'")
        let binary = JournalEntry(
            id: 2, service: nil, method: .post, path: "/upload", query: nil, status: 200, time: Date(),
            wallTime: Date(), durationSeconds: 0, requestHeaders: [:], requestBody: Data([0xff, 0xfe, 0x00]))
        #expect(
            JournalCurl.command(for: binary, baseURL: "http://s")
                == "curl -X POST --data-binary @body.bin 'http://s/upload'")
    }
}
