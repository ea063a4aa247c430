import ATHMovilSandbox
import CommerceCore
import Foundation
import RezolvePartnerServer
import RezolveSDK
import RezolveSandbox

/// The JWT readers: the sandbox's `RezolveJWT` (Rezolve's `Authorization: Bearer` tokens) and
/// `ATHMovilAuthToken.verify` (ATH Móvil's payment tokens), and RezolveSDK's `LoginToken`, which reads a login
/// token without verifying it.
///
/// The input is read as a token, and also used as the text of every claim of tokens minted by
/// `RezolveJWTMinter` and `ATHMovilAuthToken.mint`: each reader must give those claims back exactly and accept
/// the signature.
enum JWTHarness {
    static let authKey = "fuzz-auth-key"
    static let expiry = Date(timeIntervalSince1970: 4_102_444_800)

    static func run(_ data: Data) throws(InvariantViolation) {
        let text = String(decoding: data, as: UTF8.self)
        readAsToken(text)
        try checkMintedRezolveToken(claims: text)
        try checkMintedATHMovilToken(subject: text)
    }

    private static func readAsToken(_ text: String) {
        if let token = RezolveJWT(text) {
            _ = token.hasValidSignature(authKey: authKey)
            _ = token.expiry
        }
        _ = RezolveJWT.bearer("Bearer " + text)
        _ = LoginToken(text)?.isExpired(at: Date(timeIntervalSince1970: 0))
        _ = try? ATHMovilAuthToken.verify(
            header: "Bearer " + text, secret: authKey, now: Date(timeIntervalSince1970: 0))
    }

    private static func checkMintedRezolveToken(claims text: String) throws(InvariantViolation) {
        let minter = RezolveJWTMinter(
            credentials: RezolvePartnerCredentials(partnerId: "1", apiKey: "k", authKey: authKey))
        let minted = minter.loginToken(entityId: text, partnerEntityId: text, deviceId: text, expiresAt: expiry)
        guard let token = RezolveJWT(minted) else { throw InvariantViolation("RezolveJWT refuses a minted token") }
        try InvariantViolation.check(token.hasValidSignature(authKey: authKey), "a minted token's signature fails")
        try InvariantViolation.check(
            token.string("rezolve_entity_id") == text && token.string("partner_entity_id") == text
                && token.string("device_id") == text && token.expiry == expiry.timeIntervalSince1970,
            "RezolveJWT changed the claims of a minted token")
        guard let login = LoginToken(minted) else { throw InvariantViolation("LoginToken refuses a minted token") }
        try InvariantViolation.check(
            login.entityId == text && login.deviceId == text && login.expiresAt == expiry.timeIntervalSince1970,
            "LoginToken changed the claims of a minted token")
    }

    private static func checkMintedATHMovilToken(subject text: String) throws(InvariantViolation) {
        let minted = ATHMovilAuthToken.mint(
            ecommerceId: text, issuedAt: Date(timeIntervalSince1970: 0), expiresAt: expiry, jti: text, secret: authKey)
        do {
            let token = try ATHMovilAuthToken.verify(
                header: "Bearer " + minted, secret: authKey, now: Date(timeIntervalSince1970: 0))
            try InvariantViolation.check(token.ecommerceId == text, "ATHMovilAuthToken changed the subject")
        } catch let violation as InvariantViolation {
            throw violation
        } catch {
            throw InvariantViolation("ATHMovilAuthToken refuses a minted token: \(error)")
        }
    }
}
