import CommerceCore
import Foundation
import GRDB
import SandboxCore

/// Who a REST call acts for after authentication.
struct PaytronixPrincipal: Sendable {
    var style: String
    /// The guest's account (nil for anonymous and B2B until a card is named).
    var accountId: Int64?
    var userId: Int64?
    /// The card named by the request or used to authenticate.
    var printedCardNumber: String?
}

/// One validated REST call: parameters, merchant and the integration that made it.
struct PaytronixCall: Sendable {
    var endpoint: String
    var params: JSONObject
    var isGet: Bool
    var merchantId: Int64
    var clientId: String
    var now: Date
}

/// The checks every `/rest/<release>/...` call goes through (spec §4.1–§4.2). Faults and the request log are the
/// sandbox's shared ones.
struct PaytronixRESTGateway: Sendable {
    struct Rules: Sendable {
        var styles: Set<String>
        /// `requestGuestToken` and `enrollmentConfig` may omit `authentication`.
        var styleOptional = false
        var scope: String?
        /// B2B calls name the account by card.
        var b2bNeedsCard = true
    }

    static let styles = ["anonymous", "card", "guest", "email", "oauth", "b2b"]
    static let maximumBody = 1024 * 1024

    let context: SandboxContext

    typealias Body = @Sendable (PaytronixCall, PaytronixPrincipal, Database) throws -> SandboxResponse

    /// Registers `endpoint` (`service/name`) for `methods`.
    func route(
        _ router: ServiceRoutes, _ methods: [HTTPMethod], _ endpoint: String, _ rules: Rules, _ body: @escaping Body
    ) {
        for method in methods {
            router.on(method, "/rest/:release/\(endpoint).json") { request in
                await handle(request, endpoint: endpoint, rules: rules, body: body)
            }
        }
    }

    /// `guest/accountInformation` for `/rest/25.33/guest/accountInformation.json`: how the request log names calls.
    static func endpoint(ofPath path: String) -> String {
        let segments = path.split(separator: "/", omittingEmptySubsequences: true)
        guard segments.count > 2, segments[0] == "rest" else { return path }
        let name = segments[2...].joined(separator: "/")
        return name.hasSuffix(".json") ? String(name.dropLast(5)) : name
    }

    func handle(_ request: SandboxRequest, endpoint: String, rules: Rules, body: @escaping Body) async
        -> SandboxResponse
    {
        var logged = JSONValue.null
        let response: SandboxResponse
        do {
            let (call, principal) = try await prepare(request, endpoint: endpoint, rules: rules, logged: &logged)
            response = try await context.database.write { db in
                let resolved = try authenticate(call, principal, rules: rules, db: db)
                return try body(call, resolved, db)
            }
        } catch let failure as PaytronixFailure {
            response = failure.response
        } catch {
            response = PaytronixFailure(500, "sandbox.internal_error", "CommerceKit sandbox error: \(error)").response
        }
        // The parameters as the service understood them (form fields parsed), for the request log's view.
        return logged == .null ? response : response.noting(["params": logged])
    }

