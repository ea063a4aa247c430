import CommerceCore
import Foundation
import Testing

@testable import RezolveSDK

/// Engagement dispatch (spec §2.6), `PageBuilder` and `Page`, and `SspActManager` over an in-memory transport.
@Suite struct SspActTests {
    static let act1 = #"""
        {"id":"act-1","name":"Newsletter sign-up","customUrl":null,"isInformationPage":false,"isBuy":false,
         "pageBuildingBlocks":[
           {"id":"b1","type":"text","text":"Join our newsletter"},
           {"id":"b2","type":"divider"},
           {"id":"b3","type":"image","url":"http://127.0.0.1:8080/static/rezolve/img/act1.png"},
           {"id":"b4","type":"video","url":"http://127.0.0.1:8080/static/rezolve/video/act1.mp4"},
           {"id":"q-email","type":"textField","title":"Email","isRequired":true,"inputType":"email","placeholder":"you@example.com","minLength":3,"maxLength":120},
           {"id":"q-size","type":"select","title":"T-shirt size","isRequired":false,"options":[{"value":1,"label":"S"},{"value":2,"label":"M"}]},
           {"id":"q-birthday","type":"dateField","title":"Birthday","isRequired":false}],
         "questions":[
           {"id":"q-email","title":"Email","type":"email","isRequired":true},
           {"id":"q-size","title":"T-shirt size","type":"select","isRequired":false,"options":[{"value":1,"label":"S"},{"value":2,"label":"M"}]},
           {"id":"q-birthday","title":"Birthday","type":"date","isRequired":false}]}
        """#

    static func engagement(_ payload: String, active: Bool = true) throws -> ResolverEngagement {
        let json =
            #"{"result":"Success","serviceId":"scan-1","payloadPath":"/engagements/eng-x","payoffs":[],"rezolveCustomPayload":{"isActive":\#(active),\#(payload)}}"#
        return try JSONDecoder().decode(ResolverEngagement.self, from: Data(json.utf8))
    }

    // MARK: Dispatch

    @Test func dispatchOrderOfSection2_6() throws {
        let product = try Self.engagement(
            #""product":{"id":"6","customUrl":"https://rzlv.co/317/12/70/6?ad=20&placement=25"}"#)
        #expect(
            product.target
                == .product(
                    RezolveTrigger(
                        kind: .product(partnerId: 317, merchantId: 12, categoryId: 70, productId: 6),
                        adId: "20", placementId: "25")))
        #expect(product.engagementId == "eng-x")
        #expect(product.serviceId == "scan-1")
        let category = try Self.engagement(#""category":{"customUrl":"https://rzlv.co/317/12/70"}"#)
        #expect(
            category.target
                == .category(RezolveTrigger(kind: .category(partnerId: 317, merchantId: 12, categoryId: 70))))
        let url = try Self.engagement(#""product":{"customUrl":"https://example.com/promo"}"#)
        #expect(url.target == .url(URL(string: "https://example.com/promo")!))
        let actURL = try Self.engagement(
            #""act":{"id":"a","customUrl":"https://rzlv.co/317/2/3/8"},"product":{"customUrl":"https://example.com"}"#)
        #expect(
            actURL.target
                == .product(RezolveTrigger(kind: .product(partnerId: 317, merchantId: 2, categoryId: 3, productId: 8))))
        let act = try Self.engagement(#""act":\#(Self.act1),"category":{"customUrl":"https://rzlv.co/1/2/3"}"#)
        guard case .act(let form) = act.target else {
            Issue.record("\(act.target)")
            return
        }
        #expect(form.id == "act-1")
        #expect(act.rezolveCustomPayload.act?.act.pageBuildingBlocks?.count == 7)
        let info = try Self.engagement(#""act":{"id":"i","isInformationPage":true}"#)
        guard case .informationPage = info.target else {
            Issue.record("\(info.target)")
            return
        }
        let inactive = try Self.engagement(#""act":\#(Self.act1)"#, active: false)
        #expect(inactive.target == .inactive)
        let nothing = try Self.engagement(#""product":{"id":"6","customUrl":null},"category":null,"act":null"#)
        #expect(nothing.target == .none)
    }

    // MARK: PageBuilder and Page

    @Test func act1BuildsSevenElementsAndIsInvalidUntilTheEmailIsSet() throws {
        let act = try JSONDecoder().decode(SspAct.self, from: Data(Self.act1.utf8))
        var page = try PageBuilder().build(from: try #require(act.pageBuildingBlocks))
        #expect(page.elements.count == 7)
        guard case .text(let text) = page.elements[0], case .divider = page.elements[1], case .image = page.elements[2],
            case .video = page.elements[3], case .textField(let email) = page.elements[4],
            case .select(let size) = page.elements[5],
            case .dateField = page.elements[6]
        else {
            Issue.record("\(page.elements)")
            return
        }
        #expect(text.text == "Join our newsletter")
        #expect(email.inputType == .email && email.minLength == 3 && email.maxLength == 120 && email.isRequired)
        #expect(size.options == [SspOption(value: 1, label: "S"), SspOption(value: 2, label: "M")])
        #expect(!page.isValid)
        page.setValue(.text("x"), forElementId: "q-email")
        #expect(!page.isValid)  // shorter than minLength and not an address
        page.setValue(.text("ana@example.com"), forElementId: "q-email")
        #expect(page.isValid)
        page.setValue(.option(7), forElementId: "q-size")
        #expect(page.answers.map(\.questionId) == ["q-email"])  // 7 is not an option: cleared
        page.setValue(.option(2), forElementId: "q-size")
        page.setValue(.date(Date(timeIntervalSince1970: 1_706_724_307)), forElementId: "q-birthday")
        #expect(
            page.answers == [
                SspSubmissionAnswer(questionId: "q-email", answer: "ana@example.com"),
                SspSubmissionAnswer(questionId: "q-size", answer: "2"),
                SspSubmissionAnswer(questionId: "q-birthday", answer: "2024-01-31T18:05:07+0000"),
            ])
    }

    @Test func unsupportedAndInvalidBlocks() throws {
        let blocks = [
            PageBuildingBlock(id: "c", type: "carousel"), PageBuildingBlock(id: "t", type: "text", text: "Hi"),
            PageBuildingBlock(id: "i", type: "image"), PageBuildingBlock(id: "s", type: "select", title: "Size"),
        ]
        #expect(throws: PageBuilderError.unsupportedElement(type: "carousel")) { try PageBuilder().build(from: blocks) }
        #expect(throws: PageBuilderError.invalidElement(id: "i", field: "url")) {
            try PageBuilder().build(from: Array(blocks[1...]))
        }
        #expect(throws: PageBuilderError.invalidElement(id: "s", field: "options")) {
            try PageBuilder().build(from: [blocks[3]])
        }
        #expect(throws: PageBuilderError.invalidElement(id: "q", field: "title")) {
            try PageBuilder().build(from: [PageBuildingBlock(id: "q", type: "textField")])
        }
        #expect(throws: PageBuilderError.invalidElement(id: "t", field: "text")) {
            try PageBuilder().build(from: [PageBuildingBlock(id: "t", type: "text")])
        }
        let lenient = PageBuilder().buildIgnoringErros(elements: blocks)
        #expect(lenient.elements == [.text(Page.Text(id: "t", text: "Hi"))])
        #expect(PageBuilder().buildIgnoringErrors(elements: blocks) == lenient)
    }

    // MARK: SspActManager

    @Test func submitActRefusesKnownInformationPagesLocally() async throws {
        let fixture = SspFixture { request in
            if request.url.path.hasSuffix("/act/act-info-1") {
                return .json(200, #"{"id":"act-info-1","isInformationPage":true,"pageBuildingBlocks":[]}"#)
            }
            return .json(201, #"{"id":"s1","actId":"act-1","entityId":"E","createdAt":"2024-01-31T18:05:07.000Z"}"#)
        }
        let ssp = try #require(fixture.rezolve().createRezolveSsp())
        let info = try await ssp.sspActManager.getAct(actId: "act-info-1")
        #expect(info.isInformationPage == true)
        let sent = fixture.serviceRequests.count
        await #expect(throws: RezolveError.actIsInformationPage) {
            _ = try await ssp.sspActManager.submitAct(actId: "act-info-1", actSubmission: SspActSubmission(answers: []))
        }
        #expect(fixture.serviceRequests.count == sent)
        let saved = try await ssp.sspActManager.submitAct(
            actId: "act-1",
            actSubmission: SspActSubmission(
                firstName: "Ana", latitude: 40.5,
                answers: [SspSubmissionAnswer(questionId: "q-email", answer: "a@b.co")]))
        #expect(saved.id == "s1")
        let request = try #require(fixture.serviceRequests.last)
        #expect(request.url.absoluteString == "http://ssp.test/v1/submissions/act/act-1/answers")
        #expect(
            request.bodyText
                == #"{"answers":[{"answer":"a@b.co","questionId":"q-email"}],"firstName":"Ana","latitude":40.5}"#)
    }

    @Test func withoutSettingsEveryCallFailsWithoutARequest() async throws {
        let transport = Fixture.transport()
        let session = try await Fixture.session(transport)
        let before = transport.requests.count
        await #expect(throws: RezolveError.sspNotConfigured) {
            _ = try await session.sspActManager.getAct(actId: "act-1")
        }
        await #expect(throws: RezolveError.sspNotConfigured) {
            _ = try await session.sspActManager.resolveEngagement(engagementId: "eng-act-1", location: nil)
        }
        #expect(transport.requests.count == before)
    }

    @Test func resolveEngagementSendsDeviceAndLocation() async throws {
        let fixture = SspFixture { _ in
            .json(
                200,
                #"{"result":"Success","serviceId":"s","payloadPath":"/engagements/eng-act-1","payoffs":[],"rezolveCustomPayload":{"isActive":true,"act":\#(Self.act1)}}"#
            )
        }
        let ssp = try #require(fixture.rezolve().createRezolveSsp())
        let engagement = try await ssp.sspActManager.resolveEngagement(
            engagementId: "eng-act-1",
            location: RezolveLocation(longitude: -73.9, latitude: 40.7))
        #expect(engagement.engagementId == "eng-act-1")
        let request = try #require(fixture.serviceRequests.last)
        #expect(request.url.path == "/v1/resolver/400/api/v2/payoffcpm/eng-act-1")
        let body = try JSONValue.parse(try #require(request.body))
        #expect(body["lat"] == 40.7)
        #expect(body["long"] == -73.9)
        #expect(body["os"]?.stringValue == DeviceInfo.current.os)
    }
}
