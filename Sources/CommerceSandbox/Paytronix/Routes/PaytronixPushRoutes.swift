import CommerceCore
import Foundation
import GRDB

/// Push packages and the "send a push to a guest" simulation (spec §4.7, §4.8, §5.4, §5.5).
struct PaytronixPushRoutes: Sendable {
    let context: SandboxContext
    static let environments = ["development", "production"]
    static let maximumPackage = 256 * 1024
    static let maximumPayload = 4096

    func register(on router: SandboxRouter) {
        router.put("/sandbox/paytronix/push-packages/:merchantId/:appIdentifier/:environment") { request in
            await respond { try await upload(request) }
        }
        router.delete("/sandbox/paytronix/push-packages/:merchantId/:appIdentifier/:environment") { request in
            await respond { try await delete(request) }
        }
        router.get("/sandbox/paytronix/push-packages") { request in await respond { try await list(request) } }
        router.post("/sandbox/paytronix/push/send") { request in await respond { try await send(request) } }
        router.get("/sandbox/paytronix/push/notifications") { request in await respond { try await notifications(request) } }
        router.post("/sandbox/paytronix/push/unregistered") { request in await respond { try await unregistered(request) } }
    }

    // MARK: packages

    private func upload(_ request: SandboxRequest) async throws -> SandboxResponse {
        let environment = request.parameter("environment"), app = request.parameter("appIdentifier")
        guard Self.environments.contains(environment) else {
            throw PaytronixFailure(400, "push.invalid_environment", "environment must be development or production")
        }
        guard PaytronixValidation.isBundleIdentifier(app) else {
            throw PaytronixFailure(400, "push.invalid_app_identifier", "appIdentifier must be a bundle identifier such as com.example.app")
        }
        guard let merchantId = Int64(request.parameter("merchantId")),
              try await context.database.read({ db in try PaytronixStore.merchantExists(db, merchantId) }) else {
            throw PaytronixFailure(404, "guest.merchant_not_found", "Merchant \(request.parameter("merchantId")) not found")
        }
        // U4: a body that is not a JSON object carries no p12 either, so it is reported as U4, not Q1.
        let body = (try? PaytronixControlRoutes.object(request)) ?? [:]
        guard let encoded = body["p12"]?.stringValue, let data = PaytronixBase64.decode(encoded),
              !data.isEmpty else {
            throw PaytronixFailure(400, "push.invalid_encoding", "p12 must be base64-encoded PKCS#12 data", field: "p12")
        }
        guard data.count <= Self.maximumPackage else {
            throw PaytronixFailure(400, "push.too_large", "The package must not exceed 256 KiB", field: "p12")
        }
        guard let password = body["password"]?.stringValue, !password.isEmpty else {
            throw PaytronixFailure(400, "push.password_required", "The package password must not be empty", field: "password")
        }
        let now = context.clock.now()
        var metadata = try PushPackageValidator(appIdentifier: app, environment: environment, now: now)
            .validate(Array(data), password: password)
        var package: JSONObject = ["merchantId": .integer(merchantId), "appIdentifier": .string(app),
                                   "environment": .string(environment), "state": "active", "uploadedAt": .string(ISO8601.format(now))]
        for (key, value) in metadata { package[key] = value }
        metadata = package
        let notAfter = metadata["certificate"]?["notAfter"]?.stringValue.flatMap(ISO8601.parse) ?? now
        let record = JSONValue.object(metadata).serialized()
        try await context.database.write { db in
            try db.execute(sql: """
                UPDATE paytronix_push_packages SET state = 'replaced'
                WHERE merchant_id = ? AND app_identifier = ? AND environment = ? AND state = 'active'
                """, arguments: [merchantId, app, environment])
            try db.execute(sql: """
                INSERT INTO paytronix_push_packages (merchant_id, app_identifier, environment, state, uploaded_at, not_after, metadata)
                VALUES (?, ?, ?, 'active', ?, ?, ?)
                """, arguments: [merchantId, app, environment, now.timeIntervalSince1970, notAfter.timeIntervalSince1970, record])
        }
        return .paytronixSuccess(["package": .object(metadata)])
    }

    private func delete(_ request: SandboxRequest) async throws -> SandboxResponse {
        let merchantId = Int64(request.parameter("merchantId")) ?? -1
        let app = request.parameter("appIdentifier"), environment = request.parameter("environment")
        let changed = try await context.database.write { db in
            try db.execute(sql: """
                UPDATE paytronix_push_packages SET state = 'deleted'
                WHERE merchant_id = ? AND app_identifier = ? AND environment = ? AND state = 'active'
                """, arguments: [merchantId, app, environment])
            return db.changesCount
        }
        guard changed > 0 else {
            throw PaytronixFailure(404, "push.no_certificate", "No push package uploaded for \(app) (\(environment))")
        }
        return .paytronixSuccess(["deleted": .integer(Int64(changed))])
    }

