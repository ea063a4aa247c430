import CommerceCore
import Foundation
import Testing
@testable import CommerceSandbox

@Suite struct FaultInjectorTests {
    private static func fault(_ mode: FaultInjector.Mode) -> FaultInjector.Fault {
        .init(method: .post, path: "/api/thing", count: 1, mode: mode, status: 500, delayMilliseconds: 0,
              body: ["error": "Injected fault"], dropsConnection: true)
    }

    @Test func dropAfterCommitRunsTheHandlerAndMarksItsAnswerLost() async throws {
        let faults = FaultInjector()
        try faults.add(Self.fault(.after))
        let request = SandboxRequest(method: .post, rawPath: "/api/thing")
        let handled = LockedValue(0)
        let handler: () async throws -> SandboxResponse = {
            handled.withValue { $0 += 1 }
            return .json(["ok": true], status: 201)
        }
        let lost = try await faults.apply(to: request, handler: handler)
        #expect(lost.dropsConnection)
        #expect(lost.status == 201)          // the committed answer, not the fault's status
        #expect(handled.value == 1)
        let next = try await faults.apply(to: request, handler: handler)
        #expect(!next.dropsConnection)
        #expect(handled.value == 2)
    }

    @Test func dropBeforeLosesTheRequestUnprocessed() async throws {
        let faults = FaultInjector()
        try faults.add(Self.fault(.before))
        let request = SandboxRequest(method: .post, rawPath: "/api/thing")
        let handled = LockedValue(0)
        let lost = try await faults.apply(to: request) {
            handled.withValue { $0 += 1 }
            return .json(["ok": true])
        }
        #expect(lost.dropsConnection)
        #expect(handled.value == 0)
    }

    @Test func onlyDropFaultsReportTheDropInTheirJSON() {
        #expect(Self.fault(.after).json["drop_connection"] == true)
        let plain = FaultInjector.Fault(method: .post, path: "/v1/app/order", count: 1, mode: .before, status: 503,
                                        delayMilliseconds: 0, body: ["error": "Injected fault"])
        #expect(plain.json.objectValue?.keys.contains("drop_connection") == false)
    }
}
