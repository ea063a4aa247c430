import CommerceCore
import Foundation
import GRDB
import SandboxCore

/// The `/sandbox/paytronix/push…` control routes: push packages and the "send a push to a guest" simulation
/// (spec §4.7, §4.8, §5.4, §5.5).
struct PaytronixPushControlRoutes: Sendable {
    let context: SandboxContext
    static let environments = ["development", "production"]
    static let maximumPackage = 256 * 1024
    static let maximumPayload = 4096

    func register(on router: ServiceRoutes) {
        router.put("/sandbox/paytronix/push-packages/:merchantId/:appIdentifier/:environment") { request in
            await respond { try await upload(request) }
        }
        router.delete("/sandbox/paytronix/push-packages/:merchantId/:appIdentifier/:environment") { request in
            await respond { try await delete(request) }
        }
        router.get("/sandbox/paytronix/push-packages") { request in await respond { try await list(request) } }
        router.post("/sandbox/paytronix/push/send") { request in await respond { try await send(request) } }
        router.get("/sandbox/paytronix/push/notifications") { request in
            await respond { try await notifications(request) }
        }
        router.post("/sandbox/paytronix/push/unregistered") { request in
            await respond { try await unregistered(request) }
        }
    }

    // MARK: packages

    private func upload(_ request: SandboxRequest) async throws -> SandboxResponse {
        let environment = request.parameter("environment")
        let app = request.parameter("appIdentifier")
        guard Self.environments.contains(environment) else {
            throw PaytronixFailure(400, "push.invalid_environment", "environment must be development or production")
        }
        guard PaytronixValidation.isBundleIdentifier(app) else {
            throw PaytronixFailure(
                400, "push.invalid_app_identifier", "appIdentifier must be a bundle identifier such as com.example.app")
        }
        guard let merchantId = Int64(request.parameter("merchantId")),
            try await context.database.read({ db in try PaytronixMerchantStore.merchantExists(db, merchantId) })
        else {
            throw PaytronixFailure(
                404, "guest.merchant_not_found", "Merchant \(request.parameter("merchantId")) not found")
        }
        // U4: a body that is not a JSON object carries no p12 either, so it is reported as U4, not Q1.
        let body = (try? PaytronixControlRoutes.object(request)) ?? [:]
        guard let encoded = body["p12"]?.stringValue, let data = PaytronixBase64.decode(encoded),
            !data.isEmpty
        else {
            throw PaytronixFailure(
                400, "push.invalid_encoding", "p12 must be base64-encoded PKCS#12 data", field: "p12")
        }
        guard data.count <= Self.maximumPackage else {
            throw PaytronixFailure(400, "push.too_large", "The package must not exceed 256 KiB", field: "p12")
        }
        guard let password = body["password"]?.stringValue, !password.isEmpty else {
            throw PaytronixFailure(
                400, "push.password_required", "The package password must not be empty", field: "password")
        }
        let now = context.clock.now()
        var metadata = try PushPackageValidator(appIdentifier: app, environment: environment, now: now)
            .validate(Array(data), password: password)
        var package: JSONObject = [
            "merchantId": .integer(merchantId), "appIdentifier": .string(app),
            "environment": .string(environment), "state": "active", "uploadedAt": .string(ISO8601.format(now)),
        ]
        for (key, value) in metadata { package[key] = value }
        metadata = package
        let notAfter = metadata["certificate"]?["notAfter"]?.stringValue.flatMap(ISO8601.parse) ?? now
        let record = JSONValue.object(metadata).serialized()
        let stored = PaytronixPushPackageRecord(
            merchantId: merchantId, appIdentifier: app, environment: environment, state: "active",
            uploadedAt: now.timeIntervalSince1970, notAfter: notAfter.timeIntervalSince1970, metadata: record)
        try await context.database.write { db in try PaytronixPushStore.activate(db, stored) }
        return .paytronixSuccess(["package": .object(metadata)])
    }

