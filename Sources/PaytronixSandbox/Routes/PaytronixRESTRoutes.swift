import CommerceCore
import Foundation
import GRDB
import SandboxCore

/// The Paytronix REST endpoints (spec §3.4 and §5.1) on `/rest/<release>/<service>/<endpoint>.json`.
struct PaytronixRESTRoutes: Sendable {
    let gateway: PaytronixRESTGateway

    func register(on router: ServiceRoutes) {
        typealias Rules = PaytronixRESTGateway.Rules
        gateway.route(
            router, [.post], "oauth/requestGuestToken", Rules(styles: ["anonymous"], styleOptional: true),
            requestGuestToken)
        gateway.route(
            router, [.get], "enrollment/enrollmentConfig", Rules(styles: ["anonymous"], styleOptional: true),
            enrollmentConfig)
        gateway.route(router, [.post], "enrollment/createAndRegister", Rules(styles: ["anonymous"]), createAndRegister)
        gateway.route(router, [.post], "enrollment/register", Rules(styles: ["card", "b2b"]), register)
        gateway.route(
            router, [.post], "enrollment/editExternalAccounts",
            Rules(styles: ["card", "guest", "oauth", "b2b"], scope: "account_write"), editExternalAccounts)
        gateway.route(
            router, [.get, .post], "guest/accountInformation",
            Rules(styles: ["card", "guest", "email", "oauth", "b2b"], scope: "account_read"), accountInformation)
        gateway.route(
            router, [.get, .post], "guest/printedCardNumberForExternalAccount",
            Rules(styles: ["b2b"], b2bNeedsCard: false), printedCardNumberForExternalAccount)

    }

    /// `<service>/<endpoint>.json` from `/rest/<release>/<service>/<endpoint>.json`.
    static func endpointName(_ path: String) -> String {
        path.split(separator: "/").dropFirst(2).joined(separator: "/")
    }

    // MARK: oauth

    private func requestGuestToken(_ call: PaytronixCall, _ principal: PaytronixPrincipal, _ db: Database) throws
        -> SandboxResponse
    {
        let grant = call.params["grant_type"]?.stringValue
        guard grant == "password" || grant == "refresh_token" else {
            throw PaytronixFailure(
                400, "oauth.unsupported_grant_type", "grant_type must be password or refresh_token", field: "grant_type"
            )
        }
        // Table order (§4.3): the grant's own checks (O2–O4) come before the scope check (O5).
        if grant == "password" {
            guard let username = call.params["username"]?.stringValue else {
                throw PaytronixFailure.missing("username")
            }
            guard let password = call.params["password"]?.stringValue else {
                throw PaytronixFailure.missing("password")
            }
            guard let user = try PaytronixGuestStore.user(db, merchantId: call.merchantId, username: username),
                let userId = user.id,
                PaytronixSecrets.verify(password, salt: user.passwordSalt, hash: user.passwordHash)
            else {
                throw PaytronixFailure(400, "oauth.invalid_grant", "Username or password is not valid")
            }
            let requested = try scopes(call.params["scope"])
            let scope = (requested ?? PaytronixGuestStore.allScopes).joined(separator: " ")
            let tokens = try PaytronixGuestStore.issueTokens(
                db, clientId: call.clientId, merchantId: call.merchantId,
                userId: userId, scope: scope, now: call.now)
            return tokenResponse(tokens, scope: scope, username: user.username)
        }
        guard let refresh = call.params["refresh_token"]?.stringValue else {
            throw PaytronixFailure.missing("refresh_token")
        }
        guard
            let token = try PaytronixGuestStore.validToken(
                db, refresh, kind: "refresh", clientId: call.clientId, now: call.now),
            token.merchantId == call.merchantId, let user = try PaytronixGuestStore.user(db, id: token.userId)
        else {
            throw PaytronixFailure(400, "oauth.invalid_grant", "The refresh token is invalid or has expired")
        }
        let requested = try scopes(call.params["scope"])
        let original = token.scope.split(separator: " ").map(String.init)
        if let requested, let broader = requested.first(where: { !original.contains($0) }) {
            throw PaytronixFailure(
                400, "oauth.invalid_scope",
                "Unknown or broader scope \(broader); use account_read, account_write, user_read, user_write",
                field: "scope")
        }
        let scope = (requested ?? original).joined(separator: " ")
        let tokens = try PaytronixGuestStore.issueTokens(
            db, clientId: call.clientId, merchantId: call.merchantId, userId: token.userId,
            scope: scope, now: call.now, refreshToken: refresh)
        return tokenResponse(tokens, scope: scope, username: user.username)
    }

