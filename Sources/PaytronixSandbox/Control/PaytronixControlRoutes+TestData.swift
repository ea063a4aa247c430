import CommerceCore
import Foundation
import GRDB
import SandboxCore

/// The test-data control routes of Paytronix (`POST /sandbox/paytronix/merchants`, `integrations`, `cards`,
/// `guests`; spec §5.6): what a test creates before it drives the REST and push APIs.
extension PaytronixControlRoutes {
    /// The largest merchant id the control route accepts (a 32-bit id, as in Paytronix's URLs and examples).
    static let maxMerchantId = Int64(Int32.max)

    func createMerchant(_ request: SandboxRequest) async throws -> SandboxResponse {
        let body = try Self.object(request)
        guard let name = body["name"]?.stringValue, !name.isEmpty else {
            throw PaytronixFailure.invalid("name", "name is required")
        }
        let definition = try PaytronixMerchantDefinition(body)
        let templates = definition.templates
        let stores = definition.stores
        let fields = definition.fields
        let requested = try body["merchantId"].map { value -> Int64 in
            // Bounded so that the next generated id (MAX + 1) can never overflow.
            guard let id = value.integerValue, (1...Self.maxMerchantId).contains(id) else {
                throw PaytronixFailure.invalid(
                    "merchantId", "merchantId must be an integer from 1 to \(Self.maxMerchantId)")
            }
            return id
        }
        let id = try await context.database.write { db -> Int64 in
            let highest = try PaytronixMerchantStore.highestMerchantId(db) ?? 777777
            guard let id = requested ?? (highest < Self.maxMerchantId ? highest + 1 : nil) else {
                throw PaytronixFailure(
                    409, "request.conflict", "No merchant id left to generate; give merchantId", field: "merchantId")
            }
            guard try !PaytronixMerchantStore.merchantExists(db, id) else {
                throw PaytronixFailure(409, "request.conflict", "Merchant \(id) already exists", field: "merchantId")
            }
            try PaytronixMerchantStore.createMerchant(
                db, id: id, name: name, templates: templates, stores: stores, fields: fields)
            return id
        }
        return .paytronixSuccess([
            "merchant": [
                "merchantId": .integer(id), "name": .string(name),
                "cardTemplates": .array(templates.map { ["code": .integer($0.0), "label": .string($0.1)] }),
                "stores": .array(stores.map { ["code": .string($0.0), "label": .string($0.1)] }),
            ]
        ])
    }

    func createIntegration(_ request: SandboxRequest) async throws -> SandboxResponse {
        let body = try Self.object(request)
        let merchant = try Self.merchantId(body)
        let platform = body["platform"]?.stringValue ?? ""
        guard ["ios", "android", "server"].contains(platform) else {
            throw PaytronixFailure.invalid("platform", "platform must be ios, android or server")
        }
        let chosenClientId = try Self.nonEmptyString(body, "clientId")
        // HTTP Basic splits `client_id:client_secret` at the first colon, so an id with one could never authenticate.
        if let chosenClientId, chosenClientId.contains(":") {
            throw PaytronixFailure.invalid("clientId", "clientId must not contain a colon")
        }
        let clientId = chosenClientId ?? PaytronixSecrets.base62(32)
        let secret = try Self.nonEmptyString(body, "clientSecret") ?? PaytronixSecrets.base62(32)
        let chosenB2BUser = try Self.nonEmptyString(body, "b2bUsername")
        let chosenB2BPassword = try Self.nonEmptyString(body, "b2bPassword")
        if chosenB2BPassword != nil && chosenB2BUser == nil && platform != "server" {
            throw PaytronixFailure.invalid("b2bUsername", "b2bUsername is required with b2bPassword")
        }
        let b2bUser = chosenB2BUser ?? (platform == "server" ? "b2b-" + PaytronixSecrets.base62(8) : nil)
        let b2bPassword = chosenB2BPassword ?? (b2bUser != nil ? PaytronixSecrets.base62(32) : nil)
        try await context.database.write { db in
            guard try PaytronixMerchantStore.merchantExists(db, merchant) else {
                throw PaytronixFailure.merchantNotFound(merchant)
            }
            guard try PaytronixMerchantStore.integration(db, clientId: clientId) == nil else {
                throw PaytronixFailure(
                    409, "request.conflict", "Integration \(clientId) already exists", field: "clientId")
            }
            try PaytronixMerchantStore.createIntegration(
                db, merchantId: merchant, clientId: clientId, secret: secret, platform: platform,
                b2bUsername: b2bUser, b2bPassword: b2bPassword)
        }
        return .paytronixSuccess([
            "merchantId": .integer(merchant), "platform": .string(platform), "clientId": .string(clientId),
            "clientSecret": .string(secret), "b2bUsername": .from(b2bUser), "b2bPassword": .from(b2bPassword),
        ])
    }