    private func delete(_ request: SandboxRequest) async throws -> SandboxResponse {
        let merchantId = Int64(request.parameter("merchantId")) ?? -1
        let app = request.parameter("appIdentifier")
        let environment = request.parameter("environment")
        let changed = try await context.database.write { db in
            try PaytronixPushStore.deleteActivePackage(db, merchantId: merchantId, app: app, environment: environment)
        }
        guard changed > 0 else {
            throw PaytronixFailure(404, "push.no_certificate", "No push package uploaded for \(app) (\(environment))")
        }
        return .paytronixSuccess(["deleted": .integer(Int64(changed))])
    }

    private func list(_ request: SandboxRequest) async throws -> SandboxResponse {
        let query = request.query
        let history = query["includeHistory"] == "true"
        let stored = try await context.database.read { db in try PaytronixPushStore.packages(db) }
        let packages: [JSONValue] = try stored.compactMap { row in
            guard history || row.state == "active" else { return nil }
            if let merchant = query["merchantId"], merchant != String(row.merchantId) { return nil }
            if let app = query["appIdentifier"], app != row.appIdentifier { return nil }
            if let environment = query["environment"], environment != row.environment { return nil }
            var package = try row.metadataObject()
            package["state"] = .string(row.state)
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
            guard try PaytronixMerchantStore.merchantExists(db, merchantId) else {
                throw PaytronixFailure.merchantNotFound(merchantId)
            }
            let accountId: Int64
            let cardNumber: String
            if let number = body["printedCardNumber"]?.stringValue {
                guard let card = try PaytronixGuestStore.card(db, merchantId: merchantId, number: number) else {
                    throw PaytronixFailure(404, "guest.card_not_found", "Card \(number) not found")
                }
                accountId = card.accountId
                cardNumber = number
            } else if let username = body["username"]?.stringValue {
                guard let user = try PaytronixGuestStore.user(db, merchantId: merchantId, username: username),
                    let number = try PaytronixGuestStore.primaryCardNumber(db, accountId: user.accountId)
                else {
                    throw PaytronixFailure(404, "guest.user_not_found", "Guest \(username) not found")
                }
                accountId = user.accountId
                cardNumber = number
            } else {
                throw PaytronixFailure(
                    400, "request.missing_field", "printedCardNumber or username is required",
                    field: "printedCardNumber")
            }
            let environment = body["environment"]?.stringValue ?? ""
            guard Self.environments.contains(environment) else {
                throw PaytronixFailure(
                    400, "push.invalid_environment", "environment must be development or production",
                    field: "environment")
            }
            let app = body["appIdentifier"]?.stringValue ?? ""
            guard PaytronixValidation.isBundleIdentifier(app) else {
                throw PaytronixFailure(
                    400, "push.invalid_app_identifier",
                    "appIdentifier must be a bundle identifier such as com.example.app",
                    field: "appIdentifier")
            }
            let payload = try Self.payload(body)
            let size = payload.serializedData().count
            guard size <= Self.maximumPayload else {
                throw PaytronixFailure(
                    400, "push.payload_too_large", "The payload is \(size) bytes; APNs accepts at most 4096",
                    field: "payload")
            }
            guard
                let package = try PaytronixPushStore.activePackage(
                    db, merchantId: merchantId, app: app, environment: environment)
            else {
                throw PaytronixFailure(
                    409, "push.no_certificate", "No push package uploaded for \(app) (\(environment))")
            }
            let notAfter = Date(timeIntervalSince1970: package.notAfter)
            guard now <= notAfter else {
                throw PaytronixFailure(
                    409, "push.certificate_expired",
                    "The push certificate for \(app) (\(environment)) expired on \(ISO8601.format(notAfter))")
            }
            let packageSha = try package.metadataObject()["fileSha256"] ?? .null
            let devices = try PaytronixGuestStore.attachedDevices(db, accountId: accountId, app: app)
            var records: [JSONValue] = []
            for device in devices {
                let code = device.accountCode
                let unregistered = try PaytronixPushStore.isUnregistered(db, app: app, accountCode: code)
                let reason: String? = code.count % 2 == 1 ? "BadDeviceToken" : (unregistered ? "Unregistered" : nil)
                let aps = payload["aps"]?.objectValue ?? [:]
                let isBackground =
                    aps["alert"] == nil && aps["badge"] == nil && aps["sound"] == nil && aps["content-available"] != nil
                let record: JSONValue = [
                    "notificationId": .string("pn-" + RandomToken.hex(16)), "merchantId": .integer(merchantId),
                    "printedCardNumber": .string(cardNumber), "appIdentifier": .string(app),
                    "environment": .string(environment),
                    "accountCode": .string(code),
                    "apns": [
                        "host": .string(
                            environment == "production" ? "api.push.apple.com" : "api.sandbox.push.apple.com"),
                        "path": .string("/3/device/\(code)"),
                        "headers": [
                            "apns-topic": .string(app),
                            "apns-push-type": .string(isBackground ? "background" : "alert"),
                            "apns-priority": .string(isBackground ? "5" : "10"),
                            "apns-id": .string(UUID().uuidString.uppercased()),
                        ],
                        "payload": payload,
                    ],
                    "packageSha256": packageSha, "status": .string(reason == nil ? "accepted" : "rejected"),
                    "reason": .from(reason),
                    "createdAt": .string(ISO8601.format(now, fraction: .milliseconds)),
                ]
                try PaytronixPushStore.recordDelivery(
                    db,
                    PaytronixPushNotificationRecord(
                        notificationId: record["notificationId"]?.stringValue ?? "", merchantId: merchantId,
                        printedCardNumber: cardNumber,
                        appIdentifier: app, environment: environment, accountCode: code,
                        status: record["status"]?.stringValue ?? "",
                        record: record.serialized()))
                records.append(record)
            }
            return .paytronixSuccess(["notifications": .array(records)])
        }
    }

