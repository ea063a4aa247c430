import CommerceCore
import Foundation
import GRDB

/// An external account that passed §4.6, with `accountCode` lowercased.
struct ValidExternalAccount: Equatable, Sendable {
    var accountCode: String
    var integration: String
    var integrationDetail: String
    var appIdentifier: String
}

/// The request-field rules of spec §4.5 (enrollment fields) and §4.6 (external accounts).
enum PaytronixValidation {
    /// `^[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+$`, at most 255 characters.
    static func isBundleIdentifier(_ text: String) -> Bool {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        return text.count <= 255 && parts.count >= 2
            && parts.allSatisfy {
                !$0.isEmpty && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }
            }
    }

    /// Only `[0-9A-Fa-f]`. `Character.isHexDigit` would also take full-width digits such as "０", which no
    /// device token contains and which `lowercased()` would store unchanged.
    static func isASCIIHex(_ text: String) -> Bool {
        text.utf8.allSatisfy {
            (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains($0)
                || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains($0)
        }
    }

    /// Only `[0-9]`, for card numbers (`isNumber` would take other scripts' digits).
    static func isASCIIDigits(_ text: String) -> Bool {
        text.utf8.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
    }

    // MARK: §4.6 external accounts

    /// Validates a list of external-account objects; `prefix` is `externalAccounts` or `setAccountFields.externalAccounts`.
    static func externalAccounts(
        _ value: JSONValue?, prefix: String, merchantId: Int64, requireNonEmpty: Bool,
        db: Database
    ) throws -> [ValidExternalAccount] {
        let listMessage = "externalAccounts must be a non-empty list of objects"
        guard let value else {
            if requireNonEmpty {
                throw PaytronixFailure(400, "enrollment.field_validation", listMessage, field: prefix)
            }
            return []
        }
        guard let items = value.arrayValue, items.allSatisfy({ $0.objectValue != nil }),
            !(requireNonEmpty && items.isEmpty)
        else {
            throw PaytronixFailure(400, "enrollment.field_validation", listMessage, field: prefix)
        }
        let integrations = try PaytronixMerchantStore.integrationIds(db, merchantId: merchantId)
        var errors: [(String, String)] = []
        var result: [ValidExternalAccount] = []
        for (index, item) in items.enumerated() {
            let path = "\(prefix)[\(index)]"
            let code = item["accountCode"]?.stringValue ?? ""
            if !(16...200).contains(code.utf8.count) || !isASCIIHex(code) {
                errors.append(
                    (
                        "\(path).accountCode",
                        "accountCode must be the device token in hexadecimal (16 to 200 hex digits)"
                    ))
            }
            let integration = item["integration"]?.stringValue ?? ""
            if !integrations.contains(integration) {
                errors.append(
                    ("\(path).integration", "integration must be the client_id of one of this merchant's integrations"))
            }
            let detail = item["integrationDetail"]?.stringValue ?? ""
            if let parsed = parseIntegrationDetail(detail), detail.count <= 1000 {
                if parsed["merchantId"] != String(merchantId) {
                    errors.append(
                        ("\(path).integrationDetail", "integrationDetail merchantId must equal \(merchantId)"))
                }
            } else {
                errors.append(
                    (
                        "\(path).integrationDetail",
                        "integrationDetail must contain os, osversion, device, merchantId, integrator and version separated by |"
                    ))
            }
            let app = item["appIdentifier"]?.stringValue ?? ""
            if !isBundleIdentifier(app) {
                errors.append(
                    ("\(path).appIdentifier", "appIdentifier must be the app's bundle identifier, e.g. com.example.app")
                )
            }
            let account = ValidExternalAccount(
                accountCode: code.lowercased(), integration: integration,
                integrationDetail: detail, appIdentifier: app)
            // Duplicates within one request collapse into one entry (the last one wins).
            result.removeAll { $0.accountCode == account.accountCode && $0.appIdentifier == account.appIdentifier }
            result.append(account)
        }
        if !errors.isEmpty { throw PaytronixFailure(400, "enrollment.field_validation", fields: errors) }
        return result
    }

    /// `key=value` pairs separated by `|`; nil unless all six keys have values.
    static func parseIntegrationDetail(_ text: String) -> [String: String]? {
        var values: [String: String] = [:]
        for pair in text.split(separator: "|") {
            guard let equals = pair.firstIndex(of: "=") else { return nil }
            values[String(pair[..<equals])] = String(pair[pair.index(after: equals)...])
        }
        let required = ["os", "osversion", "device", "merchantId", "integrator", "version"]
        return required.allSatisfy({ !(values[$0] ?? "").isEmpty }) ? values : nil
    }

    // MARK: §4.5 enrollment fields

    struct Enrollment {
        var userFields: [String: JSONValue]
        var favoriteStore: String?
        var externalAccounts: [ValidExternalAccount]
    }

    static let userFieldNames = [
        "username", "password", "email", "mobilePhone", "phone", "firstName", "lastName",
        "dateOfBirth", "postalCode", "optIn",
    ]
    static let uniqueFieldNames = ["username", "email", "mobilePhone", "phone"]

    /// E2–E17 and then §4.6 for createAndRegister and register.
    static func enrollment(
        _ body: JSONObject, merchantId: Int64, template: Int64, today: String,
        db: Database
    ) throws -> Enrollment {
        guard let userSet = body["setUserFields"]?.objectValue else { throw PaytronixFailure.missing("setUserFields") }
        let config = try PaytronixMerchantStore.enrollmentFields(db, merchantId: merchantId)
        var errors: [(String, String)] = []
        var user: [String: JSONValue] = [:]
        try readFieldSet(userSet, name: "setUserFields", known: userFieldNames, errors: &errors) {
            field, value, style in
            if field == "optIn" {
                if style == "typed"
                    ? value.boolValue == nil : !(value.stringValue == "true" || value.stringValue == "false")
                {
                    return ("setUserFields.optIn", "optIn has the wrong type for style \(style)")
                }
                user[field] = value
            } else if let text = value.stringValue {
                user[field] = .string(text)
            } else {
                return ("setUserFields.\(field)", "\(field) has the wrong type for style \(style)")
            }
            return nil
        }
        var favoriteStore: String?
        var accountSet = body["setAccountFields"]?.objectValue
        var rawExternalAccounts: JSONValue?
        if let set = accountSet {
            rawExternalAccounts = set["externalAccounts"]
            accountSet?["externalAccounts"] = nil
            try readFieldSet(accountSet ?? set, name: "setAccountFields", known: ["favoriteStore"], errors: &errors) {
                _, value, style in
                let code = style == "typed" ? value["code"]?.stringValue : value.stringValue
                guard let code else {
                    return ("setAccountFields.favoriteStore", "favoriteStore has the wrong type for style \(style)")
                }
                guard try PaytronixMerchantStore.storeExists(db, merchantId: merchantId, code: code) else {
                    return ("setAccountFields.favoriteStore", "Unknown store \(code)")
                }
                favoriteStore = code
                return nil
            }
        }
        if let activation = body["activationStoreCode"] {
            if let code = activation.stringValue,
                try PaytronixMerchantStore.storeExists(db, merchantId: merchantId, code: code)
            {
            } else {
                errors.append(
                    ("activationStoreCode", "Unknown store \(activation.stringValue ?? activation.serialized())"))
            }
        }
        // E7–E13 on the values that had the right shape.
        var minimum: [String: Int] = [:]
        for configured in config {
            let field = configured.field
            let required = configured.required
            let type = configured.type
            if let length = configured.minLength { minimum[field] = length }
            let set = type == "user" ? "setUserFields" : "setAccountFields"
            let sent = (type == "user" ? Optional(userSet) : accountSet)?[field] != nil
            let present = type == "user" ? user[field] != nil : (field == "favoriteStore" ? favoriteStore != nil : true)
            // E7 is about presence: a field that was sent but failed E3–E5 already has its own error.
            if required && !present && !sent && !errors.contains(where: { $0.0 == "\(set).\(field)" }) {
                errors.append(("\(set).\(field)", "\(field) is required"))
            }
        }
        errors += fieldRules(user, minimum: minimum, today: today)
        if !errors.isEmpty { throw PaytronixFailure(400, "enrollment.field_validation", fields: errors) }

        // E15–E17.
        var unique: [String] = []
        if let list = body["enforceUniqueFields"] {
            guard let items = list.arrayValue, items.allSatisfy({ uniqueFieldNames.contains($0.stringValue ?? "") })
            else {
                throw PaytronixFailure(
                    400, "enrollment.field_validation",
                    "enforceUniqueFields may only list username, email, mobilePhone, phone",
                    field: "enforceUniqueFields")
            }
            unique = items.compactMap(\.stringValue)
        }
        if let username = user["username"]?.stringValue,
            try PaytronixGuestStore.user(db, merchantId: merchantId, username: username) != nil
        {
            throw PaytronixFailure(
                400, "enrollment.not_unique", "username is already in use", field: "setUserFields.username")
        }
        for field in unique where field != "username" {
            guard let value = user[field]?.stringValue else { continue }
            if try valueInUse(db, merchantId: merchantId, field: field, value: value) {
                throw PaytronixFailure(
                    400, "enrollment.not_unique", "\(field) is already in use", field: "setUserFields.\(field)")
            }
        }
        let external = try externalAccounts(
            rawExternalAccounts, prefix: "setAccountFields.externalAccounts",
            merchantId: merchantId, requireNonEmpty: false, db: db)
        return Enrollment(userFields: user, favoriteStore: favoriteStore, externalAccounts: external)
    }

    /// E3–E6 for one field set: style, one-element lists, known names. Calls `accept` for each value.
    private static func readFieldSet(
        _ set: JSONObject, name: String, known: [String], errors: inout [(String, String)],
        accept: (String, JSONValue, String) throws -> (String, String)?
    ) throws {
        let style = set["style"]?.stringValue ?? ""
        guard style == "typed" || style == "string" else {
            errors.append(("\(name).style", "style must be typed or string"))
            return
        }
        for (field, value) in set where field != "style" {
            guard known.contains(field) else {
                errors.append(("\(name).\(field)", "Unknown field \(field)"))
                continue
            }
            guard let items = value.arrayValue, items.count == 1, let first = items.first else {
                errors.append(("\(name).\(field)", "\(field) must be a list holding one value"))
                continue
            }
            if let error = try accept(field, first, style) { errors.append(error) }
        }
    }

    /// E8–E13.
    private static func fieldRules(_ user: [String: JSONValue], minimum: [String: Int], today: String) -> [(
        String, String
    )] {
        var errors: [(String, String)] = []
        if let username = user["username"]?.stringValue {
            let allowed = username.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "._@+-".contains($0)) }
            if !allowed || username.count < max(3, minimum["username"] ?? 3) || username.count > 64 {
                errors.append(
                    ("setUserFields.username", "username must be 3 to 64 characters: letters, digits, . _ @ + -"))
            }
        }
        if let password = user["password"]?.stringValue {
            let least = minimum["password"] ?? 6
            if password.count < least || password.count > 128 {
                errors.append(("setUserFields.password", "password must be at least \(least) characters"))
            }
        }
        if let email = user["email"]?.stringValue,
            email.count > 254 || email.wholeMatch(of: /[^@\s]+@[^@\s]+\.[^@\s]+/) == nil
        {
            errors.append(("setUserFields.email", "email is not a valid address"))
        }
        for field in ["mobilePhone", "phone"] {
            if let phone = user[field]?.stringValue,
                !(7...15).contains(phone.count) || !phone.allSatisfy({ $0.isASCII && $0.isNumber })
            {
                errors.append(("setUserFields.\(field)", "\(field) must be 7 to 15 digits"))
            }
        }
        if let birth = user["dateOfBirth"]?.stringValue {
            let valid = birth.count == 10 && ISO8601.parse(birth + "T00:00:00Z") != nil && birth < today
            if !valid { errors.append(("setUserFields.dateOfBirth", "dateOfBirth must be a date yyyy-mm-dd")) }
        }
        for (field, range) in [("firstName", 1...64), ("lastName", 1...64), ("postalCode", 3...10)] {
            if let text = user[field]?.stringValue, !range.contains(text.count) {
                errors.append(("setUserFields.\(field)", "\(field) has an invalid length"))
            }
        }
        return errors
    }

    /// Case-insensitive; phone numbers compared as digits.
    private static func valueInUse(_ db: Database, merchantId: Int64, field: String, value: String) throws -> Bool {
        let existing = try PaytronixGuestStore.contactValues(db, merchantId: merchantId, field: field)
        let normalize: (String) -> String = field == "email" ? { $0.lowercased() } : { $0.filter(\.isNumber) }
        return existing.contains { normalize($0) == normalize(value) }
    }
}
