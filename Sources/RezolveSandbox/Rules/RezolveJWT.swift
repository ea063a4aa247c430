import CommerceCore
import Crypto
import Foundation

/// A compact JWT taken apart, before any check: the header and payload as JSON objects, the signing
/// input and the signature bytes. Anything that is not three base64url parts of JSON objects is `nil`.
package struct RezolveJWT: Sendable {
    package let header: JSONObject
    package let payload: JSONObject
    package let signingInput: String
    package let signature: Data

    package init?(_ token: String) {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3,
            let headerData = Self.base64URLDecode(parts[0]), let payloadData = Self.base64URLDecode(parts[1]),
            let signature = Self.base64URLDecode(parts[2]),
            case .object(let header)? = try? JSONValue.parse(headerData),
            case .object(let payload)? = try? JSONValue.parse(payloadData)
        else { return nil }
        self.header = header
        self.payload = payload
        self.signingInput = parts[0] + "." + parts[1]
        self.signature = signature
    }

    /// The token from `Authorization: Bearer <token>`, or `nil`.
    package static func bearer(_ header: String?) -> RezolveJWT? {
        guard let header, header.hasPrefix("Bearer ") else { return nil }
        return RezolveJWT(String(header.dropFirst("Bearer ".count)).trimmingCharacters(in: .whitespaces))
    }

    /// HMAC-SHA512 keyed with the auth key's UTF-8 bytes as given (§3.2); swift-crypto compares in constant time.
    package func hasValidSignature(authKey: String) -> Bool {
        HMAC<SHA512>.isValidAuthenticationCode(
            signature, authenticating: Data(signingInput.utf8),
            using: SymmetricKey(data: Data(authKey.utf8)))
    }

    /// `exp` as a number of Unix seconds; fractional values are accepted (the sample app sends them).
    package var expiry: Double? { payload["exp"]?.doubleValue }

    package func string(_ claim: String) -> String? { payload[claim]?.stringValue }

    /// Decodes unpadded (or padded) base64url; `nil` for any other character.
    static func base64URLDecode(_ text: Substring) -> Data? {
        guard text.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" || $0 == "=") })
        else {
            return nil
        }
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 = base64.replacingOccurrences(of: "=", with: "")
        while base64.count % 4 != 0 { base64 += "=" }
        return Data(base64Encoded: base64)
    }
}