    private func list(_ request: SandboxRequest) async throws -> SandboxResponse {
        let query = request.query
        let history = query["includeHistory"] == "true"
        let rows = try await context.database.read { db in
            try Row.fetchAll(db, sql: "SELECT * FROM paytronix_push_packages ORDER BY id DESC").map { row in
                (state: row["state"] as String, merchant: String(row["merchant_id"] as Int64), app: row["app_identifier"] as String,
                 environment: row["environment"] as String, metadata: row["metadata"] as String)
            }
        }
        let packages: [JSONValue] = rows.compactMap { row in
            let state = row.state
            guard history || state == "active" else { return nil }
            if let merchant = query["merchantId"], merchant != row.merchant { return nil }
            if let app = query["appIdentifier"], app != row.app { return nil }
            if let environment = query["environment"], environment != row.environment { return nil }
            guard var package = (try? JSONValue.parse(row.metadata))?.objectValue else { return nil }
            package["state"] = .string(state)
            return .object(package)
        }
        return .paytronixSuccess(["packages": .array(packages)])
    }

    // MARK: send

    private func send(_ request: SandboxRequest) async throws -> SandboxResponse {
        let body = try PaytronixControlRoutes.object(request)
        let now = context.clock.now()
        return try await context.database.write { db in
            let merchantId = try PaytronixControlRoutes.merchantId(body)
            guard try PaytronixStore.merchantExists(db, merchantId) else { throw PaytronixFailure.merchantNotFound(merchantId) }
            let accountId: Int64, cardNumber: String
            if let number = body["printedCardNumber"]?.stringValue {
                guard let card = try PaytronixStore.card(db, merchantId: merchantId, number: number) else {
                    throw PaytronixFailure(404, "guest.card_not_found", "Card \(number) not found")
                }
                accountId = card["account_id"]
                cardNumber = number
            } else if let username = body["username"]?.stringValue {
                guard let user = try PaytronixStore.user(db, merchantId: merchantId, username: username),
                      let number = try PaytronixStore.primaryCardNumber(db, accountId: user["account_id"]) else {
                    throw PaytronixFailure(404, "guest.user_not_found", "Guest \(username) not found")
                }
                accountId = user["account_id"]
                cardNumber = number
            } else {
                throw PaytronixFailure(400, "request.missing_field", "printedCardNumber or username is required", field: "printedCardNumber")
            }
            let environment = body["environment"]?.stringValue ?? ""
            guard Self.environments.contains(environment) else {
                throw PaytronixFailure(400, "push.invalid_environment", "environment must be development or production", field: "environment")
            }
            let app = body["appIdentifier"]?.stringValue ?? ""
            guard PaytronixValidation.isBundleIdentifier(app) else {
                throw PaytronixFailure(400, "push.invalid_app_identifier", "appIdentifier must be a bundle identifier such as com.example.app",
                                       field: "appIdentifier")
            }
            let payload = try Self.payload(body)
            let size = payload.serializedData().count
            guard size <= Self.maximumPayload else {
                throw PaytronixFailure(400, "push.payload_too_large", "The payload is \(size) bytes; APNs accepts at most 4096", field: "payload")
            }
            guard let package = try Row.fetchOne(db, sql: """
                SELECT * FROM paytronix_push_packages WHERE merchant_id = ? AND app_identifier = ? AND environment = ? AND state = 'active'
                """, arguments: [merchantId, app, environment]) else {
                throw PaytronixFailure(409, "push.no_certificate", "No push package uploaded for \(app) (\(environment))")
            }
            let notAfter = Date(timeIntervalSince1970: package["not_after"])
            guard now <= notAfter else {
                throw PaytronixFailure(409, "push.certificate_expired",
                                       "The push certificate for \(app) (\(environment)) expired on \(ISO8601.format(notAfter))")
            }
            let packageSha = (try? JSONValue.parse(package["metadata"] as String))?["fileSha256"] ?? .null
            let devices = try Row.fetchAll(db, sql: """
                SELECT * FROM paytronix_external_accounts WHERE account_id = ? AND app_identifier = ? AND state = 'attached' ORDER BY id
                """, arguments: [accountId, app])
            var records: [JSONValue] = []
            for device in devices {
                let code: String = device["account_code"]
                let unregistered = try String.fetchOne(db, sql: """
                    SELECT account_code FROM paytronix_unregistered_tokens WHERE app_identifier = ? AND account_code = ?
                    """, arguments: [app, code]) != nil
                let reason: String? = code.count % 2 == 1 ? "BadDeviceToken" : (unregistered ? "Unregistered" : nil)
                let aps = payload["aps"]?.objectValue ?? [:]
                let isBackground = aps["alert"] == nil && aps["badge"] == nil && aps["sound"] == nil && aps["content-available"] != nil
                let record: JSONValue = [
                    "notificationId": .string("pn-" + RandomToken.hex(16)), "merchantId": .integer(merchantId),
                    "printedCardNumber": .string(cardNumber), "appIdentifier": .string(app), "environment": .string(environment),
                    "accountCode": .string(code),
                    "apns": [
                        "host": .string(environment == "production" ? "api.push.apple.com" : "api.sandbox.push.apple.com"),
                        "path": .string("/3/device/\(code)"),
                        "headers": ["apns-topic": .string(app), "apns-push-type": .string(isBackground ? "background" : "alert"),
                                    "apns-priority": .string(isBackground ? "5" : "10"), "apns-id": .string(UUID().uuidString.uppercased())],
                        "payload": payload,
                    ],
                    "packageSha256": packageSha, "status": .string(reason == nil ? "accepted" : "rejected"), "reason": .from(reason),
                    "createdAt": .string(ISO8601.format(now, fraction: .milliseconds)),
                ]
                try db.execute(sql: """
                    INSERT INTO paytronix_push_notifications (notification_id, merchant_id, printed_card_number, app_identifier, environment,
                        account_code, status, record) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                    """, arguments: [record["notificationId"]?.stringValue, merchantId, cardNumber, app, environment, code,
                                     record["status"]?.stringValue, record.serialized()])
                records.append(record)
            }
            return .paytronixSuccess(["notifications": .array(records)])
        }
    }

