import Foundation
import RezolveSDK

/// The app's signed-in user, whose details an act submission carries (the document's `User`).
struct RezolveActUser: Sendable {
    var id: String
    var username: String
    var title: String?
    var firstName: String
    var lastName: String
    var email: String
    var phone: String?
}

/// "SSP Act Targets", "Get an SSP Act By Id" and "Detecting geozones": SSP settings, the SDK made with them, an act
/// fetched and built into a page, the page's answers submitted, and an engagement resolved.
final class RezolveActScreen {
    let log: RezolveSampleLog

    init(log: RezolveSampleLog) { self.log = log }

    /// The SSP configuration passed to the SDK's initialiser.
    static func sspSettings(clientId: String, secret: String, audience: String, endpoint: String)
        -> SspActManagerSettings
    {
        let sspActManagerSettings = SspActManagerSettings(
            auth0ClientId: clientId,
            auth0Secret: secret,
            auth0Audience: audience,
            auth0Endpoint: endpoint,
            sspEndpoint: endpoint,
            sspWidth: "400",
            baiduLocationKey: nil
        )
        return sspActManagerSettings
    }

    /// The sample app's form of the settings, whose API key doubles as the OAuth secret.
    static func sampleAppSettings(apiKey: String, clientId: String, audience: String, endpoint: String)
        -> SspActManagerSettings
    {
        SspActManagerSettings(
            apiKey: apiKey, auth0ClientId: clientId, auth0Audience: audience, auth0Endpoint: endpoint,
            sspEndpoint: endpoint, sspActEndpoint: nil, sspWidth: "400")
    }

    /// The SDK set up with an active SSP configuration.
    static func makeSDK(
        apiKey: String, partnerId: String, environment: RezolveEnv, config: RezolveConfig?,
        sspActManagerSettings: SspActManagerSettings
    ) -> Rezolve {
        Rezolve(
            apiKey: apiKey,
            partnerId: partnerId,
            subPartnerId: nil,
            environment: environment,
            config: config,
            sspActManagerSettings: sspActManagerSettings,
            coordinatesConverter: CoordinatesConverter.default)
    }

    /// Get an act by id and build its page; an information page takes no submission.
    func showAct(id: String, rezolveSession: RezolveSession?) {
        let log = self.log
        rezolveSession?.sspActManager.getAct(actId: id) { (result) in
            switch result {
            case .success(let act):
                if let pageBlocks = act.pageBuildingBlocks {
                    // The blocks can be rendered directly, or mapped by PageBuilder to models with input and checks.
                    do {
                        let page = try PageBuilder().build(from: pageBlocks)
                        log.record("act \(act.id) elements \(page.elements.count) valid=\(page.isValid)")
                    } catch {
                        log.record("act \(act.id) page failed \(error)")
                    }
                } else {
                    log.record("act \(act.id) without blocks")
                }
                let isInformationPage = act.isInformationPage
                log.record("act \(act.id) information=\(isInformationPage ?? false)")
            case .failure(let error):
                log.record("act failed \(error.message)")
            }
        }
    }

    /// "Display the Act": the building blocks first, then the questions.
    func describe(act: SspAct?) -> [String] {
        var lines: [String] = []
        let actPageBuildingBlocks = act?.pageBuildingBlocks
        let actQuestions = act?.questions
        for actPageBuildingBlock in actPageBuildingBlocks ?? [] {
            lines.append("\(actPageBuildingBlock.type) \(actPageBuildingBlock.id)")
        }
        for actQuestion in actQuestions ?? [] {
            lines.append("question \(actQuestion.id) \(actQuestion.title ?? "")")
        }
        return lines
    }

    /// One page element as a submission answer; display-only elements and empty inputs give none.
    static func answer(element: Page.Element) -> SspSubmissionAnswer? {
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

    /// Fetches the act, fills its page with `values`, and submits the answers with the user's details.
    func answerAct(
        id: String, values: [String: Page.Value], user: RezolveActUser, location: RezolveLocation?,
        sspActManager: SspActManager
    ) {
        let log = self.log
        sspActManager.getAct(actId: id) { result in
            guard case .success(let sspAct) = result, let blocks = sspAct.pageBuildingBlocks,
                var page = try? PageBuilder().build(from: blocks)
            else { return log.record("act \(id) unavailable") }
            for (elementId, value) in values { page.setValue(value, forElementId: elementId) }
            // Map page inputs to submission answers.
            let answers = page.elements.compactMap(RezolveActScreen.answer(element:))
            let submission = SspActSubmission(
                userId: user.id,
                userName: user.username,
                personTitle: user.title,
                firstName: user.firstName,
                lastName: user.lastName,
                email: user.email,
                phone: user.phone,
                scanId: sspAct.scanId,
                latitude: location?.latitude,
                longitude: location?.longitude,
                answers: answers
            )
            sspActManager.submitAct(actId: sspAct.id, actSubmission: submission) { (result) in
                switch result {
                case .success(let submission):
                    log.record("submitted \(submission.actId) answers \(answers.count)")
                case .failure(let error):
                    log.record("submit failed \(error.message)")
                }
            }
        }
    }

    /// Resolves an engagement id (as a scan or a geozone finds one) and names its target.
    func resolve(engagementId: String, location: RezolveLocation?, sspActManager: SspActManager) {
        let log = self.log
        sspActManager.resolveEngagement(engagementId: engagementId, location: location) { result in
            switch result {
            case .success(let engagement):
                let payload = engagement.rezolveCustomPayload
                let act = payload.act?.act
                let product = payload.product
                let category = payload.category
                // Any non-nil `customUrl` redirects to the linked entity.
                let actCustomUrl = act?.customUrl
                let productCustomUrl = product?.customUrl
                let categoryCustomUrl = category?.customUrl
                let link = actCustomUrl ?? productCustomUrl ?? categoryCustomUrl ?? "none"
                log.record("resolved \(engagement.engagementId) \(engagement.target) link \(link)")
            case .failure(let error):
                log.record("resolve failed \(error.message)")
            }
        }
    }
}
