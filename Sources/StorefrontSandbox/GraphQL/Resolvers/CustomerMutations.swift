import CommerceCore
import Foundation
import GRDB
import GraphQL
import SandboxCore

extension ResolverRegistry {
    /// Customer account mutations with the U1–U22 user errors (spec §4.7, §5.12).
    mutating func registerCustomerMutations() {
        on("Mutation", "customerCreate") { _, args, c, _ in
            try c.require(StorefrontScope.writeCustomers, for: "customerCreate")
            let input = args.field("input")
            var errors = UserErrorList(codedType: "CustomerUserError")
            let email = input.field("email").asString
            let password = input.field("password").asString ?? ""
            try CustomerRules.checkEmail(email, prefix: ["input"], shopID: c.shop.id, exceptCustomer: nil, c, &errors)
            CustomerRules.checkPassword(password, field: ["input", "password"], &errors)
            if let phone = input.field("phone").asString {
                try CustomerRules.checkPhone(
                    phone, prefix: ["input"], shopID: c.shop.id, exceptCustomer: nil, c, &errors)
            }
            for (field, label) in [("firstName", "First name"), ("lastName", "Last name")] {
                if let name = input.field(field).asString {
                    CustomerRules.checkName(name, field: field, label: label, prefix: ["input"], &errors)
                }
            }
            guard errors.isEmpty, let email else {
                return CustomerRules.payload("CustomerCreatePayload", errors, ["customer": nil])
            }
            let id = try StorefrontCustomerStore.create(
                c.db, shopID: c.shop.id, email: email, firstName: input.field("firstName").asString,
                lastName: input.field("lastName").asString, phone: input.field("phone").asString,
                acceptsMarketing: input.field("acceptsMarketing").asBool ?? false, now: c.now)
            try StorefrontCustomerStore.setPassword(c.db, customerID: id, password: password)
            return CustomerRules.payload(
                "CustomerCreatePayload", errors,
                ["customer": try StorefrontCustomerStore.customer(c.db, id: id, shopID: c.shop.id)])
        }

        on("Mutation", "customerAccessTokenCreate") { _, args, c, _ in
            try c.require(StorefrontScope.writeCustomers, for: "customerAccessTokenCreate")
            let input = args.field("input")
            var errors = UserErrorList(codedType: "CustomerUserError")
            guard
                let customer = try StorefrontCustomerStore.customer(
                    c.db, email: input.field("email").asString ?? "", shopID: c.shop.id),
                try StorefrontCustomerStore.passwordMatches(
                    c.db, customerID: customer.id, password: input.field("password").asString ?? "")
            else {
                errors.add("UNIDENTIFIED_CUSTOMER", ["input"], "Unidentified customer")
                return CustomerRules.payload("CustomerAccessTokenCreatePayload", errors, ["customerAccessToken": nil])
            }
            let (token, expires) = try CustomerCredentials.issueAccessToken(
                c.db, customerID: customer.id,
                lifetime: CustomerCredentials.tokenLifetime(c.shop), now: c.now)
            return CustomerRules.payload(
                "CustomerAccessTokenCreatePayload", errors,
                ["customerAccessToken": CustomerCredentials.accessTokenObject(token, expires: expires, c)])
        }

        on("Mutation", "customerAccessTokenRenew") { _, args, c, _ in
            try c.require(StorefrontScope.writeCustomers, for: "customerAccessTokenRenew")
            let token = args.field("customerAccessToken").asString ?? ""
            guard let found = try StorefrontCustomerStore.accessToken(c.db, token: token, shopID: c.shop.id, now: c.now)
            else {
                return GraphObject(
                    "CustomerAccessTokenRenewPayload", ["customerAccessToken": nil, "userErrors": Self.tokenMissing()])
            }
            let expires = c.now.addingTimeInterval(CustomerCredentials.tokenLifetime(c.shop))
            try StorefrontCustomerStore.extendAccessToken(c.db, id: found.id, until: expires)
            return GraphObject(
                "CustomerAccessTokenRenewPayload",
                [
                    "customerAccessToken": CustomerCredentials.accessTokenObject(token, expires: expires, c),
                    "userErrors": [(any Sendable)?](),
                ])
        }

        on("Mutation", "customerAccessTokenDelete") { _, args, c, _ in
            try c.require(StorefrontScope.writeCustomers, for: "customerAccessTokenDelete")
            let token = args.field("customerAccessToken").asString ?? ""
            guard let found = try StorefrontCustomerStore.accessToken(c.db, token: token, shopID: c.shop.id, now: c.now)
            else {
                return GraphObject(
                    "CustomerAccessTokenDeletePayload",
                    [
                        "deletedAccessToken": nil, "deletedCustomerAccessTokenId": nil,
                        "userErrors": Self.tokenMissing(),
                    ])
            }
            try StorefrontCustomerStore.deleteAccessToken(c.db, id: found.id)
            return GraphObject(
                "CustomerAccessTokenDeletePayload",
                [
                    "deletedAccessToken": token,
                    "deletedCustomerAccessTokenId": GlobalID("CustomerAccessToken", found.id).encoded,
                    "userErrors": [(any Sendable)?](),
                ])
        }

        on("Mutation", "customerUpdate") { _, args, c, _ in
            try c.require(StorefrontScope.writeCustomers, for: "customerUpdate")
            var errors = UserErrorList(codedType: "CustomerUserError")
            guard var customer = try Self.customer(args, c, &errors) else {
                return CustomerRules.payload(
                    "CustomerUpdatePayload", errors, ["customer": nil, "customerAccessToken": nil])
            }
            let input = args.field("customer")
            if input.has("email") {
                try CustomerRules.checkEmail(
                    input.field("email").asString, prefix: ["customer"], shopID: c.shop.id,
                    exceptCustomer: customer.id, c, &errors)
            }
            let password = input.field("password").asString
            if let password { CustomerRules.checkPassword(password, field: ["customer", "password"], &errors) }
            if let phone = input.field("phone").asString {
                try CustomerRules.checkPhone(
                    phone, prefix: ["customer"], shopID: c.shop.id, exceptCustomer: customer.id, c, &errors)
            }
            for (field, label) in [("firstName", "First name"), ("lastName", "Last name")] {
                if let name = input.field(field).asString {
                    CustomerRules.checkName(name, field: field, label: label, prefix: ["customer"], &errors)
                }
            }
            guard errors.isEmpty else {
                return CustomerRules.payload(
                    "CustomerUpdatePayload", errors, ["customer": nil, "customerAccessToken": nil])
            }
            // Absent keeps, null clears (acceptsMarketing becomes false), a value replaces.
            if let email = input.field("email").asString { customer.email = email }
            if input.has("firstName") { customer.firstName = input.field("firstName").asString }
            if input.has("lastName") { customer.lastName = input.field("lastName").asString }
            if input.has("phone") { customer.phone = input.field("phone").asString }
            if input.has("acceptsMarketing") {
                customer.acceptsMarketing = input.field("acceptsMarketing").asBool ?? false
            }
            customer.updatedAt = c.now
            try StorefrontCustomerStore.save(c.db, customer)
            var newToken: GraphObject?
            if let password {
                try StorefrontCustomerStore.setPassword(c.db, customerID: customer.id, password: password)
                try StorefrontCustomerStore.deleteAccessTokens(c.db, customerID: customer.id)
                let (token, expires) = try CustomerCredentials.issueAccessToken(
                    c.db, customerID: customer.id,
                    lifetime: CustomerCredentials.tokenLifetime(c.shop), now: c.now)
                newToken = CustomerCredentials.accessTokenObject(token, expires: expires, c)
            }
            return CustomerRules.payload(
                "CustomerUpdatePayload", errors, ["customer": customer, "customerAccessToken": newToken])
        }

        on("Mutation", "customerRecover") { _, args, c, _ in
            try c.require(StorefrontScope.writeCustomers, for: "customerRecover")
            var errors = UserErrorList(codedType: "CustomerUserError")
            let email = args.field("email").asString ?? ""
            if !InputRules.emailIsValid(email) {
                errors.add("INVALID", ["email"], "Email is invalid")
            } else if let customer = try StorefrontCustomerStore.customer(c.db, email: email, shopID: c.shop.id) {
                try Self.sendReset(customer, c)
            } else {
                errors.add("UNIDENTIFIED_CUSTOMER", ["email"], "Could not find customer")
            }
            return CustomerRules.payload("CustomerRecoverPayload", errors, [:])
        }

        on("Mutation", "customerReset") { _, args, c, _ in
            try c.require(StorefrontScope.writeCustomers, for: "customerReset")
            var errors = UserErrorList(codedType: "CustomerUserError")
            let input = args.field("input")
            let fields = try CustomerTokenRedemption.redeem(
                customerID: GlobalID.number(args.field("id").asString, type: "Customer"),
                token: input.field("resetToken").asString ?? "",
                password: input.field("password").asString ?? "", fields: .reset, c, &errors)
            return CustomerRules.payload("CustomerResetPayload", errors, fields)
        }

        on("Mutation", "customerAddressCreate") { _, args, c, _ in
            try c.require(StorefrontScope.writeCustomers, for: "customerAddressCreate")
            var errors = UserErrorList(codedType: "CustomerUserError")
            guard var customer = try Self.customer(args, c, &errors) else {
                return CustomerRules.payload("CustomerAddressCreatePayload", errors, ["customerAddress": nil])
            }
            var values: [String: String] = [:]
            for field in AddressRecord.fieldNames {
                if let value = args.field("address").field(field).asString { values[field] = value }
            }
            let normalised = CustomerRules.checkAddress(values, &errors)
            guard errors.isEmpty else {
                return CustomerRules.payload("CustomerAddressCreatePayload", errors, ["customerAddress": nil])
            }
            let id = try StorefrontCustomerStore.save(
                c.db, AddressRecord(id: 0, customerID: customer.id, values: normalised, createdAt: c.now))
            if customer.defaultAddressID == nil { customer.defaultAddressID = id }
            customer.updatedAt = c.now
            try StorefrontCustomerStore.save(c.db, customer)
            return CustomerRules.payload(
                "CustomerAddressCreatePayload", errors,
                [
                    "customerAddress": AddressRecord(
                        id: id, customerID: customer.id, values: normalised, createdAt: c.now)
                ])
        }

        on("Mutation", "customerAddressUpdate") { _, args, c, _ in
            try c.require(StorefrontScope.writeCustomers, for: "customerAddressUpdate")
            var errors = UserErrorList(codedType: "CustomerUserError")
            guard let customer = try Self.customer(args, c, &errors),
                var address = try Self.ownedAddress(args.field("id").asString, customer, c, field: ["id"], &errors)
            else {
                return CustomerRules.payload("CustomerAddressUpdatePayload", errors, ["customerAddress": nil])
            }
            let input = args.field("address")
            for field in AddressRecord.fieldNames where input.has(field) {
                address.values[field] = input.field(field).asString
            }
            address.values = CustomerRules.checkAddress(address.values, &errors)
            guard errors.isEmpty else {
                return CustomerRules.payload("CustomerAddressUpdatePayload", errors, ["customerAddress": nil])
            }
            try StorefrontCustomerStore.save(c.db, address)
            return CustomerRules.payload("CustomerAddressUpdatePayload", errors, ["customerAddress": address])
        }

        on("Mutation", "customerAddressDelete") { _, args, c, _ in
            try c.require(StorefrontScope.writeCustomers, for: "customerAddressDelete")
            var errors = UserErrorList(codedType: "CustomerUserError")
            guard var customer = try Self.customer(args, c, &errors),
                let address = try Self.ownedAddress(args.field("id").asString, customer, c, field: ["id"], &errors)
            else {
                return CustomerRules.payload("CustomerAddressDeletePayload", errors, ["deletedCustomerAddressId": nil])
            }
            try StorefrontCustomerStore.delete(c.db, address)
            if customer.defaultAddressID == address.id {
                customer.defaultAddressID = try StorefrontCustomerStore.addresses(c.db, customerID: customer.id).first?
                    .id
            }
            customer.updatedAt = c.now
            try StorefrontCustomerStore.save(c.db, customer)
            return CustomerRules.payload(
                "CustomerAddressDeletePayload", errors, ["deletedCustomerAddressId": address.gid.encoded])
        }

        on("Mutation", "customerDefaultAddressUpdate") { _, args, c, _ in
            try c.require(StorefrontScope.writeCustomers, for: "customerDefaultAddressUpdate")
            var errors = UserErrorList(codedType: "CustomerUserError")
            guard var customer = try Self.customer(args, c, &errors),
                let address = try Self.ownedAddress(
                    args.field("addressId").asString, customer, c, field: ["addressId"], &errors)
            else {
                return CustomerRules.payload("CustomerDefaultAddressUpdatePayload", errors, ["customer": nil])
            }
            customer.defaultAddressID = address.id
            customer.updatedAt = c.now
            try StorefrontCustomerStore.save(c.db, customer)
            return CustomerRules.payload("CustomerDefaultAddressUpdatePayload", errors, ["customer": customer])
        }
    }

