import CommerceCore
import Foundation
import GRDB
import SandboxCore

/// `/sandbox/paytronix/...`: test data, tokens, clock, faults, the request log and reset (spec §5.6).
struct PaytronixControlRoutes: Sendable {
    let context: SandboxContext

    func register(on router: ServiceRoutes) {
        router.post("/sandbox/paytronix/merchants") { request in
            await Self.respond { try await createMerchant(request) }
        }
        router.post("/sandbox/paytronix/integrations") { request in
            await Self.respond { try await createIntegration(request) }
        }
        router.post("/sandbox/paytronix/cards") { request in await Self.respond { try await createCards(request) } }
        router.post("/sandbox/paytronix/guests") { request in await Self.respond { try await createGuest(request) } }
        router.get("/sandbox/paytronix/accounts/:card") { request in await Self.respond { try await account(request) } }
        router.post("/sandbox/paytronix/accounts/:card/status") { request in
            await Self.respond { try await setStatus(request) }
        }
        router.post("/sandbox/paytronix/tokens/revoke") { request in await Self.respond { try await revoke(request) } }
        router.get("/sandbox/paytronix/requests") { request in await Self.respond { requests(request) } }
        router.get("/sandbox/paytronix/clock") { _ in .paytronixSuccess(clockJSON()) }
        router.post("/sandbox/paytronix/clock") { request in await Self.respond { try await setClock(request) } }
        router.post("/sandbox/paytronix/clock/advance") { request in
            await Self.respond { try await advanceClock(request) }
        }
        router.delete("/sandbox/paytronix/clock") { _ in
            await Self.respond {
                try await context.moveClock(.real)
                return .paytronixSuccess(clockJSON())
            }
        }
        router.post("/sandbox/paytronix/faults") { request in await Self.respond { try addFault(request) } }
        router.get("/sandbox/paytronix/faults") { _ in
            .paytronixSuccess(["faults": .array(context.faultRules(of: "paytronix").map(\.json))])
        }
        router.delete("/sandbox/paytronix/faults") { _ in
            await Self.respond {
                try context.removeFaults(of: "paytronix")
                return .paytronixSuccess()
            }
        }
        router.post("/sandbox/paytronix/reset") { _ in await Self.respond { try await reset() } }
    }

    /// Runs a handler, turning a `PaytronixFailure` into its envelope.
    static func respond(_ body: () async throws -> SandboxResponse) async -> SandboxResponse {
        do { return try await body() } catch let failure as PaytronixFailure {
            return failure.response
        } catch {
            return PaytronixFailure(500, "sandbox.internal_error", "CommerceKit sandbox error: \(error)").response
        }
    }

    static func object(_ request: SandboxRequest) throws -> JSONObject {
        if request.body.isEmpty { return [:] }
        guard let object = (try? request.jsonBody())?.objectValue else {
            throw PaytronixFailure(400, "request.malformed_json", "Request body must be a JSON object")
        }
        return object
    }

    /// Control routes report every input error, a missing field included, as `request.invalid_field` (§5.6).
    static func merchantId(_ body: JSONObject) throws -> Int64 {
        guard let value = body["merchantId"] else {
            throw PaytronixFailure.invalid("merchantId", "merchantId is required")
        }
        guard let id = value.integerValue else {
            throw PaytronixFailure.invalid("merchantId", "merchantId must be an integer")
        }
        return id
    }

    /// An optional integer field: `fallback` when absent, a 400 naming it when present but not an integer.
    static func integer(_ body: JSONObject, _ field: String, default fallback: Int64) throws -> Int64 {
        guard let value = body[field] else { return fallback }
        guard let number = value.integerValue else {
            throw PaytronixFailure.invalid(field, "\(field) must be an integer")
        }
        return number
    }

    /// An optional string field: nil when absent, a 400 naming `field` (the key itself unless given) unless it is a
    /// non-empty string.
    static func nonEmptyString(_ body: JSONObject, _ key: String, field: String? = nil) throws -> String? {
        guard let value = body[key] else { return nil }
        let field = field ?? key
        guard let text = value.stringValue, !text.isEmpty else {
            throw PaytronixFailure.invalid(field, "\(field) must be a non-empty string")
        }
        return text
    }

    /// Unknown references are 404 (§5.6); a template of another merchant is as unknown as a missing one.
    static func requireTemplate(_ db: Database, merchantId: Int64, code: Int64) throws {
        guard try PaytronixMerchantStore.templateExists(db, merchantId: merchantId, code: code) else {
            throw PaytronixFailure(
                404, "guest.card_template_not_found", "Card template \(code) not found for merchant \(merchantId)",
                field: "cardTemplateCode")
        }
    }

