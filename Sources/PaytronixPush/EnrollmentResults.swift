import CommerceCore
import Foundation

/// The reply to `createAndRegister` and `register`.
public struct CreateAndRegisterResult: Codable, Sendable, Equatable {
    /// `cardCreatedSuccess` for createAndRegister, `success` for register.
    public var result: String
    /// The number printed on the guest's (possibly virtual) card.
    public var printedCardNumber: String
    /// The registration code Paytronix made for a new virtual card, when it made one.
    public var generatedRegistrationCode: String?
    /// Paytronix's numeric id of the account, when the reply names it.
    public var accountId: Int?
    /// Tokens for the new guest, so the app is logged in straight away.
    public var oauthTokens: OAuthTokens?

    /// Creates a result, for tests and previews; the client builds them from replies.
    public init(
        result: String, printedCardNumber: String, generatedRegistrationCode: String? = nil,
        accountId: Int? = nil, oauthTokens: OAuthTokens? = nil
    ) {
        self.result = result
        self.printedCardNumber = printedCardNumber
        self.generatedRegistrationCode = generatedRegistrationCode
        self.accountId = accountId
        self.oauthTokens = oauthTokens
    }

    init(json: JSONValue, status: Int, receivedAt: Date) throws(PaytronixError) {
        guard let number = json["printedCardNumber"]?.stringValue else {
            throw .invalidResponse(statusCode: status, body: json.serialized())
        }
        // Tokens that are present but unusable are a malformed reply, not "no tokens".
        var tokens: OAuthTokens?
        if let wire = json["oauthTokens"], wire != .null {
            guard let parsed = OAuthTokens(json: wire, receivedAt: receivedAt) else {
                throw .invalidResponse(statusCode: status, body: json.serialized())
            }
            tokens = parsed
        }
        self.init(
            result: json["result"]?.stringValue ?? "", printedCardNumber: number,
            generatedRegistrationCode: json["generatedRegistrationCode"]?.stringValue,
            accountId: json["accountId"]?.integerValue.map { Int($0) }, oauthTokens: tokens)
    }
}

/// One card of an account.
public struct CardInformation: Codable, Sendable, Equatable {
    /// The full number printed on the card.
    public var printedCardNumber: String
    /// The last six digits, for display.
    public var maskedCardNumber: String
    /// The card's state as Paytronix words it, such as `ACTIVE`.
    public var status: String

    /// Creates card details, for tests and previews.
    public init(printedCardNumber: String, maskedCardNumber: String, status: String) {
        self.printedCardNumber = printedCardNumber
        self.maskedCardNumber = maskedCardNumber
        self.status = status
    }

    init?(json: JSONValue?) {
        guard let json, let number = json["printedCardNumber"]?.stringValue else { return nil }
        self.init(
            printedCardNumber: number, maskedCardNumber: json["maskedCardNumber"]?.stringValue ?? "",
            status: json["status"]?.stringValue ?? "")
    }
}

/// A store named by code, with its label when Paytronix sends one.
public struct StoreRef: Codable, Sendable, Equatable {
    /// The store's code in the merchant's Paytronix configuration.
    public var code: String
    /// The store's display name; nil when Paytronix sends only the code.
    public var label: String?

    /// Creates a store reference.
    public init(code: String, label: String? = nil) {
        self.code = code
        self.label = label
    }

    init?(json: JSONValue?) {
        guard let json, let code = json["code"]?.stringValue else { return nil }
        self.init(code: code, label: json["label"]?.stringValue)
    }
}

/// The account fields `accountInformation` reports.
public struct AccountFieldValues: Codable, Sendable, Equatable {
    /// The day the guest enrolled, as Paytronix formats it; nil when not reported.
    public var enrollDate: String?
    /// The guest's favourite store, when one is set.
    public var favoriteStore: StoreRef?
    /// The devices attached to the account; the login flow looks for the current one here.
    public var externalAccounts: [ExternalAccount]

    /// Creates account field values, for tests and previews.
    public init(enrollDate: String? = nil, favoriteStore: StoreRef? = nil, externalAccounts: [ExternalAccount] = []) {
        self.enrollDate = enrollDate
        self.favoriteStore = favoriteStore
        self.externalAccounts = externalAccounts
    }
}

