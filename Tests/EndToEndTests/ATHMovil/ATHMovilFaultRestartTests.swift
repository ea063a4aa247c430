import CommerceCore
import CommerceSandbox
import Foundation
import Testing

/// Spec athmovil §5.8: everything survives a restart, injected faults included (Button's stay in memory).
@Suite struct ATHMovilFaultRestartTests {
    @Test func athMovilFaultsSurviveARestartAndButtonFaultsDoNot() async throws {
        try await SandboxHarness.withPersistent { sandbox in
            let findPayment = "/api/business-transaction/ecommerce/business/findPayment"
            let added = try await sandbox.harness.call(
                .post, "/sandbox/athmovil/faults",
                json: ["route": "findPayment", "count": 2, "status": 502, "errorcode": "BTRA_9998"])
            #expect(added.status == 201)
            let button = try await sandbox.harness.call(
                .post, "/sandbox/button/faults",
                json: ["method": "GET", "path": "/v1/order/*", "count": 1, "status": 503])
            #expect(button.status == 200)
            #expect(
                try await sandbox.harness.call(.get, "/sandbox/button/faults").body["objects"]?.arrayValue?.count == 1)
            // One use before the restart, so the stored count must have gone down.
            #expect(try await sandbox.harness.call(.post, findPayment, json: [:]).status == 502)

            try await sandbox.restart()
            let h = sandbox.harness
            let survived = try await h.call(.post, findPayment, json: [:])
            #expect(survived.status == 502)
            #expect(survived.body["errorcode"] == "BTRA_9998")
            #expect(try await h.call(.post, findPayment, json: [:]).status == 400)  // used up: the real answer
            #expect(try await h.call(.get, "/sandbox/button/faults").body["objects"]?.arrayValue?.count == 0)

            // A reset clears stored faults too.
            try await h.call(.post, "/sandbox/athmovil/faults", json: ["route": "findPayment", "count": 1])
            try await h.call(.post, "/sandbox/athmovil/reset")
            try await sandbox.restart()
            #expect(try await sandbox.harness.call(.post, findPayment, json: [:]).status == 400)
        }
    }
}