    private func account(_ request: SandboxRequest) async throws -> SandboxResponse {
        let number = request.parameter("card")
        let merchant =
            try request.query["merchantId"].map { text -> Int64 in
                guard PaytronixValidation.isASCIIDigits(text), let id = Int64(text) else {
                    throw PaytronixFailure.invalid("merchantId", "merchantId must be an integer")
                }
                return id
            } ?? PaytronixMerchantStore.defaultMerchantId
        let now = context.clock.now()
        let result = try await context.database.read { db -> JSONObject in
            guard let card = try PaytronixGuestStore.card(db, merchantId: merchant, number: number) else {
                throw PaytronixFailure(404, "guest.card_not_found", "Card \(number) not found")
            }
            let accountId = card.accountId
            var info = try PaytronixGuestStore.accountInformation(db, accountId: accountId)
            if let user = try PaytronixGuestStore.user(db, accountId: accountId) {
                info["user"] = [
                    "username": .string(user.username), "email": .from(user.email),
                    "mobilePhone": .from(user.mobilePhone), "phone": .from(user.phone),
                ]
                let active =
                    try user.id.map { try PaytronixGuestStore.activeAccessTokenCount(db, userId: $0, now: now) } ?? 0
                info["activeTokens"] = .integer(Int64(active))
            }
            let history = try PaytronixGuestStore.externalAccountHistory(db, accountId: accountId)
            info["externalAccountHistory"] = .array(
                history.map { account in
                    var entry = account.wireObject.objectValue ?? [:]
                    entry["state"] = .string(account.state)
                    entry["movedTo"] = .from(account.movedTo)
                    return .object(entry)
                })
            return info
        }
        return .paytronixSuccess(result)
    }

    private func setStatus(_ request: SandboxRequest) async throws -> SandboxResponse {
        let body = try Self.object(request)
        let merchant = try Self.merchantId(body)
        let status = body["status"]?.stringValue ?? ""
        guard status == "ACTIVE" || status == "DISABLED" else {
            throw PaytronixFailure.invalid("status", "status must be ACTIVE or DISABLED")
        }
        let number = request.parameter("card")
        let info = try await context.database.write { db -> JSONObject in
            guard let card = try PaytronixGuestStore.card(db, merchantId: merchant, number: number) else {
                throw PaytronixFailure(404, "guest.card_not_found", "Card \(number) not found")
            }
            try PaytronixGuestStore.setAccountStatus(db, accountId: card.accountId, status: status)
            return try PaytronixGuestStore.accountInformation(db, accountId: card.accountId)
        }
        return .paytronixSuccess(info)
    }

    private func revoke(_ request: SandboxRequest) async throws -> SandboxResponse {
        let body = try Self.object(request)
        let count = try await context.database.write { db -> Int in
            if let token = body["accessToken"]?.stringValue {
                return try PaytronixGuestStore.revokeTokens(db, token: token)
            }
            guard let username = body["username"]?.stringValue else {
                throw PaytronixFailure.invalid("accessToken", "accessToken, or merchantId and username, is required")
            }
            let merchant = try Self.merchantId(body)
            guard let user = try PaytronixGuestStore.user(db, merchantId: merchant, username: username) else {
                throw PaytronixFailure(404, "guest.user_not_found", "Guest \(username) not found")
            }
            return try PaytronixGuestStore.revokeTokens(db, userId: user.id ?? -1)
        }
        return .paytronixSuccess(["revoked": .integer(Int64(count))])
    }

    /// Paytronix's view of the sandbox journal (§5.6): REST calls oldest first, parameters masked.
    private func requests(_ request: SandboxRequest) -> SandboxResponse {
        let endpoint = request.query["endpoint"]
        let limit = request.query["limit"].flatMap { Int($0) } ?? 1000
        let entries = context.journal.entries(JournalFilter(service: "paytronix")).reversed().filter { entry in
            let called = PaytronixRESTGateway.endpoint(ofPath: entry.path)
            return endpoint == nil || called == endpoint || called.hasSuffix("/" + (endpoint ?? ""))
        }
        return .paytronixSuccess([
            "requests": .array(
                entries.suffix(max(0, limit)).map { entry in
                    let params =
                        entry.notes["params"]
                        ?? (entry.method == .get
                            ? .object(
                                JSONObject(
                                    (entry.query.map { SandboxRequest(method: .get, rawPath: "/", rawQuery: $0).query }
                                        ?? [:])
                                        .sorted { $0.key < $1.key }.map { ($0.key, .string($0.value)) }))
                            : ((try? JSONValue.parse(entry.requestBody)) ?? .null))
                    return [
                        "method": .string(entry.method.rawValue), "path": .string(entry.path),
                        "endpoint": .string(PaytronixRESTGateway.endpoint(ofPath: entry.path)),
                        "status": .integer(Int64(entry.status)),
                        "errorCode": .from((try? JSONValue.parse(entry.responseBody))?["errorCode"]?.stringValue),
                        "time": .string(ISO8601.format(entry.time, fraction: .milliseconds)),
                        "body": JournalRedaction.redacted(params),
                    ]
                })
        ])
    }

