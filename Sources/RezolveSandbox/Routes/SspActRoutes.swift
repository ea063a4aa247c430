import CommerceCore
import Foundation
import GRDB
import SandboxCore

/// Acts and their submissions (spec §3.5.11, §4.2): `GET /v1/Engagements/act/{actId}`,
/// `POST /v1/submissions/act/{actId}/answers` (201) and `GET /v1/submissions?entityId=`.
struct SspActRoutes: Sendable {
    let endpoint: RezolveEndpoint
    var wire: SspWire { SspWire(context: endpoint.context) }

    func register(on router: ServiceRoutes) {
        router.get(
            "/v1/Engagements/act/:actId",
            handler: endpoint.ssp { request, _ in
                let id = request.parameter("actId")
                let act = try await endpoint.database.read { db in try SspStore.act(id, db) }
                guard let act else { throw SspProblem.notFound("Act \(id) was not found.") }
                return .json(wire.act(act))
            })
        router.post("/v1/submissions/act/:actId/answers", handler: endpoint.ssp(submit))
        router.get(
            "/v1/submissions",
            handler: endpoint.ssp { request, caller in
                guard let entityId = request.query["entityId"], !entityId.isEmpty else {
                    throw SspProblem.invalid("entityId", "The entityId field is required.")
                }
                let submissions = try await endpoint.database.read { db in
                    try SspStore.submissions(partnerId: caller.partnerId, entityId: entityId, db)
                }
                return .json(.array(try submissions.map { try wire.submission($0, withAnswers: true) }))
            })
    }

    @Sendable func submit(_ request: SandboxRequest, _ caller: SspCaller) async throws -> SandboxResponse {
        let id = request.parameter("actId")
        let body = try endpoint.sspBody(request)
        let act = try await endpoint.database.read { db in try SspStore.act(id, db) }
        guard let act else { throw SspProblem.notFound("Act \(id) was not found.") }
        guard act["isInformationPage"]?.boolValue != true else {
            throw SspProblem(status: 400, title: "Information pages cannot be submitted.")
        }
        let accepted = try SspSubmissionRules.check(body, act: act)
        let record = RZActSubmission(
            id: UUID().uuidString.lowercased(), actId: id, partnerId: caller.partnerId,
            entityId: accepted.entityId, body: accepted.stored.serialized(),
            createdAt: endpoint.now.timeIntervalSince1970)
        try await endpoint.database.write { db in try SspStore.insert(record, db) }
        return .json(try wire.submission(record, withAnswers: false), status: 201)
    }
}
