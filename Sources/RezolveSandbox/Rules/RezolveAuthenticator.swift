import CommerceCore
import Foundation
import GRDB
import Logging
import SandboxCore

/// The authenticated partner and customer of a core request.
struct RezolveCaller: Sendable {
    let partner: RZPartner
    let customer: RZCustomer
    var entityId: String { customer.entityId }
}

/// JWT verification in the order of spec §5.3. Every failure but expiry is the same masked 403; the
/// reason goes to the debug log only, never to the caller.
enum RezolveAuthenticator {
    /// Steps 1–8 for a customer route whose path names partner `pid` and entity `eid`.
    static func customer(_ request: SandboxRequest, pid: String, eid: String, now: Date, _ db: Database) throws
        -> RezolveCaller
    {
        let (partner, token) = try partnerAndToken(request, db)
        guard token.header["alg"]?.stringValue == "HS512", token.header["auth"]?.stringValue == "v2" else {
            throw denied("header is not alg HS512 with auth v2")
        }
        try checkSignatureAndExpiry(token, partner: partner, now: now)
        guard let claimedEntity = token.string("rezolve_entity_id"), claimedEntity == eid, pid == partner.id,
            let customer = try RezolveCustomerStore.customer(eid, db), customer.partnerId == partner.id,
            token.string("partner_entity_id") == customer.partnerEntityId
        else {
            throw denied("entity, partner or partner_entity_id does not match the path and the registration")
        }
        guard let device = token.string("device_id"), !device.isEmpty,
            device == request.headers["x-rezolve-device-id"]
        else {
            throw denied("device_id missing or not equal to x-rezolve-device-id")
        }
        return RezolveCaller(partner: partner, customer: customer)
    }

    /// Steps 1–3 and 5–6 for registration, which also needs `rezolve_entity_id == ":NONE:"`.
    /// Returns the partner and the token's `partner_entity_id`.
    static func registration(_ request: SandboxRequest, now: Date, _ db: Database) throws -> (RZPartner, String) {
        let (partner, token) = try partnerAndToken(request, db)
        try checkSignatureAndExpiry(token, partner: partner, now: now)
        guard token.string("rezolve_entity_id") == ":NONE:",
            let partnerEntityId = token.string("partner_entity_id"), !partnerEntityId.isEmpty
        else {
            throw denied("registration token needs rezolve_entity_id :NONE: and a partner_entity_id")
        }
        return (partner, partnerEntityId)
    }

    /// The header that carries the partner's API key (§3.1).
    static let apiKeyHeader = "x-rezolve-partner-apikey"

    /// Step 1 only, for routes that need the API key but no customer (`device/appversion`).
    static func partner(_ request: SandboxRequest, _ db: Database) throws -> RZPartner {
        guard let key = request.headers[apiKeyHeader], !key.isEmpty,
            let partner = try RezolvePartnerStore.partner(apiKey: key, db)
        else {
            throw denied("unknown or missing x-rezolve-partner-apikey")
        }
        return partner
    }

    private static func partnerAndToken(_ request: SandboxRequest, _ db: Database) throws -> (RZPartner, RezolveJWT) {
        let partner = try partner(request, db)
        guard let authKey = partner.authKey, !authKey.isEmpty else { throw denied("partner has no auth key") }
        guard let token = RezolveJWT.bearer(request.headers["Authorization"]) else {
            throw denied("Authorization is not Bearer with three base64url JSON parts")
        }
        return (partner, token)
    }

    /// The signature first, so an expired token with a bad signature is a 403, not a 401.
    private static func checkSignatureAndExpiry(_ token: RezolveJWT, partner: RZPartner, now: Date) throws {
        guard let authKey = partner.authKey, token.hasValidSignature(authKey: authKey) else {
            throw denied("bad signature")
        }
        guard let expiry = token.expiry else { throw denied("exp is not a number") }
        guard expiry > now.timeIntervalSince1970 else { throw RezolveFailure.expiredToken }
    }

    private static let logger = Logger(label: "CommerceKit.Sandbox.Rezolve")

    /// The masked 403; the real reason goes to the debug log for whoever runs the sandbox.
    private static func denied(_ reason: String) -> RezolveFailure {
        logger.debug("Rezolve 403 (masked): \(reason)")
        return .accessDenied
    }
}