    /// U11.
    private static func tokenMissing() -> [(any Sendable)?] {
        [
            GraphObject(
                "UserError", ["field": graphList(["customerAccessToken"]), "message": "Access token does not exist"])
        ]
    }

    /// U12: the customer of `customerAccessToken`, or an error entry.
    private static func customer(_ args: Map, _ context: StorefrontRequestContext, _ errors: inout UserErrorList) throws
        -> CustomerRecord?
    {
        if let customer = try StorefrontCustomerStore.customer(
            context.db, accessToken: args.field("customerAccessToken").asString ?? "",
            shopID: context.shop.id, now: context.now)
        {
            return customer
        }
        errors.add("UNIDENTIFIED_CUSTOMER", ["customerAccessToken"], "Customer access token is invalid")
        return nil
    }

    /// U22: an address of `customer` named by a MailingAddress ID.
    private static func ownedAddress(
        _ id: String?, _ customer: CustomerRecord, _ context: StorefrontRequestContext,
        field: [String], _ errors: inout UserErrorList
    ) throws -> AddressRecord? {
        if let number = GlobalID.number(id, type: "MailingAddress"),
            let address = try StorefrontCustomerStore.addresses(context.db, customerID: customer.id).first(where: {
                $0.id == number
            })
        {
            return address
        }
        errors.add("NOT_FOUND", field, "Address does not exist")
        return nil
    }

    /// Creates a single-use reset token and writes the "email" to the shop's outbox.
    private static func sendReset(_ customer: CustomerRecord, _ context: StorefrontRequestContext) throws {
        let token = try CustomerCredentials.issueResetToken(context.db, customerID: customer.id, now: context.now)
        let email: JSONValue = [
            "to": .string(customer.email), "subject": "Reset your password", "resetToken": .string(token),
            "customerId": .string(customer.gid.encoded),
            "resetUrl": .string(context.url("/account/reset/\(customer.id)/\(token)")),
            "createdAt": .string(StorefrontFormat.dateTime(context.now)),
        ]
        try StorefrontShopStore.send(context.db, shopID: context.shop.id, email, at: context.now)
    }
}
