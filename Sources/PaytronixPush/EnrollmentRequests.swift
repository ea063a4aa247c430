import CommerceCore
import Foundation

/// Whether field-set values are sent with their JSON types (`typed`, which Paytronix recommends) or all as strings.
public enum FieldStyle: String, Codable, Sendable {
    case typed, string
}

/// The guest's user fields for a registration. `nil` fields are not sent.
public struct UserFields: Codable, Sendable, Equatable {
    public var username: String?
    public var password: String?
    public var email: String?
    public var mobilePhone: String?
    public var phone: String?
    public var firstName: String?
    public var lastName: String?
    public var postalCode: String?
    /// `yyyy-mm-dd`.
    public var dateOfBirth: String?
    public var optIn: Bool?
    /// Fields CommerceKit does not model, sent as given (each wrapped in the one-element list Paytronix expects).
    public var additional: [String: JSONValue]

    public init(username: String? = nil, password: String? = nil, email: String? = nil, mobilePhone: String? = nil,
                phone: String? = nil, firstName: String? = nil, lastName: String? = nil, postalCode: String? = nil,
                dateOfBirth: String? = nil, optIn: Bool? = nil, additional: [String: JSONValue] = [:]) {
        self.username = username
        self.password = password
        self.email = email
        self.mobilePhone = mobilePhone
        self.phone = phone
        self.firstName = firstName
        self.lastName = lastName
        self.postalCode = postalCode
        self.dateOfBirth = dateOfBirth
        self.optIn = optIn
        self.additional = additional
    }

    /// `setUserFields`: every value is a one-element list.
    func wire(style: FieldStyle) -> JSONValue {
        var object: JSONObject = ["style": .string(style.rawValue)]
        let strings: [(String, String?)] = [("username", username), ("password", password), ("email", email),
                                            ("mobilePhone", mobilePhone), ("phone", phone), ("firstName", firstName),
                                            ("lastName", lastName), ("postalCode", postalCode), ("dateOfBirth", dateOfBirth)]
        for (name, value) in strings { if let value { object[name] = [.string(value)] } }
        if let optIn { object["optIn"] = [style == .typed ? .bool(optIn) : .string(optIn ? "true" : "false")] }
        for key in additional.keys.sorted() { object[key] = [additional[key] ?? .null] }
        return .object(object)
    }
}

/// The account fields for a registration.
public struct AccountFields: Codable, Sendable, Equatable {
    public var favoriteStoreCode: String?
    /// The devices to attach at registration; the push flows append the current device here.
    public var externalAccounts: [ExternalAccount]
    public var additional: [String: JSONValue]

    public init(favoriteStoreCode: String? = nil, externalAccounts: [ExternalAccount] = [], additional: [String: JSONValue] = [:]) {
        self.favoriteStoreCode = favoriteStoreCode
        self.externalAccounts = externalAccounts
        self.additional = additional
    }

    var isEmpty: Bool { favoriteStoreCode == nil && externalAccounts.isEmpty && additional.isEmpty }

    /// `setAccountFields`; `externalAccounts` is a plain list, the other fields one-element lists.
    func wire(style: FieldStyle) -> JSONValue {
        var object: JSONObject = ["style": .string(style.rawValue)]
        if let code = favoriteStoreCode {
            object["favoriteStore"] = [style == .typed ? ["code": .string(code)] : .string(code)]
        }
        if !externalAccounts.isEmpty { object["externalAccounts"] = .array(externalAccounts.map(\.wire)) }
        for key in additional.keys.sorted() { object[key] = [additional[key] ?? .null] }
        return .object(object)
    }
}

extension ExternalAccount {
    var wire: JSONValue {
        ["appIdentifier": .string(appIdentifier), "accountCode": .string(accountCode),
         "integrationDetail": .string(integrationDetail), "integration": .string(integration)]
    }

    init?(json: JSONValue) {
        guard let code = json["accountCode"]?.stringValue else { return nil }
        self.init(accountCode: code, integration: json["integration"]?.stringValue ?? "",
                  integrationDetail: json["integrationDetail"]?.stringValue ?? "",
                  appIdentifier: json["appIdentifier"]?.stringValue ?? "")
    }
}

/// `enrollment/createAndRegister.json`: creates an account with a virtual card and registers the guest on it.
public struct CreateAndRegisterRequest: Codable, Sendable, Equatable {
    public var cardTemplateCode: Int
    /// Fields that must not already belong to another guest: `username`, `email`, `mobilePhone`, `phone`.
    public var enforceUniqueFields: [String]
    public var userFields: UserFields
    public var accountFields: AccountFields
    public var activationStoreCode: String?
    public var style: FieldStyle

    public init(cardTemplateCode: Int, enforceUniqueFields: [String] = [], userFields: UserFields,
                accountFields: AccountFields = .init(), activationStoreCode: String? = nil, style: FieldStyle = .typed) {
        self.cardTemplateCode = cardTemplateCode
        self.enforceUniqueFields = enforceUniqueFields
        self.userFields = userFields
        self.accountFields = accountFields
        self.activationStoreCode = activationStoreCode
        self.style = style
    }
}

/// `enrollment/register.json`: registers a guest on an existing (physical) card.
public struct RegisterRequest: Codable, Sendable, Equatable {
    public var enforceUniqueFields: [String]
    public var userFields: UserFields
    public var accountFields: AccountFields
    public var style: FieldStyle

    public init(enforceUniqueFields: [String] = [], userFields: UserFields, accountFields: AccountFields = .init(),
                style: FieldStyle = .typed) {
        self.enforceUniqueFields = enforceUniqueFields
        self.userFields = userFields
        self.accountFields = accountFields
        self.style = style
    }
}

/// Whether `editExternalAccounts` attaches or detaches the given external accounts.
public enum ExternalAccountOperation: String, Sendable {
    case add, remove
}
