import Foundation

/// Calls an integrator's server makes on a guest's behalf with B2B credentials. Never ship these
/// credentials in an app.
public struct PaytronixB2BClient: Sendable {
    /// The client whose integration credentials accompany the B2B ones.
    public let client: PaytronixClient
    private let authentication: PaytronixAuthentication

    /// Creates a B2B client; `username` and `password` are the B2B credentials Paytronix issued to the integrator.
    public init(client: PaytronixClient, username: String, password: String) {
        self.client = client
        self.authentication = .b2b(username: username, password: password)
    }

    /// The cards a device token (hex `accountCode`) is attached to.
    public func cardsForExternalAccount(accountCode: String) async throws(PaytronixError) -> ExternalAccountCards {
        try await client.printedCardNumberForExternalAccount(accountCode: accountCode, authentication: authentication)
    }

    /// The account of `printedCardNumber`, as ``PaytronixClient/accountInformation(printedCardNumber:authentication:)`` reads it.
    public func accountInformation(printedCardNumber: String) async throws(PaytronixError) -> AccountInformation {
        try await client.accountInformation(printedCardNumber: printedCardNumber, authentication: authentication)
    }

    /// Registers a guest on an unregistered (physical) card, for example from an in-store sign-up form.
    /// Never retried automatically: a repeat would fail as already registered.
    public func register(_ request: RegisterRequest, printedCardNumber: String) async throws(PaytronixError)
        -> CreateAndRegisterResult
    {
        try await client.register(request, printedCardNumber: printedCardNumber, authentication: authentication)
    }

    /// Attaches or detaches external accounts (device tokens) on the account of `printedCardNumber`.
    public func editExternalAccounts(
        _ operation: ExternalAccountOperation, _ accounts: [ExternalAccount],
        printedCardNumber: String
    ) async throws(PaytronixError) {
        try await client.editExternalAccounts(
            operation, accounts, printedCardNumber: printedCardNumber,
            authentication: authentication)
    }
}
