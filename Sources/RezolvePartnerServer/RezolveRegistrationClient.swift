import CommerceCore
import Foundation
import RezolveSDK

/// The outcome of registering a customer with Rezolve.
public struct RezolveRegistration: Sendable, Equatable {
    /// Rezolve's id for the customer; the login JWT's `rezolve_entity_id`.
    public let entityId: String
    /// The partner the customer was registered under.
    public let partnerId: String
    /// `true` on first registration (HTTP 201), `false` when the partner's user was already registered (200).
    public let isNew: Bool
}

/// Registers the partner's users with Rezolve: `POST /api/v1/authentication/register` with a registration JWT.
public struct RezolveRegistrationClient: Sendable {
    /// The Rezolve environment registration calls go to.
    public let environment: RezolveEnv
    /// The partner's credentials: the API key authenticates the call and the auth key signs its JWT.
    public let credentials: RezolvePartnerCredentials
    let transport: any HTTPTransport
    let now: @Sendable () -> Date

    /// Creates a registration client; `now` is the clock JWT issue and expiry times come from (tests inject one).
    public init(
        environment: RezolveEnv, credentials: RezolvePartnerCredentials, transport: any HTTPTransport,
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.environment = environment
        self.credentials = credentials
        self.transport = transport
        self.now = now
    }

    /// Registers `partnerEntityId` (the partner's own user id) with `email`. The registration JWT expires after
    /// `expiresIn` seconds. Not retried automatically: a repeat is harmless but the caller decides.
    public func register(
        partnerEntityId: String, email: String,
        expiresIn: TimeInterval = 1800
    ) async throws(RezolveError) -> RezolveRegistration {
        guard let url = URL(string: environment.rawValue + "/api/v1/authentication/register") else {
            throw .invalidInput(field: "environment", reason: "cannot build the registration URL")
        }
        let token = RezolveJWTMinter(credentials: credentials)
            .registrationToken(partnerEntityId: partnerEntityId, expiresAt: now().addingTimeInterval(expiresIn))
        let body = JSONValue.object(["email": .string(email)]).serializedData()
        let request = HTTPRequest(
            method: .post, url: url,
            headers: [
                "Content-Type": "application/json",
                "Accept": "application/json",
                "x-rezolve-partner-apikey": credentials.apiKey,
                "Authorization": "Bearer \(token)",
            ], body: body, allowsRetry: false)
        let response: HTTPResponse
        do { response = try await transport.send(request) } catch {
            throw .transport(String(describing: error))
        }
        guard response.isSuccess else {
            throw RezolveError.fromResponse(status: response.statusCode, body: response.body)
        }
        guard let json = try? JSONValue.parse(response.body), let entityId = json["entity_id"]?.stringValue else {
            throw .decoding("register: the answer has no entity_id")
        }
        let partnerId =
            json["partner_id"]?.stringValue ?? json["partner_id"]?.integerValue.map(String.init)
            ?? credentials.partnerId
        return RezolveRegistration(entityId: entityId, partnerId: partnerId, isNew: response.statusCode == 201)
    }
}
