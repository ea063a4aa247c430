import CommerceCore
import Foundation

/// Whether field-set values are sent with their JSON types (`typed`, which Paytronix recommends) or all as strings.
public enum FieldStyle: String, Codable, Sendable {
    /// Numbers and booleans as JSON numbers and booleans.
    case typed
    /// Every value as a JSON string.
    case string
}

/// The guest's user fields for a registration. `nil` fields are not sent.
public struct UserFields: Codable, Sendable, Equatable {
    /// The login name the guest chooses; Paytronix may require it to be unique.
    public var username: String?
    /// The password the guest logs in with; sent once at registration and never stored by CommerceKit.
    public var password: String?
    /// The guest's e-mail address.
    public var email: String?
    /// The guest's mobile phone number.
    public var mobilePhone: String?
    /// The guest's landline or other phone number.
    public var phone: String?
    /// The guest's given name.
    public var firstName: String?
    /// The guest's family name.
    public var lastName: String?
    /// The guest's postal or ZIP code, as text.
    public var postalCode: String?
    /// `yyyy-mm-dd`.
    public var dateOfBirth: String?
    /// Whether the guest agrees to marketing messages.
    public var optIn: Bool?
    /// Fields CommerceKit does not model, sent as given (each wrapped in the one-element list Paytronix expects).
    public var additional: [String: JSONValue]

    /// Creates user fields; leave out any the merchant's enrollment form does not ask for.
    public init(
        username: String? = nil, password: String? = nil, email: String? = nil, mobilePhone: String? = nil,
        phone: String? = nil, firstName: String? = nil, lastName: String? = nil, postalCode: String? = nil,
        dateOfBirth: String? = nil, optIn: Bool? = nil, additional: [String: JSONValue] = [:]
    ) {
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
        let strings: [(String, String?)] = [
            ("username", username), ("password", password), ("email", email),
            ("mobilePhone", mobilePhone), ("phone", phone), ("firstName", firstName),
            ("lastName", lastName), ("postalCode", postalCode), ("dateOfBirth", dateOfBirth),
        ]
        for (name, value) in strings { if let value { object[name] = [.string(value)] } }
        if let optIn { object["optIn"] = [style == .typed ? .bool(optIn) : .string(optIn ? "true" : "false")] }
        for key in additional.keys.sorted() { object[key] = [additional[key] ?? .null] }
        return .object(object)
    }
}

/// The account fields for a registration.
public struct AccountFields: Codable, Sendable, Equatable {
    /// The code of the store the guest picks as a favourite.
    public var favoriteStoreCode: String?
    /// The devices to attach at registration; the push flows append the current device here.
    public var externalAccounts: [ExternalAccount]
    /// Account fields CommerceKit does not model, sent as given (each wrapped in a one-element list).
    public var additional: [String: JSONValue]

    /// Creates account fields; all are optional.
    public init(
        favoriteStoreCode: String? = nil, externalAccounts: [ExternalAccount] = [],
        additional: [String: JSONValue] = [:]
    ) {
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
        [
            "appIdentifier": .string(appIdentifier), "accountCode": .string(accountCode),
            "integrationDetail": .string(integrationDetail), "integration": .string(integration),
        ]
    }

    init?(json: JSONValue) {
        guard let code = json["accountCode"]?.stringValue else { return nil }
        self.init(
            accountCode: code, integration: json["integration"]?.stringValue ?? "",
            integrationDetail: json["integrationDetail"]?.stringValue ?? "",
            appIdentifier: json["appIdentifier"]?.stringValue ?? "")
    }
}

/// `enrollment/createAndRegister.json`: creates an account with a virtual card and registers the guest on it.
public struct CreateAndRegisterRequest: Codable, Sendable, Equatable {
    /// The card template the new virtual card is made from; the merchant's enrollment form is per template.
    public var cardTemplateCode: Int
    /// Fields that must not already belong to another guest: `username`, `email`, `mobilePhone`, `phone`.
    public var enforceUniqueFields: [String]
    /// The guest's personal details.
    public var userFields: UserFields
    /// The account's details, including the devices to attach.
    public var accountFields: AccountFields
    /// The code of the store where the new card is activated; nil sends none.
    public var activationStoreCode: String?
    /// Whether field values go out with their JSON types or as strings.
    public var style: FieldStyle

    /// Creates a request for a new account with a virtual card.
    public init(
        cardTemplateCode: Int, enforceUniqueFields: [String] = [], userFields: UserFields,
        accountFields: AccountFields = .init(), activationStoreCode: String? = nil, style: FieldStyle = .typed
    ) {
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
    /// Fields that must not already belong to another guest: `username`, `email`, `mobilePhone`, `phone`.
    public var enforceUniqueFields: [String]
    /// The guest's personal details.
    public var userFields: UserFields
    /// The account's details, including the devices to attach.
    public var accountFields: AccountFields
    /// Whether field values go out with their JSON types or as strings.
    public var style: FieldStyle

    /// Creates a request to register a guest on an existing card.
    public init(
        enforceUniqueFields: [String] = [], userFields: UserFields, accountFields: AccountFields = .init(),
        style: FieldStyle = .typed
    ) {
        self.enforceUniqueFields = enforceUniqueFields
        self.userFields = userFields
        self.accountFields = accountFields
        self.style = style
    }
}

/// Whether `editExternalAccounts` attaches or detaches the given external accounts.
public enum ExternalAccountOperation: String, Sendable {
    /// Attach the accounts to the guest's account.
    case add
    /// Detach them.
    case remove
}
