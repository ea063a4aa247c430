import CommerceCore
import Foundation
import Testing

@testable import CommerceSandbox
@testable import SandboxCore

@Suite("Request journal: capacity per service (Button §5.3.8), order, filters")
struct ButtonRequestLogTests {
    static let start = Date(timeIntervalSince1970: 1_736_942_400)

    static func record(
        _ journal: RequestJournal, _ path: String, service: String?, at offset: TimeInterval = 0,
        status: Int = 200, id: Int? = nil
    ) {
        let time = start.addingTimeInterval(offset)
        journal.record(
            JournalEntry(
                id: id ?? journal.nextID(), service: service, method: .post, path: path, query: nil, status: status,
                time: time, wallTime: time, durationSeconds: 0, requestHeaders: [:], requestBody: Data()))
    }

    @Test func trafficToOtherServicesDoesNotEvictButtonEntries() {
        let journal = RequestJournal(capacity: 1000)
        for index in 0..<1000 { Self.record(journal, "/v1/order/\(index)", service: "button", at: Double(index)) }
        for index in 0..<5000 {
            Self.record(journal, "/rest/oauth/requestGuestToken.json", service: "paytronix", at: 1000 + Double(index))
        }
        let button = journal.entries(JournalFilter(service: "button"))
        #expect(button.count == 1000)
        #expect(button.last?.path == "/v1/order/0")
        #expect(journal.entries(JournalFilter(service: "paytronix")).count == 1000)
    }

    @Test func buttonKeepsItsLatestThousand() {
        let journal = RequestJournal(capacity: 1000)
        for index in 0..<1500 {
            Self.record(journal, "/v1/app/events", service: "button", at: Double(index), status: 100 + index % 400)
        }
        let kept = journal.entries(JournalFilter(service: "button"))
        #expect(kept.count == 1000)
        #expect(kept.last?.time == Self.start.addingTimeInterval(500))
        #expect(kept.first?.time == Self.start.addingTimeInterval(1499))
    }

    @Test func entriesComeBackNewestFirstInArrivalOrder() {
        let journal = RequestJournal(capacity: 10)
        let early = journal.nextID()  // a slow `after` fault: arrived first, recorded last
        Self.record(journal, "/rest/a", service: "paytronix")
        Self.record(journal, "/api/b", service: "storefront")
        Self.record(journal, "/v1/order/late", service: "button", id: early)
        #expect(journal.entries().map(\.path) == ["/api/b", "/rest/a", "/v1/order/late"])
        journal.removeAll(service: "button")
        #expect(journal.entries().map(\.path) == ["/api/b", "/rest/a"])
    }

    @Test func pathsNoServiceOwnsShareOneBoundedRing() {
        let journal = RequestJournal(capacity: 2)
        Self.record(journal, "/v1/order", service: "button")
        for index in 0..<5 { Self.record(journal, "/junk\(index)/x", service: nil) }
        #expect(journal.entries(JournalFilter(service: "button")).count == 1)
        #expect(journal.entries(JournalFilter(path: .prefix("/junk"))).map(\.path) == ["/junk4/x", "/junk3/x"])
    }

    @Test func filtersByStatusClassTimeAndLimit() {
        let journal = RequestJournal()
        for (index, status) in [200, 404, 409, 503].enumerated() {
            Self.record(journal, "/v1/order/\(index)", service: "button", at: Double(index) * 60, status: status)
        }
        #expect(journal.entries(JournalFilter(status: .init("4xx"))).map(\.status) == [409, 404])
        #expect(journal.entries(JournalFilter(status: .init("503"))).count == 1)
        #expect(
            journal.entries(
                JournalFilter(since: Self.start.addingTimeInterval(60), until: Self.start.addingTimeInterval(120))
            )
            .map(\.status) == [409, 404])
        #expect(journal.entries(JournalFilter(limit: 1)).map(\.status) == [503])
        #expect(JournalFilter.StatusMatch("6xx") == nil)
        #expect(JournalFilter.StatusMatch("abc") == nil)
    }
}