/// The reply to `guest/accountInformation.json`.
public struct AccountInformation: Codable, Sendable, Equatable {
    /// The account's state as Paytronix words it, such as `ACTIVE`.
    public var accountStatus: String
    /// Whether a guest is registered on the account, as Paytronix words it (such as `REGISTERED`).
    public var registrationStatus: String
    /// The card template of the account's cards, when reported.
    public var cardTemplateCode: Int?
    /// The card template's display name, when reported.
    public var cardTemplateLabel: String?
    /// The card the guest registered with; nil when the reply names none.
    public var primaryCard: CardInformation?
    /// Any further cards on the same account.
    public var additionalCards: [CardInformation]
    /// The store where the guest enrolled, when reported.
    public var enrollmentStore: StoreRef?
    /// The guest's login name, when the account has one.
    public var username: String?
    /// The account fields, the attached devices among them.
    public var fields: AccountFieldValues
    /// The whole reply, for fields CommerceKit does not model.
    public var raw: JSONValue

    init(json: JSONValue) {
        accountStatus = json["accountStatus"]?.stringValue ?? ""
        registrationStatus = json["registrationStatus"]?.stringValue ?? ""
        cardTemplateCode = json["cardTemplateCode"]?.integerValue.map { Int($0) }
        cardTemplateLabel = json["cardTemplateLabel"]?.stringValue
        primaryCard = CardInformation(json: json["primaryCard"])
        additionalCards = (json["additionalCards"]?.arrayValue ?? []).compactMap { CardInformation(json: $0) }
        enrollmentStore = StoreRef(json: json["enrollmentStore"])
        username = json["username"]?.stringValue
        let fieldValues = json["fields"]
        fields = AccountFieldValues(
            enrollDate: fieldValues?["enrollDate"]?.stringValue,
            favoriteStore: StoreRef(json: fieldValues?["favoriteStore"]),
            externalAccounts: (fieldValues?["externalAccounts"]?.arrayValue ?? []).compactMap {
                ExternalAccount(json: $0)
            })
        raw = json
    }
}

/// The cards linked to an external account (B2B lookup).
public struct ExternalAccountCards: Codable, Sendable, Equatable {
    /// The main card linked to the external account; nil when none is.
    public var primaryCard: CardInformation?
    /// Any further cards linked to it.
    public var additionalCards: [CardInformation]

    /// Creates a lookup result, for tests and previews.
    public init(primaryCard: CardInformation?, additionalCards: [CardInformation] = []) {
        self.primaryCard = primaryCard
        self.additionalCards = additionalCards
    }
}

/// One enrollment form field as the merchant configured it.
public struct EnrollmentField: Codable, Sendable, Equatable {
    /// `user` or `account`: which field set it belongs to.
    public var type: String
    /// The field's name, such as `email` or `favoriteStore`.
    public var field: String
    /// Whether registration fails without it.
    public var required: Bool
    /// The fewest characters the value may have; nil when there is no limit.
    public var minLength: Int?

    /// Creates a field description, for tests and previews.
    public init(type: String, field: String, required: Bool, minLength: Int? = nil) {
        self.type = type
        self.field = field
        self.required = required
        self.minLength = minLength
    }

    init?(json: JSONValue) {
        guard let field = json["field"]?.stringValue else { return nil }
        // Paytronix sends minLength as a string; a number is accepted too.
        let minLength = json["minLength"].flatMap { $0.integerValue ?? $0.stringValue.flatMap { Int64($0) } }
        self.init(
            type: json["type"]?.stringValue ?? "", field: field, required: json["required"]?.boolValue ?? false,
            minLength: minLength.map { Int($0) })
    }
}

/// The merchant's enrollment form for one card template.
public struct EnrollmentConfig: Codable, Sendable, Equatable {
    /// The form's fields in the order the merchant configured them.
    public var fields: [EnrollmentField]

    /// Creates a form from its fields.
    public init(fields: [EnrollmentField]) { self.fields = fields }
}