    func createCards(_ request: SandboxRequest) async throws -> SandboxResponse {
        let body = try Self.object(request)
        let merchant = try Self.merchantId(body)
        let template = try Self.integer(body, "cardTemplateCode", default: 0)
        let count = try Self.integer(body, "count", default: 1)
        guard (1...100).contains(count) else { throw PaytronixFailure.invalid("count", "count must be 1 to 100") }
        let fixedNumber = try body["printedCardNumber"].map { value -> String in
            guard let text = value.stringValue, !text.isEmpty, PaytronixValidation.isASCIIDigits(text) else {
                throw PaytronixFailure.invalid("printedCardNumber", "printedCardNumber must be digits")
            }
            return text
        }
        let today = String(ISO8601.format(context.clock.now()).prefix(10))
        let cards = try await context.database.write { db -> [JSONValue] in
            guard try PaytronixMerchantStore.merchantExists(db, merchant) else {
                throw PaytronixFailure.merchantNotFound(merchant)
            }
            try Self.requireTemplate(db, merchantId: merchant, code: template)
            if let fixedNumber, try PaytronixGuestStore.card(db, merchantId: merchant, number: fixedNumber) != nil {
                throw PaytronixFailure(
                    409, "request.conflict", "Card \(fixedNumber) already exists", field: "printedCardNumber")
            }
            return try (0..<(fixedNumber == nil ? count : 1)).map { _ in
                let (_, number, code) = try PaytronixGuestStore.createAccount(
                    db, merchantId: merchant, template: template, registered: false,
                    today: today, printedCardNumber: fixedNumber)
                return [
                    "printedCardNumber": .string(number), "registrationCode": .string(code), "status": "ACTIVE",
                    "registrationStatus": "UNREGISTERED",
                ]
            }
        }
        return .paytronixSuccess(["cards": .array(cards)])
    }

    /// A registered guest in one call, through the same field rules as createAndRegister.
    func createGuest(_ request: SandboxRequest) async throws -> SandboxResponse {
        let body = try Self.object(request)
        let merchant = try Self.merchantId(body)
        let template = try Self.integer(body, "cardTemplateCode", default: 0)
        var userSet: JSONObject = ["style": "typed"]
        for field in ["username", "password", "email", "mobilePhone"] {
            if let value = body[field] { userSet[field] = [value] }
        }
        var enrollment: JSONObject = ["setUserFields": .object(userSet)]
        if let accounts = body["externalAccounts"] {
            enrollment["setAccountFields"] = ["style": "typed", "externalAccounts": accounts]
        }
        let now = context.clock.now()
        let today = String(ISO8601.format(now).prefix(10))
        let enrollmentBody = enrollment
        let result = try await context.database.write { db -> JSONObject in
            guard try PaytronixMerchantStore.merchantExists(db, merchant) else {
                throw PaytronixFailure.merchantNotFound(merchant)
            }
            try Self.requireTemplate(db, merchantId: merchant, code: template)
            let valid = try PaytronixValidation.enrollment(
                enrollmentBody, merchantId: merchant, template: template, today: today, db: db)
            let (accountId, number, code) = try PaytronixGuestStore.createAccount(
                db, merchantId: merchant, template: template,
                registered: true, today: today)
            try PaytronixGuestStore.insertUser(db, merchantId: merchant, accountId: accountId, fields: valid.userFields)
            try PaytronixGuestStore.applyExternalAccounts(
                db, merchantId: merchant, accountId: accountId, operation: "add",
                accounts: valid.externalAccounts, now: now, fieldPrefix: "externalAccounts")
            return [
                "accountId": .integer(accountId), "printedCardNumber": .string(number),
                "registrationCode": .string(code),
            ]
        }
        return .paytronixSuccess(result)
    }
}