    /// N6: `message` or a `payload` object with an `aps` dictionary, not both.
    static func payload(_ body: JSONObject) throws -> JSONValue {
        let invalid = PaytronixFailure(
            400, "push.invalid_payload", "Provide message or a payload object with an aps dictionary", field: "payload")
        switch (body["message"], body["payload"]) {
        case (.string(let message)?, nil): return ["aps": ["alert": .string(message)]]
        case (nil, .object(let object)?) where object["aps"]?.objectValue != nil: return .object(object)
        default: throw invalid
        }
    }

    private func notifications(_ request: SandboxRequest) async throws -> SandboxResponse {
        let query = request.query
        let limit = query["limit"].flatMap { Int($0) } ?? 100
        let filters: [(String, (PaytronixPushNotificationRecord) -> String)] = [
            ("merchantId", { String($0.merchantId) }), ("appIdentifier", \.appIdentifier),
            ("environment", \.environment),
            ("accountCode", \.accountCode), ("printedCardNumber", \.printedCardNumber), ("status", \.status),
        ]
        let deliveries = try await context.database.read { db in try PaytronixPushStore.deliveries(db) }
        let records = try deliveries.filter { delivery in
            filters.allSatisfy { name, value in
                guard let wanted = query[name] else { return true }
                return value(delivery) == (name == "accountCode" ? wanted.lowercased() : wanted)
            }
        }.prefix(max(0, limit)).map { try $0.report() }
        return .paytronixSuccess(["notifications": .array(records)])
    }

    private func unregistered(_ request: SandboxRequest) async throws -> SandboxResponse {
        let body = try PaytronixControlRoutes.object(request)
        guard let app = body["appIdentifier"]?.stringValue, PaytronixValidation.isBundleIdentifier(app) else {
            throw PaytronixFailure.invalid(
                "appIdentifier", "appIdentifier must be a bundle identifier such as com.example.app")
        }
        guard let code = body["accountCode"]?.stringValue, !code.isEmpty, PaytronixValidation.isASCIIHex(code) else {
            throw PaytronixFailure.invalid("accountCode", "accountCode must be hexadecimal")
        }
        try await context.database.write { db in
            try PaytronixPushStore.markUnregistered(db, app: app, accountCode: code.lowercased())
        }
        return .paytronixSuccess()
    }

    private func respond(_ body: () async throws -> SandboxResponse) async -> SandboxResponse {
        await PaytronixControlRoutes.respond(body)
    }
}
