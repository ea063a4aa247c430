import Foundation

/// The SSP side of a ``Rezolve`` instance, made by ``Rezolve/createRezolveSsp(completion:)``: acts without a
/// customer session and, for location triggers, the nearby-engagements engine. It shares the instance's SSP
/// bearer, so a token fetched here also serves every session's ``SspActManager``.
public final class RezolveSsp: Sendable {
    let client: SspClient
    /// Acts and engagements; submissions made here carry no `entityId`.
    public let sspActManager: SspActManager
    /// The nearby-engagements engine of this SSP connection (the seed's `ssp.nearbyEngagementsManager`).
    public let nearbyEngagementsManager: NearbyEngagementsManager

    init(client: SspClient) {
        self.client = client
        sspActManager = SspActManager(client: client, entityId: nil)
        nearbyEngagementsManager = NearbyEngagementsManager.over(
            client, locationSource: nil,
            dateSource: NearbyEngagementsManager.liveDateSource,
            sleep: NearbyEngagementsManager.liveSleep)
    }
}

extension Rezolve {
    /// The SSP services, or `nil` when this instance has no ``SspActManagerSettings``.
    ///
    /// With a `completion`, the SSP bearer is fetched at once and `completion` runs on the main actor when
    /// that fetch has finished (whether or not it succeeded; a failed fetch is simply repeated by the next
    /// SSP call). Without one, the bearer is fetched by the first SSP call.
    public func createRezolveSsp(completion: (@MainActor () -> Void)? = nil) -> RezolveSsp? {
        guard let sspClient else { return nil }
        let ssp = RezolveSsp(client: sspClient)
        if let completion {
            Task {
                _ = try? await sspClient.bearer.token()
                await MainActor.run { completion() }
            }
        }
        return ssp
    }
}
