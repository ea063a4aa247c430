import CommerceCore
import Foundation
import GraphQL

extension ResolverRegistry {
    /// Account activation, the link forms of activation and reset, and Multipass sign-in (spec §4.7, §5.12).
    mutating func registerCustomerActivationMutations() {
        on("Mutation", "customerActivate") { _, args, c, _ in
            try c.require(StorefrontScope.writeCustomers, for: "customerActivate")
            var errors = UserErrorList(codedType: "CustomerUserError")
            let input = args.field("input")
            let fields = try CustomerTokenRedemption.redeem(
                customerID: GlobalID.number(args.field("id").asString, type: "Customer"),
                token: input.field("activationToken").asString ?? "", password: input.field("password").asString ?? "",
                fields: .activate, c, &errors)
            return CustomerRules.payload("CustomerActivatePayload", errors, fields)
        }

        for (name, payloadType, argument, action, label) in [
            ("customerActivateByUrl", "CustomerActivateByUrlPayload", "activationUrl", "activate", "Activation"),
            ("customerResetByUrl", "CustomerResetByUrlPayload", "resetUrl", "reset", "Reset"),
        ] {
            on("Mutation", name) { _, args, c, _ in
                try c.require(StorefrontScope.writeCustomers, for: name)
                var errors = UserErrorList(codedType: "CustomerUserError")
                guard let link = CustomerTokenRedemption.parseLink(args.field(argument).asString, action: action) else {
                    errors.add("INVALID", [argument], "\(label) URL is invalid")
                    return CustomerRules.payload(payloadType, errors, ["customer": nil, "customerAccessToken": nil])
                }
                let fields = try CustomerTokenRedemption.redeem(
                    customerID: link.customerID, token: link.token, password: args.field("password").asString ?? "",
                    fields: .byURL(argument, label), c, &errors)
                return CustomerRules.payload(payloadType, errors, fields)
            }
        }

        // Multipass is a Shopify Plus feature no sandbox shop has: every token is refused with the entry a shop
        // without Multipass gives, never an error of the request.
        on("Mutation", "customerAccessTokenCreateWithMultipass") { _, _, c, _ in
            try c.require(StorefrontScope.writeCustomers, for: "customerAccessTokenCreateWithMultipass")
            var errors = UserErrorList(codedType: "CustomerUserError")
            errors.add("INVALID_MULTIPASS_REQUEST", ["multipassToken"], "Multipass is not enabled for this shop")
            return GraphObject(
                "CustomerAccessTokenCreateWithMultipassPayload",
                ["customerAccessToken": nil, "customerUserErrors": errors.coded])
        }
    }
}
