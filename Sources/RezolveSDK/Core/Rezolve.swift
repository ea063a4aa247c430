import CommerceCore
import Foundation

/// The SDK's entry point: one per partner app. It holds the partner's public API key and creates a
/// ``RezolveSession`` for each logged-in customer.
public final class Rezolve: Sendable {
    /// The partner's public API key, sent as `x-rezolve-partner-apikey` with every core API call.
    public let apiKey: String
    /// The partner id Rezolve issued; customer paths are built under it.
    public let partnerId: String
    /// Stored and exposed only: Rezolve's API has no public field that carries it.
    public let subPartnerId: String?
    /// Which Rezolve deployment the calls go to.
    public let environment: RezolveEnv
    /// Transport, retries, device id, storage, clock and logging used by every session.
    public let config: RezolveConfig
    /// How to reach the SSP services; nil when the app does not use SSP acts or engagements.
    public let sspActManagerSettings: SspActManagerSettings?
    /// Where the RXP service lives; nil when the app does not use it.
    public let rxpManagerSettings: RXPManagerSettings?
    /// Converts between the app's coordinates and WGS 84 for every location the SDK sends or receives.
    public let coordinatesConverter: CoordinatesConverter
    private let renewer = Locked<(any RezolveTokenRenewing)?>(nil)
    /// The SSP services' client with its shared bearer; `nil` without SSP settings.
    let sspClient: SspClient?

    /// The seed's initialiser. `config: nil` uses the defaults of `RezolveConfig()`.
    public init(
        apiKey: String, partnerId: String, subPartnerId: String?, environment: RezolveEnv,
        config: RezolveConfig?, sspActManagerSettings: SspActManagerSettings?,
        coordinatesConverter: CoordinatesConverter
    ) {
        self.apiKey = apiKey
        self.partnerId = partnerId
        self.subPartnerId = subPartnerId
        self.environment = environment
        let resolvedConfig = config ?? RezolveConfig()
        self.config = resolvedConfig
        self.sspActManagerSettings = sspActManagerSettings
        self.rxpManagerSettings = nil
        self.coordinatesConverter = coordinatesConverter
        self.sspClient = sspActManagerSettings.map {
            SspClient(settings: $0, config: resolvedConfig, converter: coordinatesConverter)
        }
    }

    /// The sample app's initialiser, which also takes RXP settings (stored only).
    public init(
        apiKey: String, partnerId: String, subPartnerId: String?, environment: RezolveEnv,
        config: RezolveConfig?, sspActManagerSettings: SspActManagerSettings?,
        rxpManagerSettings: RXPManagerSettings?, coordinatesConverter: CoordinatesConverter
    ) {
        self.apiKey = apiKey
        self.partnerId = partnerId
        self.subPartnerId = subPartnerId
        self.environment = environment
        let resolvedConfig = config ?? RezolveConfig()
        self.config = resolvedConfig
        self.sspActManagerSettings = sspActManagerSettings
        self.rxpManagerSettings = rxpManagerSettings
        self.coordinatesConverter = coordinatesConverter
        self.sspClient = sspActManagerSettings.map {
            SspClient(settings: $0, config: resolvedConfig, converter: coordinatesConverter)
        }
    }

    /// Called when a core call answers 401 with code 8. Without one, such calls fail with `.expiredToken`.
    public var tokenRenewer: (any RezolveTokenRenewing)? {
        get { renewer.get() }
        set { renewer.set(newValue) }
    }

    // MARK: Sessions

    /// Checks the login JWT locally, then loads the customer's public key, and returns the session.
    ///
    /// Fails with `.invalidInput(field: "accessToken" | "partnerId", …)` before any request when the token is not
    /// a JWT, was minted for another entity or device, or `partnerId` is not this instance's partner.
    public func createSession(
        accessToken: String, entityId: String, partnerId: String,
        username: String = "", userId: String? = nil
    ) async throws(RezolveError) -> RezolveSession {
        guard partnerId == self.partnerId else {
            throw .invalidInput(field: "partnerId", reason: "must equal the partner id given to Rezolve")
        }
        guard let token = LoginToken(accessToken) else {
            throw .invalidInput(field: "accessToken", reason: "must be a JWT of three base64url parts")
        }
        guard token.entityId == entityId else {
            throw .invalidInput(field: "accessToken", reason: "rezolve_entity_id does not match entityId")
        }
        guard token.deviceId == config.deviceIdProvider.deviceId else {
            throw .invalidInput(field: "accessToken", reason: "device_id does not match this device's id")
        }
        let core = SessionCore(
            client: CoreClient(environment: environment, apiKey: apiKey, config: config),
            token: accessToken, partnerId: partnerId, entityId: entityId,
            clock: config.clock, renewer: { [renewer] in renewer.get() })
        let session = RezolveSession(
            core: core, username: username, userId: userId,
            sspClient: sspClient)
        try await core.loadPublicKey()
        return session
    }

    /// Callback form with a username; exactly one of the two arguments is non-nil.
    public func createSession(
        accessToken: String, username: String, entityId: String, partnerId: String,
        callback: @escaping @MainActor (RezolveSession?, RezolveError?) -> Void
    ) {
        createSession(
            accessToken: accessToken, username: username, userId: nil, entityId: entityId,
            partnerId: partnerId, callback: callback)
    }

    /// Callback form with a username and user id; exactly one of the two arguments is non-nil.
    public func createSession(
        accessToken: String, username: String, userId: String?, entityId: String,
        partnerId: String, callback: @escaping @MainActor (RezolveSession?, RezolveError?) -> Void
    ) {
        Deliver.run(
            { () async throws(RezolveError) in
                try await self.createSession(
                    accessToken: accessToken, entityId: entityId, partnerId: partnerId,
                    username: username, userId: userId)
            },
            completion: { result in
                switch result {
                case .success(let session): callback(session, nil)
                case .failure(let error): callback(nil, error)
                }
            })
    }

    /// The legacy form: a success callback and an error callback that receives an ``HttpResponse``.
    public func createSession(
        accessToken: String, entityId: String, partnerId: String,
        callback: @escaping @MainActor (RezolveSession) -> Void,
        errorCallback: @escaping @MainActor (HttpResponse) -> Void
    ) {
        Deliver.run(
            { () async throws(RezolveError) in
                try await self.createSession(accessToken: accessToken, entityId: entityId, partnerId: partnerId)
            },
            completion: { result in
                switch result {
                case .success(let session): callback(session)
                case .failure(let error): errorCallback(HttpResponse(error: error))
                }
            })
    }
}