    /// §4.1 and A1–A6.
    private func prepare(
        _ request: SandboxRequest, endpoint: String, rules: Rules,
        logged: inout JSONValue
    ) async throws -> (PaytronixCall, String) {
        let release = request.parameter("release")
        guard release.wholeMatch(of: /\d+(\.\d+)*/) != nil else {
            throw PaytronixFailure(404, "request.unknown_endpoint", "Unknown endpoint \(endpoint).json")
        }
        guard request.body.count <= Self.maximumBody else {
            throw PaytronixFailure(413, "request.too_large", "Request body exceeds 1 MiB")
        }
        let isGet = request.method == .get
        var params: JSONObject
        if isGet {
            params = JSONObject(request.query.sorted { $0.key < $1.key }.map { ($0.key, JSONValue.string($0.value)) })
        } else {
            guard let object = (try? request.jsonBody())?.objectValue else {
                throw PaytronixFailure(400, "request.malformed_json", "Request body must be a JSON object")
            }
            params = object
        }
        logged = .object(params)
        guard let rawMerchant = params["merchantId"] else { throw PaytronixFailure.missing("merchantId") }
        let merchantId: Int64
        if isGet {
            guard let text = rawMerchant.stringValue, text.allSatisfy(\.isNumber), let value = Int64(text) else {
                throw PaytronixFailure.invalid("merchantId", "merchantId must be an integer")
            }
            merchantId = value
        } else {
            guard case .integer(let value) = rawMerchant else {
                throw PaytronixFailure.invalid("merchantId", "merchantId must be an integer")
            }
            merchantId = value
        }
        let style = params["authentication"]?.stringValue
        if (style == nil && !rules.styleOptional) || (style != nil && !Self.styles.contains(style ?? ""))
            || (params["authentication"] != nil && style == nil)
        {
            throw PaytronixFailure.invalid(
                "authentication", "authentication must be one of anonymous, card, guest, email, oauth, b2b")
        }
        let clientId = try await integrationCredentials(request, params: params, merchantId: merchantId)
        let resolvedStyle = style ?? "anonymous"
        guard rules.styles.contains(resolvedStyle) else {
            throw PaytronixFailure(
                403, "auth.style_not_allowed", "Authentication style \(resolvedStyle) is not allowed for \(endpoint)")
        }
        if isGet && resolvedStyle == "guest" {
            throw PaytronixFailure(403, "auth.style_not_allowed", "guest authentication must not be used with GET")
        }
        let call = PaytronixCall(
            endpoint: endpoint, params: params, isGet: isGet, merchantId: merchantId, clientId: clientId,
            now: context.clock.now())
        return (call, resolvedStyle)
    }

    /// A1–A4: HTTP Basic or body credentials, the merchant, and the integration's merchant.
    private func integrationCredentials(_ request: SandboxRequest, params: JSONObject, merchantId: Int64) async throws
        -> String
    {
        var header: (String, String)?
        if let authorization = request.headers["Authorization"], authorization.lowercased().hasPrefix("basic ") {
            let encoded = authorization.dropFirst(6).trimmingCharacters(in: .whitespaces)
            guard let data = Data(base64Encoded: encoded), let text = String(data: data, encoding: .utf8),
                let colon = text.firstIndex(of: ":")
            else {
                throw PaytronixFailure(401, "auth.invalid_client", "Integration credentials are not valid")
            }
            header = (String(text[..<colon]), String(text[text.index(after: colon)...]))
        }
        let bodyId = params["client_id"]?.stringValue
        let bodySecret = params["client_secret"]?.stringValue
        if header == nil && (bodyId == nil || bodySecret == nil) {
            throw PaytronixFailure(
                401, "auth.invalid_client", "Integration credentials are required (HTTP Basic client_id:client_secret)")
        }
        // T7/A2: with both header and body, each body value that is present must match the header's.
        if let header {
            let idDisagrees = params["client_id"].map { $0.stringValue != header.0 } ?? false
            let secretDisagrees = params["client_secret"].map { $0.stringValue != header.1 } ?? false
            if idDisagrees || secretDisagrees {
                throw PaytronixFailure(401, "auth.invalid_client", "Integration credentials are not valid")
            }
        }
        let (clientId, secret) = header ?? (bodyId ?? "", bodySecret ?? "")
        let integration = try await context.database.read { db in
            try PaytronixMerchantStore.integration(db, clientId: clientId)
        }
        guard let integration,
            PaytronixSecrets.verify(secret, salt: integration.secretSalt, hash: integration.secretHash)
        else {
            throw PaytronixFailure(401, "auth.invalid_client", "Integration credentials are not valid")
        }
        guard try await context.database.read({ db in try PaytronixMerchantStore.merchantExists(db, merchantId) })
        else {
            throw PaytronixFailure.merchantNotFound(merchantId)
        }
        guard integration.merchantId == merchantId else {
            throw PaytronixFailure(
                403, "auth.merchant_mismatch", "This integration is not enabled for merchant \(merchantId)")
        }
        return clientId
    }

