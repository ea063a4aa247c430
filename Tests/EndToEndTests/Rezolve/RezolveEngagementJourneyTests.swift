import CommerceCore
import Foundation
import RezolveSDK
import Testing

/// J5 of spec §7: triggers, SSP engagements and acts, against the sandbox over HTTP, with request counts.
@Suite struct RezolveEngagementJourneyTests {
    /// Records the trigger manager's callbacks in order.
    @MainActor final class Recorder: ProductDelegate {
        var events: [String] = []
        var product: Product?
        nonisolated init() {}
        nonisolated func onProductResult(product: Product) {
            MainActor.assumeIsolated {
                self.product = product
                events.append("product")
            }
        }
        nonisolated func onCategoryResult(merchantId: String, category: RezolveCategory) {
            MainActor.assumeIsolated { events.append("category") }
        }
        nonisolated func onCategoryProductsResult(
            merchantId: String, category: RezolveCategory, productsPage: PageResult<DisplayProduct>
        ) {
            MainActor.assumeIsolated { events.append("categoryProducts") }
        }
    }

    /// The partner's SSP client, as `GET /sandbox/rezolve/partners` lists it, pointed at the sandbox.
    static func sspSettings(_ journey: RezolveJourney) async throws -> (SspActManagerSettings, JSONValue) {
        let (_, listing) = try await journey.sandbox.call(.get, "/sandbox/rezolve/partners")
        let partner = try #require(
            listing["partners"]?.arrayValue?.first { $0["partner_id"]?.stringValue == journey.credentials.partnerId })
        let ssp = try #require(partner["ssp"])
        let base = journey.sandbox.baseURL.absoluteString
        let settings = SspActManagerSettings(
            auth0ClientId: try #require(ssp["clientId"]?.stringValue),
            auth0Secret: try #require(ssp["clientSecret"]?.stringValue),
            auth0Audience: try #require(ssp["apiAudience"]?.stringValue), auth0Endpoint: base, sspEndpoint: base,
            sspWidth: "800", baiduLocationKey: nil)
        return (settings, ssp)
    }

    @Test func triggersEngagementsAndActs() async throws {
        try await SandboxHarness.with { sandbox async throws in
            let journey = try await RezolveJourney.start(sandbox)
            let (settings, sspCredentials) = try await Self.sspSettings(journey)
            let sdk = Rezolve(
                apiKey: journey.credentials.apiKey, partnerId: journey.credentials.partnerId, subPartnerId: nil,
                environment: journey.environment, config: journey.config(), sspActManagerSettings: settings,
                coordinatesConverter: .default)
            let (_, customer, session) = try await journey.customerSession(sdk: sdk)
            let sentBefore = journey.transport.requests.count

            // 1. A product trigger: start, one product callback, end; the stats count it.
            let recorder = Recorder()
            let errors = await Self.resolve(session, "http://rzlv.co/317/2/3/8?ad=20&placement=25", recorder)
            #expect(errors.isEmpty)
            #expect(await recorder.events == ["start", "product", "end"])
            let product = await recorder.product
            #expect(product?.title == "The Sandbox Handbook")
            #expect(product?.productPlacement?.adId == "20")
            let (_, stats) = try await sandbox.call(.get, "/sandbox/rezolve/stats/triggers")
            #expect(
                stats["triggers"] == [
                    [
                        "merchant_id": "2", "category_id": 3, "product_id": 8, "ad_id": "20",
                        "placement_id": "25", "count": 1,
                    ]
                ])

            // 2. A plain URL: the error callback, then end, and no request.
            let plain = Recorder()
            let plainErrors = await Self.resolve(session, "https://example.com/promo", plain)
            #expect(await plain.events == ["start", "error", "end"])
            #expect(plainErrors == [.notARezolveTrigger(URL(string: "https://example.com/promo")!)])

            // 3. Engagements and their targets.
            let acts = session.sspActManager
            #expect(
                try await acts.resolveEngagement(engagementId: "eng-product-6").target
                    == .product(
                        RezolveTrigger(
                            kind: .product(partnerId: 317, merchantId: 12, categoryId: 70, productId: 6), adId: "20",
                            placementId: "25")))
            #expect(
                try await acts.resolveEngagement(engagementId: "eng-url-1").target
                    == .url(URL(string: "https://example.com/promo")!))
            #expect(
                try await acts.resolveEngagement(engagementId: "eng-act-url").target
                    == .product(
                        RezolveTrigger(
                            kind: .product(partnerId: 317, merchantId: 2, categoryId: 3, productId: 8))))
            #expect(try await acts.resolveEngagement(engagementId: "eng-inactive").target == .inactive)
            let actEngagement = try await acts.resolveEngagement(engagementId: "eng-act-1")
            guard case .act(let engagedAct) = actEngagement.target else {
                Issue.record("\(actEngagement.target)")
                return
            }
            #expect(engagedAct.scanId == actEngagement.serviceId)

            // 4. The act's page, a valid submission, and a refused one.
            let act = try await acts.getAct(actId: "act-1")
            var page = try PageBuilder().build(from: try #require(act.pageBuildingBlocks))
            #expect(page.elements.count == 7)
            #expect(!page.isValid)
            page.setValue(.text("ana@example.com"), forElementId: "q-email")
            #expect(page.isValid)
            page.setValue(.option(2), forElementId: "q-size")
            let saved = try await acts.submitAct(
                actId: act.id,
                actSubmission: SspActSubmission(
                    firstName: "Ana", scanId: engagedAct.scanId, answers: page.answers))
            #expect(saved.actId == "act-1")
            let (_, stored) = try await sandbox.call(.get, "/sandbox/rezolve/acts/act-1/submissions")
            #expect(stored["submissions"]?[0]?["entityId"]?.stringValue == customer.entityId)
            #expect(
                stored["submissions"]?[0]?["answers"] == [
                    ["questionId": "q-email", "answer": "ana@example.com"],
                    ["questionId": "q-size", "answer": "2"],
                ])
            do {
                _ = try await acts.submitAct(
                    actId: act.id,
                    actSubmission: SspActSubmission(answers: [
                        SspSubmissionAnswer(questionId: "q-email", answer: "ana@example.com"),
                        SspSubmissionAnswer(questionId: "q-size", answer: "7"),
                    ]))
                Issue.record("size 7 was accepted")
            } catch let error as RezolveError {
                guard case .sspProblem(let status, _, let fields) = error else {
                    Issue.record("\(error)")
                    return
                }
                #expect(status == 400)
                #expect(fields["answers[1].answer"] == ["Value is not an allowed option."])
            }

            // 5. An information page is refused locally, and by the server when posted raw.
            let info = try await acts.getAct(actId: "act-info-1")
            #expect(info.isInformationPage == true)
            let beforeRefusal = journey.transport.requests.count
            await #expect(throws: RezolveError.actIsInformationPage) {
                _ = try await acts.submitAct(actId: "act-info-1", actSubmission: SspActSubmission(answers: []))
            }
            #expect(journey.transport.requests.count == beforeRefusal)
            let (_, token) = try await sandbox.call(.post, "/v1/OAuthProxy/token", json: sspCredentials)
            let raw = try await sandbox.call(
                .post, "/v1/submissions/act/act-info-1/answers", json: ["answers": []],
                headers: ["Authorization": "Bearer \(token["bearerToken"]?.stringValue ?? "")"])
            #expect(raw.status == 400)
            #expect(raw.body["title"] == "Information pages cannot be submitted.")

            // 6. An unknown block type from the control route.
            let (added, _) = try await sandbox.call(
                .post, "/sandbox/rezolve/acts",
                json: [
                    "id": "act-carousel", "name": "Gallery",
                    "pageBuildingBlocks": [
                        ["id": "c1", "type": "carousel"], ["id": "t1", "type": "text", "text": "Swipe"],
                    ],
                ])
            #expect(added == 201)
            let gallery = try await acts.getAct(actId: "act-carousel")
            let blocks = try #require(gallery.pageBuildingBlocks)
            #expect(throws: PageBuilderError.unsupportedElement(type: "carousel")) {
                try PageBuilder().build(from: blocks)
            }
            #expect(PageBuilder().buildIgnoringErros(elements: blocks).elements.count == 1)

            // Request counts: one bearer for everything, one core call for the product trigger.
            let sent = journey.transport.requests.dropFirst(sentBefore).map(\.url.path)
            #expect(sent.filter { $0 == "/v1/OAuthProxy/token" }.count == 1)
            #expect(sent.filter { $0.hasPrefix("/v1/resolver/") }.count == 5)
            #expect(sent.filter { $0.hasPrefix("/v1/Engagements/act/") }.count == 3)
            #expect(sent.filter { $0.hasPrefix("/v1/submissions/") }.count == 2)
            #expect(sent.filter { $0.hasPrefix("/api/") }.count == 1)
            #expect(sent.count == 12)
        }
    }

    /// The callback form of `resolve`, returning the errors passed to `errorCallback` once `end` has run.
    @MainActor
    static func resolve(_ session: RezolveSession, _ text: String, _ recorder: Recorder) async -> [RezolveError] {
        var errors: [RezolveError] = []
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            session.triggerManager.resolve(
                url: URL(string: text)!, productDelegate: recorder,
                onRezolveTriggerStart: { recorder.events.append("start") },
                onRezolveTriggerEnd: {
                    recorder.events.append("end")
                    done.resume()
                },
                errorCallback: { error in
                    errors.append(error)
                    recorder.events.append("error")
                })
        }
        return errors
    }
}
