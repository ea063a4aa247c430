import CommerceCore
import Foundation

/// A guest's OAuth tokens as `requestGuestToken` (or `oauthTokens` of a registration) returns them.
public struct OAuthTokens: Codable, Sendable, Equatable {
    /// The bearer token that authenticates the guest's calls until ``expiresAt``.
    public var accessToken: String
    /// The token type Paytronix reports; `bearer` when absent.
    public var tokenType: String
    /// Lifetime of the access token in seconds, counted from ``receivedAt``.
    public var expiresIn: Int
    /// The long-lived token that gets a new access token without the password.
    public var refreshToken: String
    /// Space-separated scopes.
    public var scope: String
    /// The guest's login name, when the token reply names it.
    public var username: String?
    /// The guest's card number, when the token reply names it.
    public var printedCardNumber: String?
    /// When the client received the tokens; expiry is measured from here.
    public var receivedAt: Date

    /// Creates tokens, for tests and for restoring a session.
    public init(
        accessToken: String, tokenType: String = "bearer", expiresIn: Int, refreshToken: String, scope: String,
        username: String? = nil, printedCardNumber: String? = nil, receivedAt: Date = Date()
    ) {
        self.accessToken = accessToken
        self.tokenType = tokenType
        self.expiresIn = expiresIn
        self.refreshToken = refreshToken
        self.scope = scope
        self.username = username
        self.printedCardNumber = printedCardNumber
        self.receivedAt = receivedAt
    }

    enum CodingKeys: String, CodingKey {
        case accessToken = "access_token"
        case tokenType = "token_type"
        case expiresIn = "expires_in"
        case refreshToken = "refresh_token"
        case scope, username, printedCardNumber, receivedAt
    }

    /// Reads the wire keys (`access_token`, …); `receivedAt` defaults to now when the stored form lacks it.
    /// - Throws: `DecodingError` when a required key is missing or `expires_in` is outside 0 to one year.
    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        accessToken = try container.decode(String.self, forKey: .accessToken)
        tokenType = try container.decodeIfPresent(String.self, forKey: .tokenType) ?? "bearer"
        expiresIn = try container.decode(Int.self, forKey: .expiresIn)
        guard Self.acceptedLifetimes.contains(expiresIn) else {
            throw DecodingError.dataCorruptedError(
                forKey: .expiresIn, in: container,
                debugDescription: "expires_in must be 0 to \(Self.acceptedLifetimes.upperBound) seconds")
        }
        refreshToken = try container.decode(String.self, forKey: .refreshToken)
        scope = try container.decodeIfPresent(String.self, forKey: .scope) ?? ""
        username = try container.decodeIfPresent(String.self, forKey: .username)
        printedCardNumber = try container.decodeIfPresent(String.self, forKey: .printedCardNumber)
        receivedAt = try container.decodeIfPresent(Date.self, forKey: .receivedAt) ?? Date()
    }

    /// When the access token stops working.
    public var expiresAt: Date { receivedAt.addingTimeInterval(TimeInterval(expiresIn)) }

    /// Lifetimes (seconds) taken from a server. Anything else is a malformed reply: a negative or absurd value
    /// would make every expiry computation meaningless (Paytronix issues 30-minute tokens).
    static let acceptedLifetimes = 0...31_536_000

    /// Reads the wire object; `nil` when a required key is missing or `expires_in` is out of range.
    init?(json: JSONValue, receivedAt: Date = Date()) {
        guard let access = json["access_token"]?.stringValue, let refresh = json["refresh_token"]?.stringValue,
            let expires = json["expires_in"]?.integerValue,
            expires >= Int64(Self.acceptedLifetimes.lowerBound), expires <= Int64(Self.acceptedLifetimes.upperBound)
        else { return nil }
        self.init(
            accessToken: access, tokenType: json["token_type"]?.stringValue ?? "bearer", expiresIn: Int(expires),
            refreshToken: refresh, scope: json["scope"]?.stringValue ?? "", username: json["username"]?.stringValue,
            printedCardNumber: json["printedCardNumber"]?.stringValue, receivedAt: receivedAt)
    }
}
