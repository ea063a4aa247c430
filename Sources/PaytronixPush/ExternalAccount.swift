import Foundation

/// The external account that links a guest's Paytronix account to one app install, so Paytronix can push to it.
public struct ExternalAccount: Codable, Sendable, Equatable {
    /// The APNs device token in lowercase hexadecimal.
    public var accountCode: String
    /// The `client_id` of the app's Paytronix integration.
    public var integration: String
    /// The device description in pipe format (see ``IntegrationDetail``).
    public var integrationDetail: String
    /// The app's bundle identifier: the app Paytronix will push to.
    public var appIdentifier: String

    /// Creates an external account from values already in wire form; ``apnsDevice(deviceToken:integration:integrationDetail:appIdentifier:)`` builds one from a device token.
    public init(accountCode: String, integration: String, integrationDetail: String, appIdentifier: String) {
        self.accountCode = accountCode
        self.integration = integration
        self.integrationDetail = integrationDetail
        self.appIdentifier = appIdentifier
    }

    /// The external account for an APNs device token.
    public static func apnsDevice(
        deviceToken: Data, integration: String, integrationDetail: IntegrationDetail,
        appIdentifier: String
    ) throws(PaytronixError) -> ExternalAccount {
        ExternalAccount(
            accountCode: try PushToken.hexString(from: deviceToken), integration: integration,
            integrationDetail: integrationDetail.description, appIdentifier: appIdentifier)
    }

    /// Same device for the same app: `accountCode` compared case-insensitively, `appIdentifier` exactly.
    /// `integration` and `integrationDetail` may differ (an OS update changes the detail, not the device).
    public func isSameDevice(as other: ExternalAccount) -> Bool {
        accountCode.lowercased() == other.accountCode.lowercased() && appIdentifier == other.appIdentifier
    }
}