    /// N6: `message` or a `payload` object with an `aps` dictionary, not both.
    static func payload(_ body: JSONObject) throws -> JSONValue {
        let invalid = PaytronixFailure(400, "push.invalid_payload", "Provide message or a payload object with an aps dictionary", field: "payload")
        switch (body["message"], body["payload"]) {
        case (.string(let message)?, nil): return ["aps": ["alert": .string(message)]]
        case (nil, .object(let object)?) where object["aps"]?.objectValue != nil: return .object(object)
        default: throw invalid
        }
    }

    private func notifications(_ request: SandboxRequest) async throws -> SandboxResponse {
        let query = request.query
        let limit = query["limit"].flatMap { Int($0) } ?? 100
        let filters: [(String, String)] = [("merchantId", "merchant_id"), ("appIdentifier", "app_identifier"), ("environment", "environment"),
                                           ("accountCode", "account_code"), ("printedCardNumber", "printed_card_number"), ("status", "status")]
        let records = try await context.database.read { db -> [String] in
            try Row.fetchAll(db, sql: "SELECT * FROM paytronix_push_notifications ORDER BY id DESC").filter { row in
                filters.allSatisfy { name, column in
                    guard let wanted = query[name] else { return true }
                    let value: String = column == "merchant_id" ? String(row[column] as Int64) : (row[column] as String)
                    return value == (name == "accountCode" ? wanted.lowercased() : wanted)
                }
            }.map { $0["record"] as String }
        }.prefix(max(0, limit)).compactMap { try? JSONValue.parse($0) }
        return .paytronixSuccess(["notifications": .array(Array(records))])
    }

    private func unregistered(_ request: SandboxRequest) async throws -> SandboxResponse {
        let body = try PaytronixControlRoutes.object(request)
        guard let app = body["appIdentifier"]?.stringValue, PaytronixValidation.isBundleIdentifier(app) else {
            throw PaytronixFailure.invalid("appIdentifier", "appIdentifier must be a bundle identifier such as com.example.app")
        }
        guard let code = body["accountCode"]?.stringValue, !code.isEmpty, PaytronixValidation.isASCIIHex(code) else {
            throw PaytronixFailure.invalid("accountCode", "accountCode must be hexadecimal")
        }
        try await context.database.write { db in
            try db.execute(sql: "INSERT OR IGNORE INTO paytronix_unregistered_tokens VALUES (?, ?)", arguments: [app, code.lowercased()])
        }
        return .paytronixSuccess()
    }

    private func respond(_ body: () async throws -> SandboxResponse) async -> SandboxResponse {
        await PaytronixControlRoutes.respond(body)
    }
}
