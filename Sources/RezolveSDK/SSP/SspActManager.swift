import CommerceCore
import Foundation

/// Gets and submits SSP acts and resolves engagements (spec §2.3, §2.6, §3.5.11).
///
/// Every call fails with `.sspNotConfigured`, without a request, when ``Rezolve`` was made without
/// ``SspActManagerSettings``.
public final class SspActManager: Sendable {
    let client: SspClient?
    /// The session's customer, sent as `entityId` with resolutions and submissions; `nil` outside a session.
    let entityId: String?
    let userId: String?

    init(client: SspClient?, entityId: String?, userId: String? = nil) {
        self.client = client
        self.entityId = entityId
        self.userId = userId
    }

    /// Whether ``Rezolve`` was given SSP settings.
    public var isConfigured: Bool { client != nil }

    func requireClient() throws(RezolveError) -> SspClient {
        guard let client else { throw .sspNotConfigured }
        return client
    }

    // MARK: Async

    /// `GET /v1/Engagements/act/{actId}`.
    public func getAct(actId: String) async throws(RezolveError) -> SspAct {
        let client = try requireClient()
        let act = try await client.get(SspAct.self, .engagement, "/v1/Engagements/act/\(segment(actId))")
        client.remember(act)
        return act
    }

    /// `POST /v1/submissions/act/{actId}/answers`. An act this instance has seen as an information page
    /// (through ``getAct(actId:)`` or an engagement) fails with `.actIsInformationPage` without a request.
    public func submitAct(actId: String, actSubmission: SspActSubmission) async throws(RezolveError)
        -> SspActSubmissionResponse
    {
        let client = try requireClient()
        guard !client.isInformationPage(actId) else { throw .actIsInformationPage }
        return try await client.post(
            SspActSubmissionResponse.self, .submissions, "/v1/submissions/act/\(segment(actId))/answers",
            json: SspActSubmissionBody(submission: actSubmission, entityId: entityId))
    }

    /// Submits `act`'s answers; an information page fails with `.actIsInformationPage` without a request.
    public func submitAct(_ act: SspAct, actSubmission: SspActSubmission) async throws(RezolveError)
        -> SspActSubmissionResponse
    {
        guard act.isInformationPage != true else { throw .actIsInformationPage }
        return try await submitAct(actId: act.id, actSubmission: actSubmission)
    }

    /// `POST /v1/resolver/400/api/v2/payoffcpm/{engagementId}` with this device's description and, when given,
    /// the location (converted to WGS-84 by the instance's ``CoordinatesConverter``).
    public func resolveEngagement(engagementId: String, location: RezolveLocation? = nil) async throws(RezolveError)
        -> ResolverEngagement
    {
        let client = try requireClient()
        let wgs84 = location.map(client.converter.toWGS84)
        let device = DeviceInfo.current
        let body = ResolverRequest(
            userId: userId, entityId: entityId, os: device.os, osVersion: device.osVersion,
            phoneManufacturer: device.make, phoneModel: device.model, app: device.app,
            appVersion: device.appVersion, lat: wgs84?.latitude, long: wgs84?.longitude)
        let path = "/v1/resolver/400/api/v2/payoffcpm/\(segment(engagementId))"
        let response = try await client.send(
            SspRequest(
                method: .post, service: .engagement, path: path,
                body: try WireCoding.encode(body)))
        var engagement = try WireCoding.decode(ResolverEngagement.self, from: response.body)
        if engagement.engagementId.isEmpty || engagement.engagementId != engagementId {
            engagement = ResolverEngagement(
                engagementId: engagementId, serviceId: engagement.serviceId,
                payloadPath: engagement.payloadPath, payoffs: engagement.payoffs,
                rezolveCustomPayload: engagement.rezolveCustomPayload)
        }
        if let act = engagement.rezolveCustomPayload.act?.act { client.remember(act) }
        return engagement
    }

    /// `GET /v1/submissions?entityId=` for the session's customer.
    public func getSubmissions() async throws(RezolveError) -> [SspSubmissionRecord] {
        let client = try requireClient()
        guard let entityId else {
            throw .invalidInput(field: "entityId", reason: "submissions are listed per customer session")
        }
        return try await client.get(
            [SspSubmissionRecord].self, .engagement, "/v1/submissions", query: [("entityId", entityId)])
    }

    // MARK: Callback forms (the seed's)

    /// Callback form of `getAct(actId:)`: the handler runs on the main actor with the act, or the error.
    public func getAct(actId: String, completionHandler: @escaping @MainActor (Result<SspAct, RezolveError>) -> Void) {
        Deliver.run(
            { () async throws(RezolveError) in try await self.getAct(actId: actId) }, completion: completionHandler)
    }

    /// Callback form of `submitAct(actId:actSubmission:)`: the handler runs on the main actor with the stored
    /// submission, or the error.
    public func submitAct(
        actId: String, actSubmission: SspActSubmission,
        completionHandler: @escaping @MainActor (Result<SspActSubmissionResponse, RezolveError>) -> Void
    ) {
        Deliver.run(
            { () async throws(RezolveError) in try await self.submitAct(actId: actId, actSubmission: actSubmission) },
            completion: completionHandler)
    }

    /// Callback form of `resolveEngagement(engagementId:location:)`: the handler runs on the main actor with the
    /// engagement, or the error.
    public func resolveEngagement(
        engagementId: String, location: RezolveLocation?,
        completionHandler: @escaping @MainActor (Result<ResolverEngagement, RezolveError>) -> Void
    ) {
        Deliver.run(
            { () async throws(RezolveError) in
                try await self.resolveEngagement(engagementId: engagementId, location: location)
            },
            completion: completionHandler)
    }
}

/// The resolver's request body (spec §3.5.11); absent values are left out.
private struct ResolverRequest: Encodable {
    let userId: String?
    let entityId: String?
    let os: String
    let osVersion: String
    let phoneManufacturer: String
    let phoneModel: String
    let app: String
    let appVersion: String
    let lat: Double?
    let long: Double?
}
