import CommerceCore
import Crypto
import Foundation

/// The partner's credentials. The auth key signs every JWT and must stay on the partner's server.
public struct RezolvePartnerCredentials: Sendable {
    /// The partner id Rezolve assigned, such as `317`; the app's `Rezolve` instance is created with the same id.
    public let partnerId: String
    /// The partner's API key, sent as `x-rezolve-partner-apikey` with registration.
    public let apiKey: String
    /// The secret that signs every JWT, used as UTF-8 bytes exactly as given; never ship it in an app.
    public let authKey: String

    /// Creates the credentials from the values Rezolve issued to the partner.
    public init(partnerId: String, apiKey: String, authKey: String) {
        self.partnerId = partnerId
        self.apiKey = apiKey
        self.authKey = authKey
    }
}

/// Mints the HS512 JWTs Rezolve expects: registration, login and logout.
///
/// Header and payload bytes are fixed, key order included (§3.2), so the same inputs always give the same
/// token. The signature is HMAC-SHA512 over `base64url(header).base64url(payload)`, keyed with the auth key's
/// UTF-8 bytes exactly as given.
public struct RezolveJWTMinter: Sendable {
    /// The partner whose auth key signs every token.
    public let credentials: RezolvePartnerCredentials

    /// Creates a minter for `credentials`; it holds no other state, so equal inputs give equal tokens.
    public init(credentials: RezolvePartnerCredentials) { self.credentials = credentials }

    static let registrationHeader = #"{"alg":"HS512","typ":"JWT"}"#
    static let loginHeader = #"{"auth":"v2","alg":"HS512","typ":"JWT"}"#

    /// A token for `POST /api/v1/authentication/register`: the entity is not known yet (`:NONE:`).
    public func registrationToken(partnerEntityId: String, expiresAt: Date) -> String {
        let payload =
            "{\"rezolve_entity_id\":\":NONE:\",\"partner_entity_id\":\(Self.quoted(partnerEntityId)),"
            + "\"exp\":\(Self.seconds(expiresAt))}"
        return sign(header: Self.registrationHeader, payload: payload)
    }

    /// A login token for one customer on one device; the SDK sends it with every call.
    public func loginToken(entityId: String, partnerEntityId: String, deviceId: String, expiresAt: Date) -> String {
        let payload =
            "{\"rezolve_entity_id\":\(Self.quoted(entityId)),\"partner_entity_id\":\(Self.quoted(partnerEntityId)),"
            + "\"exp\":\(Self.seconds(expiresAt)),\"device_id\":\(Self.quoted(deviceId))}"
        return sign(header: Self.loginHeader, payload: payload)
    }

    /// A login token that expired a minute before `now`; handing it to the SDK logs the customer out.
    public func logoutToken(entityId: String, partnerEntityId: String, deviceId: String, now: Date) -> String {
        loginToken(
            entityId: entityId, partnerEntityId: partnerEntityId, deviceId: deviceId,
            expiresAt: now.addingTimeInterval(-60))
    }

    private func sign(header: String, payload: String) -> String {
        let input = Self.base64URL(Data(header.utf8)) + "." + Self.base64URL(Data(payload.utf8))
        let key = SymmetricKey(data: Data(credentials.authKey.utf8))
        let mac = HMAC<SHA512>.authenticationCode(for: Data(input.utf8), using: key)
        return input + "." + Self.base64URL(Data(mac))
    }

    /// A JSON string literal, escaped by CommerceCore's writer.
    static func quoted(_ text: String) -> String { JSONValue.string(text).serialized() }

    /// Whole Unix seconds (rounded down), as `exp` is an integer claim.
    static func seconds(_ date: Date) -> Int64 { Int64(date.timeIntervalSince1970.rounded(.down)) }

    static func base64URL(_ data: Data) -> String {
        data.base64EncodedString()
            .replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }
}
