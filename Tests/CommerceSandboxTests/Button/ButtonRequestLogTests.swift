import CommerceCore
@testable import CommerceSandbox
import Foundation
import Testing

@Suite("Request log capacity per service prefix (§5.3.8)")
struct ButtonRequestLogTests {
    static let start = Date(timeIntervalSince1970: 1_736_942_400)

    static func entry(_ path: String, at offset: TimeInterval, status: Int = 200) -> RequestLog.Entry {
        RequestLog.Entry(method: .post, path: path, query: nil, status: status, time: start.addingTimeInterval(offset),
                         userAgent: nil, host: nil, body: Data())
    }

    @Test func trafficToOtherServicesDoesNotEvictButtonEntries() {
        let log = RequestLog()
        for index in 0..<1000 { log.record(Self.entry("/v1/order/\(index)", at: Double(index))) }
        for index in 0..<5000 { log.record(Self.entry("/rest/oauth/requestGuestToken.json", at: 1000 + Double(index))) }
        let button = log.entries(pathPrefix: "/v1/")
        #expect(button.count == 1000)
        #expect(button.first?.path == "/v1/order/0")
        #expect(log.entries(pathPrefix: "/rest/").count == 1000)
    }

    @Test func buttonKeepsItsLatestThousand() {
        let log = RequestLog()
        for index in 0..<1500 { log.record(Self.entry("/v1/app/events", at: Double(index), status: index)) }
        let kept = log.entries(pathPrefix: "/v1/")
        #expect(kept.count == 1000)
        #expect(kept.first?.status == 500)
        #expect(kept.last?.status == 1499)
    }

    @Test func entriesOfAllServicesComeBackInArrivalOrder() {
        let log = RequestLog(capacity: 10)
        log.record(Self.entry("/v1/order", at: 0))
        log.record(Self.entry("/rest/a", at: 1))
        log.record(Self.entry("/v1/order/late", at: 0.5))  // an `after` fault is recorded after its response
        log.record(Self.entry("/api/b", at: 1))
        #expect(log.entries().map(\.path) == ["/v1/order", "/v1/order/late", "/rest/a", "/api/b"])
        log.removeAll(pathPrefix: "/v1/")
        #expect(log.entries().map(\.path) == ["/rest/a", "/api/b"])
    }

    @Test func prefixesBeyondTheLimitShareOnePartition() {
        let log = RequestLog(capacity: 2, maximumPrefixes: 1)
        log.record(Self.entry("/v1/order", at: 0))
        for index in 0..<5 { log.record(Self.entry("/junk\(index)/x", at: 1 + Double(index))) }
        #expect(log.entries(pathPrefix: "/v1/").count == 1)
        #expect(log.entries(pathPrefix: "/junk").map(\.path) == ["/junk3/x", "/junk4/x"])
    }

    @Test func servicePrefixIsTheFirstSegment() {
        #expect(RequestLog.servicePrefix(of: "/v1/order/a/b") == "/v1")
        #expect(RequestLog.servicePrefix(of: "/health") == "/health")
        #expect(RequestLog.servicePrefix(of: "/") == "/")
    }
}
