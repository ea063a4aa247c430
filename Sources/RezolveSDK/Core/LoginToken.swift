import CommerceCore
import Foundation

/// What the client reads from a login JWT without verifying it (only Rezolve holds the partner's key).
///
/// The checks catch app mistakes early, such as a token minted for another user or another device, which the
/// server would otherwise answer with an uninformative 403.
package struct LoginToken: Sendable {
    package let entityId: String?
    package let deviceId: String?
    /// `exp` in Unix seconds; fractional values are accepted.
    package let expiresAt: Double?

    /// Parses `header.payload.signature`; `nil` unless there are exactly three non-empty base64url parts and the
    /// payload is a JSON object.
    package init?(_ jwt: String) {
        let parts = jwt.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(Self.isBase64URL) }),
            Self.base64URLDecode(String(parts[0])) != nil,
            let payloadData = Self.base64URLDecode(String(parts[1])),
            let payload = try? JSONValue.parse(payloadData), payload.objectValue != nil
        else { return nil }
        entityId = payload["rezolve_entity_id"]?.stringValue
        deviceId = payload["device_id"]?.stringValue
        expiresAt = payload["exp"]?.doubleValue
    }

    /// Whether `exp` is at or before `now`. A token without `exp` is never considered expired here.
    package func isExpired(at now: Date) -> Bool {
        guard let expiresAt else { return false }
        return expiresAt <= now.timeIntervalSince1970
    }

    private static func isBase64URL(_ character: Character) -> Bool {
        character.isASCII && (character.isLetter || character.isNumber || character == "-" || character == "_")
    }

    static func base64URLDecode(_ text: String) -> Data? {
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        let remainder = base64.count % 4
        if remainder == 1 { return nil }
        if remainder > 0 { base64 += String(repeating: "=", count: 4 - remainder) }
        return Data(base64Encoded: base64)
    }
}