    /// O5: known scopes only, returned in the fixed order. A missing, null or blank scope is "not given"
    /// (all scopes, or the original ones on a refresh), never "no scopes".
    private func scopes(_ value: JSONValue?) throws -> [String]? {
        guard let value, value != .null else { return nil }
        if let text = value.stringValue, text.allSatisfy(\.isWhitespace) { return nil }
        guard let text = value.stringValue else {
            throw PaytronixFailure(
                400, "oauth.invalid_scope",
                "Unknown or broader scope \(value.serialized()); use account_read, account_write, user_read, user_write",
                field: "scope")
        }
        let parts = text.split(separator: " ").map(String.init)
        if let unknown = parts.first(where: { !PaytronixGuestStore.allScopes.contains($0) }) {
            throw PaytronixFailure(
                400, "oauth.invalid_scope",
                "Unknown or broader scope \(unknown); use account_read, account_write, user_read, user_write",
                field: "scope")
        }
        return PaytronixGuestStore.allScopes.filter(parts.contains)
    }

    private func tokenResponse(_ tokens: (access: String, refresh: String), scope: String, username: String)
        -> SandboxResponse
    {
        guard
            case .object(let object) = PaytronixGuestStore.tokenJSON(
                access: tokens.access, refresh: tokens.refresh, scope: scope,
                username: username, printedCardNumber: nil)
        else {
            return .paytronixSuccess()
        }
        return .paytronixSuccess(object)
    }

    // MARK: enrollment

    private func enrollmentConfig(_ call: PaytronixCall, _ principal: PaytronixPrincipal, _ db: Database) throws
        -> SandboxResponse
    {
        _ = try template(call, db, field: "cardTemplateCode")
        let configured = try PaytronixMerchantStore.enrollmentFields(db, merchantId: call.merchantId)
        let fields: [JSONValue] = configured.map { config in
            var object: JSONObject = [
                "type": .string(config.type), "field": .string(config.field), "required": .bool(config.required),
            ]
            if let length = config.minLength { object["minLength"] = .string(String(length)) }
            return .object(object)
        }
        return .paytronixSuccess(["config": ["fields": .array(fields)]])
    }

    /// E1: `cardTemplateCode` names one of the merchant's templates (a digit string is accepted on GET).
    private func template(_ call: PaytronixCall, _ db: Database, field: String) throws -> Int64 {
        let value = call.params[field]
        let code = value?.integerValue ?? (call.isGet ? value?.stringValue.flatMap { Int64($0) } : nil)
        guard let code, try PaytronixMerchantStore.templateExists(db, merchantId: call.merchantId, code: code) else {
            throw PaytronixFailure(
                400, "enrollment.invalid_card_template",
                "cardTemplateCode must be one of this merchant's card templates",
                field: field)
        }
        return code
    }

    private func createAndRegister(_ call: PaytronixCall, _ principal: PaytronixPrincipal, _ db: Database) throws
        -> SandboxResponse
    {
        let templateCode = try template(call, db, field: "cardTemplateCode")
        let today = String(ISO8601.format(call.now).prefix(10))
        let enrollment = try PaytronixValidation.enrollment(
            call.params, merchantId: call.merchantId, template: templateCode,
            today: today, db: db)
        let (accountId, number, code) = try PaytronixGuestStore.createAccount(
            db, merchantId: call.merchantId, template: templateCode, registered: true, today: today,
            favoriteStore: enrollment.favoriteStore, enrollmentStore: call.params["activationStoreCode"]?.stringValue)
        try PaytronixGuestStore.insertUser(
            db, merchantId: call.merchantId, accountId: accountId, fields: enrollment.userFields)
        let tokens = try PaytronixGuestStore.completeEnrollment(
            db, clientId: call.clientId, merchantId: call.merchantId, accountId: accountId,
            printedCardNumber: number, externalAccounts: enrollment.externalAccounts,
            now: call.now)
        return .paytronixSuccess(
            [
                "accountId": .integer(accountId), "printedCardNumber": .string(number),
                "generatedRegistrationCode": .string(code),
                "oauthTokens": tokens,
            ], result: "cardCreatedSuccess")
    }

