import CommerceCore
import Foundation

/// Whether the login flow had to attach this device.
public enum PushRegistrationOutcome: Sendable, Equatable {
    /// The account already listed this device for this app; nothing was sent.
    case alreadyRegistered
    /// The device was attached with `editExternalAccounts` (`add`).
    case added
}

/// The seed's two push flows, one call each: register a new guest together with this device, or, after a
/// login, make sure this device is attached to the guest's account.
public actor PushRegistrar {
    /// The client the registration calls go through.
    public let client: PaytronixClient
    /// The guest session whose tokens the login flow uses.
    public let session: GuestSession
    /// The app's bundle identifier, which Paytronix pushes to.
    public let appIdentifier: String
    /// Your company's name, sent as the `integrator=` part of the integration detail.
    public let integrator: String
    /// The integration format version sent as `version=`; `12.0` unless you pass another.
    public let integrationVersion: String
    private let store: PersistentStore
    private let fixedIntegrationDetail: IntegrationDetail?
    private let now: @Sendable () -> Date

    /// - Parameters:
    ///   - client: the client the registration calls go through.
    ///   - session: the guest session whose tokens the login flow uses and the sign-up flow fills.
    ///   - appIdentifier: the app's bundle identifier, which Paytronix pushes to.
    ///   - integrator: your company's name for the `integrator=` part of `integrationDetail`.
    ///   - integrationVersion: the `version=` part of `integrationDetail`.
    ///   - store: where the device last confirmed on the account is recorded, per merchant and app; logout clears it.
    ///   - integrationDetail: the device facts to send; `nil` reads them from the running device each time.
    ///   - now: the clock the records are stamped with (tests inject one).
    public init(
        client: PaytronixClient, session: GuestSession, appIdentifier: String,
        integrator: String, integrationVersion: String = "12.0", store: PersistentStore,
        integrationDetail: IntegrationDetail? = nil, now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.client = client
        self.session = session
        self.appIdentifier = appIdentifier
        self.integrator = integrator
        self.integrationVersion = integrationVersion
        self.store = store
        self.fixedIntegrationDetail = integrationDetail
        self.now = now
    }

    /// Registration flow: creates the guest's account with this device as an external account, then logs the
    /// session in with the tokens of the reply. `deviceToken` may be `nil` when push is not allowed yet.
    /// Never retried automatically; after a lost response use ``loginAndRegisterDevice(username:password:deviceToken:)``.
    public func registerGuest(
        _ request: CreateAndRegisterRequest,
        deviceToken: Data?
    ) async throws(PaytronixError) -> CreateAndRegisterResult {
        var request = request
        var device: ExternalAccount?
        if let deviceToken {
            let account = try await externalAccount(for: deviceToken)
            request.accountFields.externalAccounts.append(account)
            device = account
        }
        let result = try await client.createAndRegister(request)
        if let tokens = result.oauthTokens {
            var adopted = tokens
            adopted.printedCardNumber = adopted.printedCardNumber ?? result.printedCardNumber
            adopted.username = adopted.username ?? request.userFields.username
            await session.adopt(adopted)
        }
        if let device { remember(device, printedCardNumber: result.printedCardNumber) }
        return result
    }

    /// Login flow: logs the guest in, then runs ``ensureDeviceRegistered(deviceToken:printedCardNumber:)``.
    public func loginAndRegisterDevice(
        username: String, password: String,
        deviceToken: Data
    ) async throws(PaytronixError) -> PushRegistrationOutcome {
        _ = try PushToken.hexString(from: deviceToken)
        try await session.login(username: username, password: password)
        return try await ensureDeviceRegistered(deviceToken: deviceToken)
    }

    /// Login flow after the login: reads the account, and attaches this device only when it is not there yet.
    public func ensureDeviceRegistered(
        deviceToken: Data,
        printedCardNumber: String? = nil
    ) async throws(PaytronixError) -> PushRegistrationOutcome {
        let device = try await externalAccount(for: deviceToken)
        let client = self.client
        let information = try await session.withOAuth { (auth) async throws(PaytronixError) -> AccountInformation in
            try await client.accountInformation(printedCardNumber: printedCardNumber, authentication: auth)
        }
        let card = printedCardNumber ?? information.primaryCard?.printedCardNumber
        if information.fields.externalAccounts.contains(where: { $0.isSameDevice(as: device) }) {
            remember(device, printedCardNumber: card)
            return .alreadyRegistered
        }
        try await session.withOAuth { (auth) async throws(PaytronixError) -> Void in
            try await client.editExternalAccounts(.add, [device], printedCardNumber: card, authentication: auth)
        }
        remember(device, printedCardNumber: card)
        return .added
    }

    /// Call when APNs hands the app a (new) device token. Returns `nil` when nobody is logged in; the token is
    /// then sent at the next registration or login. Old tokens are left in place.
    public func deviceTokenDidChange(_ deviceToken: Data) async throws(PaytronixError) -> PushRegistrationOutcome? {
        guard await session.isLoggedIn else { return nil }
        return try await ensureDeviceRegistered(deviceToken: deviceToken)
    }

    /// The external account for a device token, with this app's integration, detail and bundle id.
    public func externalAccount(for deviceToken: Data) async throws(PaytronixError) -> ExternalAccount {
        let detail: IntegrationDetail
        if let fixedIntegrationDetail {
            detail = fixedIntegrationDetail
        } else {
            let merchant = client.configuration.merchantId
            let integrator = self.integrator
            let version = integrationVersion
            // On the main actor, so UIKit is read there without blocking this task's thread.
            detail = await MainActor.run {
                IntegrationDetail.current(merchantId: merchant, integrator: integrator, version: version)
            }
        }
        return try ExternalAccount.apnsDevice(
            deviceToken: deviceToken, integration: client.configuration.clientId,
            integrationDetail: detail, appIdentifier: appIdentifier)
    }

    private func remember(_ device: ExternalAccount, printedCardNumber: String?) {
        PushRecord.save(
            accountCode: device.accountCode, printedCardNumber: printedCardNumber, at: now(),
            merchantId: client.configuration.merchantId, appIdentifier: appIdentifier, to: store)
    }
}
