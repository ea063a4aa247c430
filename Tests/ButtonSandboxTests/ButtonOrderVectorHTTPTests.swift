import CommerceCore
import CommerceTestSupport
import Foundation
import SandboxTestSupport
import Testing

@testable import CommerceSandbox

@Suite("Button Order API over HTTP against the shared vectors (§4, §6.4, §6.5)")
struct ButtonOrderVectorHTTPTests {
    /// One or more vectors of each table, the §6.2/§6.5 ones and the multi-failure orderings.
    static let sent = ButtonOrderVectors.named([
        "O2 fraction", "O8 30 February", "O13 upper-case hex (§6.5)", "O12 space (§6.5)", "C2 openssl prefix (§6.2)",
        "L5 zero (J3, §6.4)", "L8 eight levels (J3, §6.4)", "duplicate identifier at 0 and 2 (J3, §6.4)",
        "items one after another, each field once, with its own index",
        "table order: order fields, then customer, then line items",
        "every member of the wrong type: one failure per field", "S5 before a field failure, which is still listed",
        "S5 judges only a well-formed order_id (O6 reports it)", "body [] is not an object",
        "accepted: test token (§6.5)", "accepted: seed placeholder token (§6.5)",
        "accepted: upper-case email hash (§6.2)", "update: order_id may be omitted",
        "O7 before API version 2018-02-13: purchase_date optional",
    ])

    @Test("A vector's body gets the vector's answer: 200, or 400 listing its failures in order", arguments: sent)
    func sendsVector(_ vector: ButtonOrderVector) async throws {
        // Each vector gets its own sandbox, so vectors that share order_id 1989 never meet S2.
        let sandbox = try ButtonSandboxHarness()
        // Before the base body's finalization date, so O10 stays out of the answer.
        try await sandbox.setClock("2017-07-01T12:00:00Z")
        var headers: HTTPHeaders = [:]
        if !vector.requiresPurchaseDate { headers["X-Button-API-Version"] = "2017-06-01" }
        let path: String
        if let updating = vector.updating {
            var existing = ButtonOrderVectors.baseBody
            existing["order_id"] = .string(updating)
            #expect(try await sandbox.api(.post, "/v1/order", json: .object(existing)).status == 200)
            path = "/v1/order/\(updating)"
        } else {
            path = "/v1/order"
        }
        let reply = try await sandbox.api(.post, path, raw: vector.body.serialized(), headers: headers)
        guard let first = vector.expected.first else {
            #expect(reply.status == 200, "\(reply.body)")
            return
        }
        #expect(reply.status == 400)
        #expect(reply.errorType == "invalid_request")
        #expect(reply.errorField == first.field)
        #expect(reply.errorMessage == first.message)
        let listed = (reply.body["error"]?["details"]?["errors"]?.arrayValue ?? []).compactMap(ButtonVectorFailure.init)
        #expect(listed == vector.expected)
    }

    @Test("§6.4: every arithmetic vector with an answer is stored with that total and amount")
    func storesArithmetic() async throws {
        let vectors = ButtonOrderVectors.arithmetic.filter { $0.expected != nil }
        #expect(vectors.count == 8)
        let sandbox = try ButtonSandboxHarness()
        try await sandbox.setClock("2017-07-01T12:00:00Z")
        var body = ButtonOrderVectors.baseBody
        body["line_items"] = .array(vectors.map(\.item))
        let reply = try await sandbox.api(.post, "/v1/order", json: .object(body))
        #expect(reply.status == 200, "\(reply.body)")
        let items = reply.object["line_items"]?.arrayValue ?? []
        #expect(items.map { $0["total"]?.integerValue } == vectors.map { $0.expected?.total })
        #expect(items.map { $0["amount"]?.integerValue } == vectors.map { $0.expected?.amount })
    }
}