    /// A7–A15: checks the style's credentials and resolves the account.
    private func authenticate(_ call: PaytronixCall, _ style: String, rules: Rules, db: Database) throws
        -> PaytronixPrincipal
    {
        func required(_ field: String) throws -> String {
            guard let value = call.params[field]?.stringValue ?? call.params[field]?.integerValue.map(String.init),
                !value.isEmpty
            else {
                throw PaytronixFailure.missing(field)
            }
            return value
        }
        var principal = PaytronixPrincipal(style: style)
        switch style {
        case "card":
            let number = try required("printedCardNumber")
            let code = try required("registrationCode")
            guard let card = try PaytronixGuestStore.card(db, merchantId: call.merchantId, number: number),
                card.registrationCode == code
            else {
                throw PaytronixFailure(401, "auth.invalid_credentials", "Card number or registration code is not valid")
            }
            principal.accountId = card.accountId
            principal.printedCardNumber = number
            return principal
        case "guest":
            let username = try required("username")
            let password = try required("password")
            guard let user = try PaytronixGuestStore.user(db, merchantId: call.merchantId, username: username),
                PaytronixSecrets.verify(password, salt: user.passwordSalt, hash: user.passwordHash)
            else {
                throw PaytronixFailure(401, "auth.invalid_credentials", "Username or password is not valid")
            }
            principal.accountId = user.accountId
            principal.userId = user.id
        case "email":
            let email = try required("email")
            let template = try required("cardTemplateCode")
            guard
                let user = try PaytronixGuestStore.user(
                    db, merchantId: call.merchantId, email: email, template: Int64(template) ?? -1)
            else {
                throw PaytronixFailure(401, "auth.invalid_credentials", "No guest matches this email and card template")
            }
            principal.accountId = user.accountId
            principal.userId = user.id
        case "oauth":
            let token = try required("access_token")
            guard
                let access = try PaytronixGuestStore.validToken(
                    db, token, kind: "access", clientId: call.clientId, now: call.now),
                access.merchantId == call.merchantId, let user = try PaytronixGuestStore.user(db, id: access.userId)
            else {
                throw PaytronixFailure(401, "oauth.invalid_token", "The access token is invalid or has expired")
            }
            if let scope = rules.scope, !access.scope.split(separator: " ").contains(Substring(scope)) {
                throw PaytronixFailure(403, "oauth.insufficient_scope", "This call needs the \(scope) scope")
            }
            principal.accountId = user.accountId
            principal.userId = user.id
        case "b2b":
            let username = try required("username")
            let password = try required("password")
            guard let integration = try PaytronixMerchantStore.integration(db, clientId: call.clientId),
                integration.b2bUsername == username, let salt = integration.b2bSalt,
                let hash = integration.b2bPasswordHash,
                PaytronixSecrets.verify(password, salt: salt, hash: hash)
            else {
                throw PaytronixFailure(401, "auth.invalid_credentials", "B2B credentials are not valid")
            }
            guard rules.b2bNeedsCard else { return principal }
            let number = try required("printedCardNumber")
            guard let card = try PaytronixGuestStore.card(db, merchantId: call.merchantId, number: number) else {
                throw PaytronixFailure(404, "guest.card_not_found", "Card \(number) not found")
            }
            principal.accountId = card.accountId
            principal.printedCardNumber = number
            return principal
        default:
            return principal
        }
        // guest, email, oauth: an optional card must belong to the guest (A14).
        if let number = call.params["printedCardNumber"]?.stringValue {
            guard let card = try PaytronixGuestStore.card(db, merchantId: call.merchantId, number: number),
                card.accountId == principal.accountId
            else {
                throw PaytronixFailure(403, "auth.card_not_owned", "Card \(number) does not belong to this guest")
            }
            principal.printedCardNumber = number
        } else if let account = principal.accountId {
            principal.printedCardNumber = try PaytronixGuestStore.primaryCardNumber(db, accountId: account)
        }
        return principal
    }
}