    private func register(_ call: PaytronixCall, _ principal: PaytronixPrincipal, _ db: Database) throws
        -> SandboxResponse
    {
        guard let accountId = principal.accountId, let number = principal.printedCardNumber,
            let account = try PaytronixGuestStore.account(db, id: accountId)
        else {
            throw PaytronixFailure.missing("printedCardNumber")
        }
        guard account.registrationStatus != "REGISTERED" else {
            throw PaytronixFailure(409, "enrollment.card_already_registered", "Card \(number) is already registered")
        }
        let today = String(ISO8601.format(call.now).prefix(10))
        let enrollment = try PaytronixValidation.enrollment(
            call.params, merchantId: call.merchantId,
            template: account.cardTemplateCode, today: today, db: db)
        try PaytronixGuestStore.insertUser(
            db, merchantId: call.merchantId, accountId: accountId, fields: enrollment.userFields)
        try PaytronixGuestStore.register(
            db, accountId: accountId, today: today, favoriteStore: enrollment.favoriteStore)
        let tokens = try PaytronixGuestStore.completeEnrollment(
            db, clientId: call.clientId, merchantId: call.merchantId, accountId: accountId,
            printedCardNumber: number, externalAccounts: enrollment.externalAccounts,
            now: call.now)
        return .paytronixSuccess([
            "accountId": .integer(accountId), "printedCardNumber": .string(number), "oauthTokens": tokens,
        ])
    }

    private func editExternalAccounts(_ call: PaytronixCall, _ principal: PaytronixPrincipal, _ db: Database) throws
        -> SandboxResponse
    {
        guard let accountId = principal.accountId, let account = try PaytronixGuestStore.account(db, id: accountId)
        else {
            throw PaytronixFailure.missing("printedCardNumber")
        }
        guard account.status == "ACTIVE" else {
            throw PaytronixFailure(409, "enrollment.account_not_active", "Account is not active")
        }
        let operation = call.params["operation"]?.stringValue
        guard operation == "add" || operation == "remove" else {
            throw PaytronixFailure.invalid("operation", "operation must be add or remove")
        }
        let accounts = try PaytronixValidation.externalAccounts(
            call.params["externalAccounts"], prefix: "externalAccounts",
            merchantId: call.merchantId, requireNonEmpty: true, db: db)
        try PaytronixGuestStore.applyExternalAccounts(
            db, merchantId: call.merchantId, accountId: accountId, operation: operation ?? "add",
            accounts: accounts, now: call.now, fieldPrefix: "externalAccounts")
        return .paytronixSuccess()
    }

    // MARK: guest

    private func accountInformation(_ call: PaytronixCall, _ principal: PaytronixPrincipal, _ db: Database) throws
        -> SandboxResponse
    {
        guard let accountId = principal.accountId, let account = try PaytronixGuestStore.account(db, id: accountId)
        else {
            throw PaytronixFailure.missing("printedCardNumber")
        }
        let status = account.status
        guard status == "ACTIVE" else {
            return .paytronixSuccess(["accountStatus": .string(status)], result: "invalid_status")
        }
        return .paytronixSuccess(try PaytronixGuestStore.accountInformation(db, accountId: accountId))
    }

    private func printedCardNumberForExternalAccount(
        _ call: PaytronixCall, _ principal: PaytronixPrincipal,
        _ db: Database
    ) throws -> SandboxResponse {
        guard let code = call.params["accountCode"]?.stringValue, !code.isEmpty else {
            throw PaytronixFailure.missing("accountCode")
        }
        guard
            let accountId = try PaytronixGuestStore.accountId(
                db, merchantId: call.merchantId, externalAccountCode: code.lowercased())
        else {
            throw PaytronixFailure(
                404, "guest.external_account_not_found", "No account is linked to this external account code")
        }
        let cards = try PaytronixGuestStore.cards(db, accountId: accountId)
        return .paytronixSuccess([
            "primaryCard": cards.first?.wireObject ?? .null,
            "additionalCards": .array(cards.dropFirst().map(\.wireObject)),
        ])
    }
}

extension PaytronixRESTRoutes {
    /// Where these routes answer and how unknown paths and methods there are answered.
    static var servicePrefix: ServicePrefix {
        ServicePrefix(
            "/rest/",
            RouteFallback(
                notFound: { request in
                    PaytronixFailure(
                        404, "request.unknown_endpoint", "Unknown endpoint \(Self.endpointName(request.path))")
                },
                methodNotAllowed: { request, _ in
                    PaytronixFailure(
                        405, "request.method_not_allowed",
                        "\(request.method) is not allowed for \(Self.endpointName(request.path))")
                }))
    }
}
