import CommerceCore
import CommerceTesting
import Foundation
import Testing

@testable import RezolvePartnerServer
@testable import RezolveSDK

@Suite("External payment callback, partner side (§3.5.10, §6.10)")
struct ExternalCallbackTests {
    /// A stand-in for Rezolve that applies the first decision per payment and answers 422 afterwards.
    static func rezolveStandIn() -> InMemoryTransport {
        let decided = Locked<Set<String>>([])
        return InMemoryTransport { request in
            let id = request.url.lastPathComponent
            guard id == "X" || id == "Y" else { return HTTPResponse(statusCode: 400) }
            guard let json = try? JSONValue.parse(request.body ?? Data()),
                let action = json["action"]?.stringValue, ["approve", "reject"].contains(action)
            else {
                return HTTPResponse(statusCode: 400)
            }
            let first = decided.withLock { (set: inout Set<String>) -> Bool in set.insert(id).inserted }
            return HTTPResponse(statusCode: first ? 204 : 422)
        }
    }

    @Test func theSequenceOfSection610() async throws {
        let transport = Self.rezolveStandIn()
        let callback = RezolveExternalPaymentCallback(environment: .sandbox, transport: transport)
        #expect(try await callback.report(.approve, paymentId: "X") == .applied)
        #expect(
            transport.requests.last?.url.absoluteString == "https://core.sbx.eu.rezolve.com/api/v3/external/callback/X")
        #expect(
            transport.requests.last?.body.map { String(decoding: $0, as: UTF8.self) }
                == #"{"action":"approve","reason":null}"#)
        #expect(try await callback.report(.approve, paymentId: "X") == .alreadyDecided)
        #expect(try await callback.report(.reject(reason: "late"), paymentId: "X") == .alreadyDecided)
        #expect(try await callback.report(.approve, paymentId: "unknown") == .rejectedAsInvalid)
        #expect(try await callback.report(.reject(reason: "card_declined: 05"), paymentId: "Y") == .applied)
        #expect(
            transport.requests.last?.body.map { String(decoding: $0, as: UTF8.self) }
                == #"{"action":"reject","reason":"card_declined: 05"}"#)
    }

    @Test func aServerErrorIsReportedWithItsStatus() async throws {
        let callback = RezolveExternalPaymentCallback(
            environment: .sandbox,
            transport: InMemoryTransport { _ in HTTPResponse(statusCode: 500) })
        #expect(try await callback.report(.approve, paymentId: "X") == .failed(status: 500))
    }
}