    // MARK: clock

    private func clockJSON() -> JSONObject {
        context.clock.json().objectValue ?? [:]
    }

    private func setClock(_ request: SandboxRequest) async throws -> SandboxResponse {
        let body = try Self.object(request)
        guard let text = body["now"]?.stringValue, let instant = ISO8601.parse(text) else {
            throw PaytronixFailure.invalid("now", "now must be an ISO-8601 date-time")
        }
        try await context.moveClock(.set(instant, frozen: body["frozen"]?.boolValue ?? false))
        return .paytronixSuccess(clockJSON())
    }

    private func advanceClock(_ request: SandboxRequest) async throws -> SandboxResponse {
        let body = try Self.object(request)
        let seconds: Double
        if let value = body["seconds"]?.doubleValue {
            seconds = value
        } else if let days = body["days"]?.doubleValue {
            seconds = days * 86_400
        } else {
            throw PaytronixFailure.invalid("seconds", "Give seconds or days, a positive number")
        }
        guard SandboxClock.isAcceptableMove(seconds) else {
            throw PaytronixFailure.invalid("seconds", "Give seconds or days, a positive number of at most 100 years")
        }
        try await context.moveClock(.advance(seconds: seconds))
        return .paytronixSuccess(clockJSON())
    }

    // MARK: faults and reset

    private func addFault(_ request: SandboxRequest) throws -> SandboxResponse {
        let body = try Self.object(request)
        guard let method = body["method"]?.stringValue, !method.isEmpty else {
            throw PaytronixFailure.invalid("method", "method is required")
        }
        guard let path = body["path"]?.stringValue, path.hasPrefix("/rest/") else {
            throw PaytronixFailure.invalid("path", "path must start with /rest/ (use * as a wildcard)")
        }
        let mode = body["mode"]?.stringValue ?? "before"
        guard mode == "before" || mode == "after" else {
            throw PaytronixFailure.invalid("mode", "mode must be before or after")
        }
        let count = Int(body["count"]?.integerValue ?? 1)
        guard (1...FaultRule.maximumCount).contains(count) else {
            throw PaytronixFailure.invalid("count", "count must be from 1 to \(FaultRule.maximumCount)")
        }
        let status = body["status"]?.integerValue.map { Int($0) }
        if let status, !(100...599).contains(status) {
            throw PaytronixFailure.invalid("status", "status must be an HTTP status")
        }
        let delay = Int(body["delay_ms"]?.integerValue ?? 0)
        guard (0...FaultRule.maximumDelayMilliseconds).contains(delay) else {
            throw PaytronixFailure.invalid("delay_ms", "delay_ms must be 0 to \(FaultRule.maximumDelayMilliseconds)")
        }
        // Paytronix's documented shape: `*` is a wildcard anywhere in the path.
        let fault = FaultRule(
            method: HTTPMethod(rawValue: method.uppercased()), path: .glob(path), count: count,
            timing: mode == "after" ? .after : .before, status: mode == "before" ? (status ?? 503) : status,
            delayMilliseconds: delay)
        try context.faults.add(fault)
        return .paytronixSuccess(["fault": fault.json])
    }

    private func reset() async throws -> SandboxResponse {
        try await context.reset(named: "paytronix")
        return .paytronixSuccess()
    }
}

extension PaytronixControlRoutes {
    /// Where these routes answer and how unknown paths and methods there are answered.
    static var servicePrefix: ServicePrefix {
        ServicePrefix(
            "/sandbox/paytronix/",
            RouteFallback(
                notFound: { request in
                    PaytronixFailure(404, "request.unknown_endpoint", "No control route \(request.path)").response
                },
                methodNotAllowed: { request, _ in
                    PaytronixFailure(
                        405, "request.method_not_allowed", "\(request.method) is not allowed for \(request.path)"
                    ).response
                }))
    }
}
