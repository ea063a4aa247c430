import CommerceCore

/// How a call proves who the guest (or the integrator) is, on top of the integration's HTTP Basic credentials.
public enum PaytronixAuthentication: Sendable, Equatable {
    /// Integration credentials only; what registration uses.
    case anonymous
    /// A loyalty card's printed number and registration code.
    case card(printedCardNumber: String, registrationCode: String)
    /// The guest's username and password. Paytronix refuses this style on GET requests.
    case guest(username: String, password: String)
    /// An e-mail address and the card template to look the guest up in.
    case email(email: String, cardTemplateCode: Int)
    /// An access token from `requestGuestToken`.
    case oauth(accessToken: String)
    /// Business-to-business credentials; for integrator servers only, never inside an app.
    case b2b(username: String, password: String)

    /// The wire value of the `authentication` field.
    public var styleName: String {
        switch self {
        case .anonymous: "anonymous"
        case .card: "card"
        case .guest: "guest"
        case .email: "email"
        case .oauth: "oauth"
        case .b2b: "b2b"
        }
    }

    /// The body fields this style adds, in wire order.
    var fields: [(String, JSONValue)] {
        switch self {
        case .anonymous:
            [("authentication", "anonymous")]
        case .card(let number, let code):
            [("authentication", "card"), ("printedCardNumber", .string(number)), ("registrationCode", .string(code))]
        case .guest(let username, let password):
            [("authentication", "guest"), ("username", .string(username)), ("password", .string(password))]
        case .email(let email, let template):
            [("authentication", "email"), ("email", .string(email)), ("cardTemplateCode", .integer(Int64(template)))]
        case .oauth(let token):
            [("authentication", "oauth"), ("access_token", .string(token))]
        case .b2b(let username, let password):
            [("authentication", "b2b"), ("username", .string(username)), ("password", .string(password))]
        }
    }
}

/// The OAuth scopes a guest token can carry.
public enum OAuthScope: String, Sendable, CaseIterable {
    /// Read the guest's account, such as its cards and attached devices.
    case accountRead = "account_read"
    /// Change the account, such as attaching or detaching a device.
    case accountWrite = "account_write"
    /// Read the guest's personal fields.
    case userRead = "user_read"
    /// Change the guest's personal fields.
    case userWrite = "user_write"

    /// Space-separated, always in the order account_read, account_write, user_read, user_write.
    static func wireValue(_ scopes: Set<OAuthScope>) -> String {
        allCases.filter(scopes.contains).map(\.rawValue).joined(separator: " ")
    }
}

/// What a guest token is requested with.
public enum GuestTokenGrant: Sendable {
    /// The guest's username and password (OAuth password grant).
    case password(username: String, password: String)
    /// A refresh token from an earlier grant.
    case refreshToken(String)
}
