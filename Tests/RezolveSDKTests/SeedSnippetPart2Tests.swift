import Foundation
import RezolveSDK
import Testing

/// The seed's part-2 snippets (SSP engagements, acts, triggers, background listening), with only the syntax
/// slips of spec §2.13 fixed. They must compile against the public API unchanged; the test runs the pure parts.
@MainActor
final class SeedViewController: ProductDelegate, AutoDetectManagerDelegate {
    var rezolveSession: RezolveSession?
    var seen: [String] = []

    func startBackgroundListening() {
        guard let scanManager = rezolveSession?.getScanManager() else {
            return
        }
        scanManager.autoDetectManagerDelegate = self
        try? scanManager.startAudioScan()
    }

    func showTrigger() {
        let url = URL(string: "http://rzlv.co/1/2/3/8?ad=20&placement=25")
        rezolveSession?.triggerManager.resolve(
            url: url!,
            productDelegate: self,
            onRezolveTriggerStart: {},
            onRezolveTriggerEnd: {},
            errorCallback: { error in }
        )
    }

    func onStartRecognizeImage() {}
    func onFinishRecognizeImage() {}
    func onCategoryResult(merchantId: String, category: RezolveCategory) {}
    func onCategoryProductsResult(
        merchantId: String, category: RezolveCategory, productsPage: PageResult<DisplayProduct>
    ) {}
    func onProductResult(product: Product) {}
    func onError(error: String) {}

    func onSspEngagementResult(engagement: ResolverEngagement, eventType: RezolveEventReport.RezolveEventReportType) {
        let id = engagement.engagementId
        let scanId = engagement.serviceId
        let path = engagement.payloadPath
        let payoffs = engagement.payoffs
        let payload = engagement.rezolveCustomPayload
        seen.append("\(id) \(scanId) \(path) \(payoffs.count)")
        let act = payload.act?.act
        let product = payload.product
        let category = payload.category
        let actCustomUrl = act?.customUrl
        let productCustomUrl = product?.customUrl
        let categoryCustomUrl = category?.customUrl
        seen.append([actCustomUrl, productCustomUrl, categoryCustomUrl].compactMap { $0 }.joined(separator: ","))
        if let act = payload.act?.act {
            if let customUrl = act.customUrl {
                seen.append("act url \(customUrl)")
                return
            }
            let actId = act.id
            let actPageBuildingBlocks = act.pageBuildingBlocks
            let actIsInformationPage = act.isInformationPage
            let actQuestions = act.questions
            seen.append(
                "act \(actId) \(actPageBuildingBlocks?.count ?? 0) \(actIsInformationPage ?? false) \(actQuestions?.count ?? 0)"
            )
        } else if let product = payload.product {
            if let customUrl = product.customUrl {
                seen.append("product url \(customUrl)")
                return
            }
        } else if let category = payload.category {
            if let customUrl = category.customUrl {
                seen.append("category url \(customUrl)")
                return
            }
        }
    }

    func onAutoDetectStopListening(resolved: [AutoDetectResult]) {
        for item in resolved {
            seen.append(item.description())
        }
    }

    func onAutoDetectError(error: String) {}

    // The act submission snippet.
    func answer(element: Page.Element) -> SspSubmissionAnswer? {
        switch element {
        case .text, .divider, .image, .video:
            return nil
        case .dateField(let dateField):
            guard let value = dateField.value else {
                return nil
            }
            let date = Page.answerText(for: value)
            return SspSubmissionAnswer(questionId: dateField.id, answer: date)
        case .select(let select):
            guard let value = select.value else {
                return nil
            }
            return SspSubmissionAnswer(questionId: select.id, answer: String(value.value))
        case .textField(let text):
            guard let value = text.value else {
                return nil
            }
            return SspSubmissionAnswer(questionId: text.id, answer: value)
        }
    }

    func submit(sspAct: SspAct, page: Page, location: RezolveLocation?, sspActManager: SspActManager) {
        let answers = page.elements.compactMap(answer(element:))
        let submission = SspActSubmission(
            userId: "u1",
            userName: "ana",
            personTitle: "Ms",
            firstName: "Ana",
            lastName: "Rivera",
            email: "ana@example.com",
            phone: "7875550101",
            scanId: sspAct.scanId,
            latitude: location?.latitude,
            longitude: location?.longitude,
            answers: answers
        )
        sspActManager.submitAct(actId: sspAct.id, actSubmission: submission) { (result) in
            switch result {
            case .success(let submission):
                self.seen.append("submitted \(submission.id)")
            case .failure(let error):
                self.seen.append("failed \(error)")
            }
        }
    }

    func getAct(id: String) {
        rezolveSession?.sspActManager.getAct(actId: id) { (result) in
            switch result {
            case .success(let act):
                if let pageBlocks = act.pageBuildingBlocks {
                    do {
                        let page = try PageBuilder().build(from: pageBlocks)
                        self.seen.append("page \(page.elements.count)")
                    } catch {
                        self.seen.append("page error")
                    }
                }
                let isInformationPage = act.isInformationPage
                self.seen.append("info \(isInformationPage ?? false)")
            case .failure(let error):
                self.seen.append("error \(error)")
            }
        }
    }
}

@MainActor
@Suite struct SeedSnippetPart2Tests {
    @Test func engagementSnippetReadsTheCustomUrlOfEachTarget() throws {
        let json =
            #"{"serviceId":"s1","payloadPath":"/engagements/eng-1","payoffs":[],"rezolveCustomPayload":{"isActive":true,"product":{"customUrl":"https://rzlv.co/1/2/3/4"}}}"#
        let engagement = try JSONDecoder().decode(ResolverEngagement.self, from: Data(json.utf8))
        let controller = SeedViewController()
        controller.onSspEngagementResult(engagement: engagement, eventType: .scanImage)
        #expect(
            controller.seen == [
                "eng-1 s1 /engagements/eng-1 0", "https://rzlv.co/1/2/3/4", "product url https://rzlv.co/1/2/3/4",
            ])
    }

    @Test func answerMappingOfTheSeedMatchesPageAnswers() throws {
        let blocks = [
            PageBuildingBlock(id: "q-size", type: "select", title: "Size", options: [SspOption(value: 2, label: "M")]),
            PageBuildingBlock(id: "q-name", type: "textField", title: "Name"),
        ]
        var page = try PageBuilder().build(from: blocks)
        page.setValue(.option(2), forElementId: "q-size")
        page.setValue(.text("Ana"), forElementId: "q-name")
        let controller = SeedViewController()
        #expect(page.elements.compactMap(controller.answer(element:)) == page.answers)
    }
}
