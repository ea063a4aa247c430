import CommerceCore
import Crypto
import Foundation

/// The `auth_token` the payment service hands out on `/payment`: a JWT signed HS256 with the sandbox's secret.
package struct ATHMovilAuthToken {
    static let issuer = "CommerceKit Sandbox Payment"
    static let scope = "customer.business.ecommerce.authorization:write"

    package let ecommerceId: String
    let expiresAt: Date
    let jti: String

    /// Mints a token for an ecommerce.
    package static func mint(ecommerceId: String, issuedAt: Date, expiresAt: Date, jti: String, secret: String)
        -> String
    {
        let header: JSONValue = ["alg": "HS256", "typ": "JWT"]
        let claims: JSONValue = [
            "sub": .string(ecommerceId), "iss": .string(issuer), "scopes": [.string(scope)],
            "iat": .integer(ATHMovilTime.wholeSeconds(issuedAt)), "exp": .integer(ATHMovilTime.wholeSeconds(expiresAt)),
            "jti": .string(jti),
        ]
        let signingInput = base64URL(header.serializedData()) + "." + base64URL(claims.serializedData())
        return signingInput + "." + base64URL(signature(signingInput, secret: secret))
    }

    /// Checks an `Authorization` header the way the payment service does, in its order of errors.
    package static func verify(header: String?, secret: String, now: Date) throws(ATHMovilFailure) -> ATHMovilAuthToken
    {
        guard let header, !header.trimmingCharacters(in: .whitespaces).isEmpty else { throw .noAuthorizationHeader }
        let parts = header.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else { throw .invalidToken }
        let segments = parts[1].trimmingCharacters(in: .whitespaces).split(
            separator: ".", omittingEmptySubsequences: false)
        guard segments.count == 3, let signature = decodeBase64URL(String(segments[2])),
            HMAC<SHA256>.isValidAuthenticationCode(
                signature, authenticating: Data((segments[0] + "." + segments[1]).utf8),
                using: SymmetricKey(data: Data(secret.utf8))),
            let payload = decodeBase64URL(String(segments[1])), let claims = try? JSONValue.parse(payload),
            claims["iss"]?.stringValue == issuer, let subject = claims["sub"]?.stringValue,
            let expiry = claims["exp"]?.integerValue
        else { throw .invalidToken }
        let expiresAt = Date(timeIntervalSince1970: TimeInterval(expiry))
        guard now < expiresAt else { throw .tokenExpired(on: expiresAt) }
        return ATHMovilAuthToken(ecommerceId: subject, expiresAt: expiresAt, jti: claims["jti"]?.stringValue ?? "")
    }

    private static func signature(_ input: String, secret: String) -> Data {
        Data(HMAC<SHA256>.authenticationCode(for: Data(input.utf8), using: SymmetricKey(data: Data(secret.utf8))))
    }

    private static func base64URL(_ data: Data) -> String {
        data.base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    private static func decodeBase64URL(_ text: String) -> Data? {
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while base64.count % 4 != 0 { base64 += "=" }
        return Data(base64Encoded: base64)
    }
}
