import CommerceCore
import Foundation
import Testing

@testable import RezolveSDK

/// `ScanManager.handleDetected(_:)` and background listening (spec §2.9).
@MainActor
@Suite struct ScanTests {
    nonisolated static let handbook =
        #"{"id":8,"merchant_id":"2","title":"The Sandbox Handbook","price":12.5,"weight":0.4}"#

    @Test func detectionOutsideListeningResolvesLikeATrigger() async throws {
        let transport = Fixture.transport { _ in .json(200, Self.handbook) }
        let session = try await Fixture.session(transport)
        let scan = session.getScanManager()
        let recorder = CallRecorder()
        scan.productResultDelegate = recorder
        await scan.handleDetected(
            RezolveDetection(
                kind: .image, partnerId: 317, merchantId: 2, categoryId: 3, productId: 8,
                adId: "20", placementId: "25")
        ).value
        #expect(recorder.events == ["startRecognize", "product The Sandbox Handbook", "finishRecognize"])
        #expect(
            transport.requests.last?.pathAndQuery.hasSuffix("/merchant/2/category/3/product/8?ad_id=20&placement_id=25")
                == true)
    }

    @Test func detectionWithAnEngagementIdCallsOnSspEngagementResult() async throws {
        let fixture = SspFixture { request in
            if request.url.path.hasSuffix("/publickey") { return Fixture.publicKeyResponse }
            return .json(
                200,
                #"{"result":"Success","serviceId":"s","payloadPath":"/engagements/eng-7","payoffs":[],"rezolveCustomPayload":{"isActive":true}}"#
            )
        }
        let session = try await fixture.rezolve().createSession(
            accessToken: Fixture.jwt(), entityId: Fixture.entityId,
            partnerId: Fixture.partnerId)
        let scan = session.getScanManager()
        let recorder = CallRecorder()
        scan.productResultDelegate = recorder
        await scan.handleDetected(
            RezolveDetection(kind: .audio, partnerId: 317, merchantId: 0, categoryId: 0, engagementId: "eng-7")
        ).value
        #expect(recorder.events == ["startRecognize", "engagement eng-7 scanAudio", "finishRecognize"])
        let body = try JSONValue.parse(try #require(fixture.serviceRequests.last?.body))
        #expect(body["entityId"] == "E")
    }

    @Test func backgroundListeningGathersDeduplicatesAndReportsOnStop() async throws {
        let transport = Fixture.transport()
        let session = try await Fixture.session(transport)
        let scan = session.getScanManager()
        let recorder = CallRecorder()
        scan.autoDetectManagerDelegate = recorder
        scan.productResultDelegate = recorder
        let sentBefore = transport.requests.count
        scan.backgroundListening.start()
        for detection in [
            RezolveDetection(
                kind: .audio, partnerId: 317, merchantId: 12, categoryId: 70, productId: 6, adId: "20",
                placementId: "25", title: "Tee"),
            RezolveDetection(
                kind: .audio, partnerId: 317, merchantId: 12, categoryId: 70, productId: 6, adId: "99",
                placementId: "98"),
            RezolveDetection(kind: .audio, partnerId: 317, merchantId: 12, categoryId: 70),
            RezolveDetection(kind: .audio, partnerId: 317, merchantId: 2, categoryId: 3, productId: 9, isAct: true),
        ] { await scan.handleDetected(detection).value }
        let results = scan.backgroundListening.stop()
        #expect(
            results.map(\.triggerURL.absoluteString) == [
                "http://rzlv.co/317/12/70/6?ad=20&placement=25",
                "http://rzlv.co/317/12/70", "http://rzlv.co/317/2/3/9",
            ])
        #expect(results.map(\.isAct) == [false, false, true])
        #expect(results.first?.detectedAt == Fixture.now)
        #expect(transport.requests.count == sentBefore)
        try await recorder.stoppedListening.wait()
        #expect(recorder.autoDetected == results)
        #expect(!scan.backgroundListening.isListening)
        #expect(scan.backgroundListening.stop().isEmpty)
    }

    @Test func captureIsUnsupportedHere() async throws {
        let scan = try await Fixture.session(Fixture.transport()).getScanManager()
        #expect(throws: RezolveError.self) { try scan.startVideoScan() }
        #expect(throws: RezolveError.self) { try scan.startAudioScan() }
    }
}
