import CommerceCore
import Foundation
import RezolvePartnerServer
import RezolveSDK
import Testing

/// The common setup of spec §7: a partner of its own made through the control routes, the partner's server
/// (`RezolvePartnerServer`) holding its credentials, and an app on a fixed device id whose every request is
/// recorded.
struct RezolveJourney {
    static let deviceId = "5E0C1D7A-3B8E-4F4B-9C55-2D3A9F1B7C10"

    let sandbox: SandboxHarness
    let credentials: RezolvePartnerCredentials
    let environment: RezolveEnv
    let transport = RecordingTransport()

    var minter: RezolveJWTMinter { RezolveJWTMinter(credentials: credentials) }
    var registrationClient: RezolveRegistrationClient {
        RezolveRegistrationClient(environment: environment, credentials: credentials, transport: transport)
    }
    var paymentCallback: RezolveExternalPaymentCallback {
        RezolveExternalPaymentCallback(environment: environment, transport: transport)
    }

    /// Creates a new partner through `POST /sandbox/rezolve/partners`.
    static func start(_ sandbox: SandboxHarness, name: String = "CommerceKit Sandbox Partner") async throws
        -> RezolveJourney
    {
        let (status, partner) = try await sandbox.call(
            .post, "/sandbox/rezolve/partners", json: ["name": .string(name)])
        try #require(status == 201)
        let partnerId = try #require(partner["partner_id"]?.stringValue)
        let apiKey = try #require(partner["api_key"]?.stringValue)
        let authKey = try #require(partner["auth_key"]?.stringValue)
        let environment = try #require(RezolveEnv(rawValue: sandbox.baseURL.absoluteString))
        return RezolveJourney(
            sandbox: sandbox,
            credentials: RezolvePartnerCredentials(partnerId: partnerId, apiKey: apiKey, authKey: authKey),
            environment: environment)
    }

    /// The app's configuration: the recording transport, the fixed device id, an in-memory store and no
    /// waiting between retries.
    func config() -> RezolveConfig {
        RezolveConfig(
            transport: transport, sleep: { _ in }, deviceIdProvider: FixedDeviceIdProvider(Self.deviceId),
            store: PersistentStore(inMemory: [:]))
    }

    /// The seed's initialiser pointed at the sandbox.
    func makeSDK() -> Rezolve {
        Rezolve(
            apiKey: credentials.apiKey, partnerId: credentials.partnerId, subPartnerId: nil,
            environment: environment, config: config(),
            sspActManagerSettings: nil, coordinatesConverter: .default)
    }

    /// A login JWT for the fixed device, valid `seconds` from now on the wall clock.
    func loginToken(_ customer: RezolveRegistration, partnerEntityId: String, seconds: TimeInterval = 1800) -> String {
        minter.loginToken(
            entityId: customer.entityId, partnerEntityId: partnerEntityId, deviceId: Self.deviceId,
            expiresAt: Date().addingTimeInterval(seconds))
    }

    /// Registers `partnerEntityId` and opens a session for it with a 30-minute token.
    func customerSession(_ partnerEntityId: String = "user-42", sdk: Rezolve? = nil)
        async throws -> (sdk: Rezolve, customer: RezolveRegistration, session: RezolveSession)
    {
        let customer = try await registrationClient.register(
            partnerEntityId: partnerEntityId,
            email: "\(partnerEntityId)@example.com")
        let app = sdk ?? makeSDK()
        let session = try await app.createSession(
            accessToken: loginToken(customer, partnerEntityId: partnerEntityId),
            entityId: customer.entityId, partnerId: credentials.partnerId)
        return (app, customer, session)
    }

    /// A phone, an address using it and a Visa card on that address, made through the SDK.
    func cardOnFile(_ session: RezolveSession) async throws -> (phone: Phone, address: Address, card: PaymentCard) {
        let phone = try await session.phonebookManager.create(Phone(name: "Mobile", phone: "7875550101"))
        let address = try await session.addressbookManager.create(Self.address(phoneId: phone.id))
        let card = try await session.walletManager.create(Self.card(addressId: try #require(address.id)))
        return (phone, address, card)
    }

    static func address(phoneId: String?) -> Address {
        Address(
            shortName: "Home", fullName: "Ana Rivera", line1: "100 Flatbush Ave", city: "Brooklyn", state: "NY",
            zip: "11217", country: "United States", countryAlpha2: "US", phoneId: phoneId)
    }

    static func card(addressId: String) -> PaymentCard {
        PaymentCard(
            shortName: "Visa", type: "credit", brand: "visa", nameOnCard: "Ana Rivera",
            pan: "4111111111111111", expiresOn: "12/30", validFrom: "01/20", addressId: addressId)
    }

    /// Red / M of product 6 (Classic Tee, merchant 12).
    static func redMediumTee(quantity: Int) -> CheckoutProduct {
        CheckoutProduct(
            id: 6, quantity: quantity,
            configurableOptions: [
                ConfigurableOption(code: "color", value: "49"), ConfigurableOption(code: "size", value: "168"),
            ])
    }

    /// The JSON body of a recorded request.
    static func body(_ request: HTTPRequest) -> JSONValue? { request.body.flatMap { try? JSONValue.parse($0) } }

    /// Everything the app sent, as text, for checking that a secret never left in the clear.
    func everythingSent() -> String {
        transport.requests.map { request in
            request.url.absoluteString + "\n"
                + request.headers.map { "\($0.name): \($0.value)" }.joined(separator: "\n")
                + "\n" + (request.body.map { String(decoding: $0, as: UTF8.self) } ?? "")
        }.joined(separator: "\n---\n")
    }
}

extension Decimal {
    /// A decimal from its text, for exact money comparisons.
    static func money(_ text: String) -> Decimal? { Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")) }
}
