import CommerceCore
import Foundation
import GraphQL

extension ResolverRegistry {
    /// Customer association and the note / attributes update of a checkout (spec §5.8).
    mutating func registerCheckoutCustomerMutations() {
        for (name, payloadType) in [
            ("checkoutCustomerAssociate", "CheckoutCustomerAssociatePayload"),
            ("checkoutCustomerAssociateV2", "CheckoutCustomerAssociateV2Payload"),
        ] {
            on("Mutation", name) { _, args, c, _ in
                var customer: CustomerRecord?
                var payload = try CheckoutMutation.update(name, payloadType, args, c) { checkout, errors in
                    let token = args.field("customerAccessToken").asString ?? ""
                    guard
                        let found = try StorefrontCustomerStore.customer(
                            c.db, accessToken: token, shopID: c.shop.id, now: c.now)
                    else {
                        errors.add("INVALID", ["customerAccessToken"], "Customer access token is invalid")
                        return
                    }
                    customer = found
                    checkout.customerID = found.id
                    checkout.updatedAt = c.now
                }
                payload.fields["customer"] = customer
                return payload
            }
        }
        for (name, payloadType) in [
            ("checkoutCustomerDisassociate", "CheckoutCustomerDisassociatePayload"),
            ("checkoutCustomerDisassociateV2", "CheckoutCustomerDisassociateV2Payload"),
        ] {
            on("Mutation", name) { _, args, c, _ in
                try CheckoutMutation.update(name, payloadType, args, c) { checkout, _ in
                    checkout.customerID = nil
                    checkout.updatedAt = c.now
                }
            }
        }
        for (name, payloadType) in [
            ("checkoutAttributesUpdate", "CheckoutAttributesUpdatePayload"),
            ("checkoutAttributesUpdateV2", "CheckoutAttributesUpdateV2Payload"),
        ] {
            on("Mutation", name) { _, args, c, _ in
                try CheckoutMutation.update(name, payloadType, args, c) { checkout, errors in
                    let input = args.field("input")
                    if let note = input.field("note").asString {
                        if note.count > 5000 {
                            errors.add("TOO_LONG", ["input", "note"], "Note is too long (maximum is 5000 characters)")
                        }
                        checkout.note = note
                    }
                    if input.has("customAttributes") {
                        checkout.attributes = CheckoutRules.attributes(
                            input.field("customAttributes").asList ?? [],
                            prefix: ["input", "customAttributes"], &errors)
                    }
                    if let partial = input.field("allowPartialAddresses").asBool {
                        checkout.allowPartialAddresses = partial
                    }
                    checkout.updatedAt = c.now
                }
            }
        }
    }
}
