import CommerceCore
import Foundation
import GRDB
import GraphQL

/// Redeeming the single-use token a customer was emailed (spec §5.12): it sets a new password, consumes the
/// token, revokes every older access token and signs the customer in. `customerReset`, `customerResetByUrl`,
/// `customerActivate` and `customerActivateByUrl` differ only in where the customer, token and password come
/// from and which field an error names.
///
/// Sandbox decision: every sandbox account is enabled when it is created (`customerCreate` takes a password),
/// so there are no invitations; the one emailed token is the one `customerRecover` sends, and it activates as
/// well as it resets.
enum CustomerTokenRedemption {
    /// Where the inputs came from, for the error entries.
    struct Fields {
        let customer: [String]
        let token: [String]
        let tokenMessage: String
        let password: [String]

        static let reset = Fields(
            customer: ["id"], token: ["input", "resetToken"],
            tokenMessage: "Reset token is invalid or has expired", password: ["input", "password"])
        static let activate = Fields(
            customer: ["id"], token: ["input", "activationToken"],
            tokenMessage: "Activation token is invalid or has expired", password: ["input", "password"])
        static func byURL(_ argument: String, _ label: String) -> Fields {
            Fields(
                customer: [argument], token: [argument], tokenMessage: "\(label) token is invalid or has expired",
                password: ["password"])
        }
    }

    /// U15–U17 (or their activation forms), then the redemption. Returns the payload fields
    /// `customer` and `customerAccessToken` (both `nil` on any error).
    static func redeem(
        customerID: Int64?, token: String, password: String, fields: Fields, _ c: StorefrontRequestContext,
        _ errors: inout UserErrorList
    ) throws -> [String: (any Sendable)?] {
        let failed: [String: (any Sendable)?] = ["customer": nil, "customerAccessToken": nil]
        guard let customerID,
            let customer = try StorefrontCustomerStore.customer(c.db, id: customerID, shopID: c.shop.id)
        else {
            errors.add("UNIDENTIFIED_CUSTOMER", fields.customer, "Could not find customer")
            return failed
        }
        let valid = try StorefrontCustomerStore.resetTokenIsValid(c.db, token, customerID: customer.id, now: c.now)
        if !valid { errors.add("TOKEN_INVALID", fields.token, fields.tokenMessage) }
        CustomerRules.checkPassword(password, field: fields.password, &errors)
        guard errors.isEmpty else { return failed }
        try StorefrontCustomerStore.markResetTokenUsed(c.db, token, now: c.now)
        try StorefrontCustomerStore.setPassword(c.db, customerID: customer.id, password: password)
        try StorefrontCustomerStore.deleteAccessTokens(c.db, customerID: customer.id)
        let (accessToken, expires) = try CustomerCredentials.issueAccessToken(
            c.db, customerID: customer.id,
            lifetime: CustomerCredentials.tokenLifetime(c.shop), now: c.now)
        return [
            "customer": customer,
            "customerAccessToken": CustomerCredentials.accessTokenObject(accessToken, expires: expires, c),
        ]
    }

    /// The customer number and token of an emailed link `<base>/account/<action>/<customer id>/<token>`
    /// (any scheme and host: the link may have been written for another public URL of the same sandbox).
    static func parseLink(_ text: String?, action: String) -> (customerID: Int64, token: String)? {
        guard let text else { return nil }
        let beforeQuery = text.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        let path = beforeQuery.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        let segments = path.split(separator: "/").map(String.init)
        guard segments.count >= 4 else { return nil }
        let tail = Array(segments.suffix(4))
        guard tail[0] == "account", tail[1] == action, let id = Int64(tail[2]), !tail[3].isEmpty else { return nil }
        return (id, tail[3])
    }
}
