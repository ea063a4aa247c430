import CommerceCore
import Foundation

extension PaytronixClient {
    /// `oauth/requestGuestToken.json`: exchanges a password or a refresh token for guest tokens. An empty
    /// `scope` is left out of the request, which Paytronix reads as all scopes.
    public func requestGuestToken(
        _ grant: GuestTokenGrant,
        scope: Set<OAuthScope> = Set(OAuthScope.allCases)
    ) async throws(PaytronixError) -> OAuthTokens {
        var fields: [(String, JSONValue)]
        switch grant {
        case .password(let username, let password):
            fields = [("grant_type", "password"), ("username", .string(username)), ("password", .string(password))]
        case .refreshToken(let token):
            fields = [("grant_type", "refresh_token"), ("refresh_token", .string(token))]
        }
        appendScope(OAuthScope.wireValue(scope), to: &fields)
        let (json, status) = try await post(
            service: "oauth", endpoint: "requestGuestToken", authentication: .anonymous, fields: fields)
        guard let tokens = OAuthTokens(json: json) else {
            throw .invalidResponse(statusCode: status, body: json.serialized())
        }
        return tokens
    }

    /// `oauth/requestGuestToken.json` with an explicit scope string (used for refreshes, which must keep the
    /// original scope).
    func requestGuestToken(refreshToken: String, scope: String) async throws(PaytronixError) -> OAuthTokens {
        var fields: [(String, JSONValue)] = [("grant_type", "refresh_token"), ("refresh_token", .string(refreshToken))]
        appendScope(scope, to: &fields)
        let (json, status) = try await post(
            service: "oauth", endpoint: "requestGuestToken", authentication: .anonymous, fields: fields)
        guard let tokens = OAuthTokens(json: json) else {
            throw .invalidResponse(statusCode: status, body: json.serialized())
        }
        return tokens
    }

    /// Adds `scope` unless it is blank. An absent scope means "all scopes" (on a refresh: the original ones),
    /// whereas a server could read `""` as "no scopes" and refuse every later call. A stored scope is blank
    /// when the token reply carried none.
    private func appendScope(_ scope: String, to fields: inout [(String, JSONValue)]) {
        guard !scope.allSatisfy(\.isWhitespace) else { return }
        fields.append(("scope", .string(scope)))
    }

    /// `enrollment/enrollmentConfig.json`: the merchant's enrollment form.
    public func enrollmentConfig(cardTemplateCode: Int) async throws(PaytronixError) -> EnrollmentConfig {
        let (json, _) = try await get(
            service: "enrollment", endpoint: "enrollmentConfig",
            query: [("cardTemplateCode", String(cardTemplateCode))])
        let fields = (json["config"]?["fields"]?.arrayValue ?? []).compactMap { EnrollmentField(json: $0) }
        return EnrollmentConfig(fields: fields)
    }

    /// `enrollment/createAndRegister.json` (anonymous). Never retried automatically: a repeat could create a
    /// second account. After a lost response, log the guest in instead.
    public func createAndRegister(_ request: CreateAndRegisterRequest) async throws(PaytronixError)
        -> CreateAndRegisterResult
    {
        var fields: [(String, JSONValue)] = [("cardTemplateCode", .integer(Int64(request.cardTemplateCode)))]
        if !request.enforceUniqueFields.isEmpty {
            fields.append(("enforceUniqueFields", .array(request.enforceUniqueFields.map(JSONValue.string))))
        }
        fields.append(("setUserFields", request.userFields.wire(style: request.style)))
        if !request.accountFields.isEmpty {
            fields.append(("setAccountFields", request.accountFields.wire(style: request.style)))
        }
        if let store = request.activationStoreCode { fields.append(("activationStoreCode", .string(store))) }
        let (json, status) = try await post(
            service: "enrollment", endpoint: "createAndRegister",
            authentication: .anonymous, fields: fields, retryable: false)
        return try CreateAndRegisterResult(json: json, status: status, receivedAt: Date())
    }

    /// `enrollment/register.json`: registers a guest on an existing card (card or B2B authentication).
    /// Never retried automatically.
    ///
    /// - Parameters:
    ///   - request: the guest's user and account fields.
    ///   - printedCardNumber: the card to register. B2B authentication needs it; card authentication
    ///     already names its card, so it is not sent twice.
    ///   - authentication: `.card` for a guest holding a physical card, `.b2b` for an integrator's server.
    public func register(
        _ request: RegisterRequest, printedCardNumber: String? = nil,
        authentication: PaytronixAuthentication
    ) async throws(PaytronixError) -> CreateAndRegisterResult {
        var fields: [(String, JSONValue)] = []
        if let printedCardNumber, !authentication.carriesCardNumber {
            fields.append(("printedCardNumber", .string(printedCardNumber)))
        }
        if !request.enforceUniqueFields.isEmpty {
            fields.append(("enforceUniqueFields", .array(request.enforceUniqueFields.map(JSONValue.string))))
        }
        fields.append(("setUserFields", request.userFields.wire(style: request.style)))
        if !request.accountFields.isEmpty {
            fields.append(("setAccountFields", request.accountFields.wire(style: request.style)))
        }
        let (json, status) = try await post(
            service: "enrollment", endpoint: "register",
            authentication: authentication, fields: fields, retryable: false)
        return try CreateAndRegisterResult(json: json, status: status, receivedAt: Date())
    }

    /// `enrollment/editExternalAccounts.json`: attaches (`add`, idempotent) or detaches external accounts.
    public func editExternalAccounts(
        _ operation: ExternalAccountOperation, _ accounts: [ExternalAccount],
        printedCardNumber: String?,
        authentication: PaytronixAuthentication
    ) async throws(PaytronixError) {
        var fields: [(String, JSONValue)] = []
        if let printedCardNumber, !authentication.carriesCardNumber {
            fields.append(("printedCardNumber", .string(printedCardNumber)))
        }
        fields.append(("operation", .string(operation.rawValue)))
        fields.append(("externalAccounts", .array(accounts.map(\.wire))))
        _ = try await post(
            service: "enrollment", endpoint: "editExternalAccounts", authentication: authentication, fields: fields)
    }

    /// `guest/accountInformation.json` (always POST, so guest credentials never travel in a URL).
    public func accountInformation(
        printedCardNumber: String?,
        authentication: PaytronixAuthentication
    ) async throws(PaytronixError) -> AccountInformation {
        var fields: [(String, JSONValue)] = []
        if let printedCardNumber, !authentication.carriesCardNumber {
            fields.append(("printedCardNumber", .string(printedCardNumber)))
        }
        let (json, _) = try await post(
            service: "guest", endpoint: "accountInformation", authentication: authentication, fields: fields)
        return AccountInformation(json: json)
    }

    /// `guest/printedCardNumberForExternalAccount.json` (B2B): which cards a device token is attached to.
    /// Sent as POST so the B2B password stays out of URLs and logs.
    public func printedCardNumberForExternalAccount(
        accountCode: String,
        authentication: PaytronixAuthentication
    ) async throws(PaytronixError) -> ExternalAccountCards {
        let (json, _) = try await post(
            service: "guest", endpoint: "printedCardNumberForExternalAccount",
            authentication: authentication, fields: [("accountCode", .string(accountCode))])
        return ExternalAccountCards(
            primaryCard: CardInformation(json: json["primaryCard"]),
            additionalCards: (json["additionalCards"]?.arrayValue ?? []).compactMap { CardInformation(json: $0) })
    }
}

extension PaytronixAuthentication {
    /// Card authentication already sends `printedCardNumber`.
    var carriesCardNumber: Bool {
        if case .card = self { return true }
        return false
    }
}
