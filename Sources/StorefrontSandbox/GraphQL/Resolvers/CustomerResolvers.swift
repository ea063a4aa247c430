import CommerceCore
import Foundation
import GRDB
import GraphQL

extension ResolverRegistry {
    /// `Customer`, `MailingAddress` and the customer's `Order`s (spec §5.12).
    mutating func registerCustomer() {
        let customer = CustomerRecord.self
        on("Customer", "id", as: customer) { u, _, _ in u.gid.encoded }
        on("Customer", "email", as: customer) { u, _, _ in u.email }
        on("Customer", "firstName", as: customer) { u, _, _ in u.firstName }
        on("Customer", "lastName", as: customer) { u, _, _ in u.lastName }
        on("Customer", "displayName", as: customer) { u, _, _ in u.displayName }
        on("Customer", "phone", as: customer) { u, _, _ in u.phone }
        on("Customer", "acceptsMarketing", as: customer) { u, _, _ in u.acceptsMarketing }
        on("Customer", "createdAt", as: customer) { u, _, c in c.dateTime(u.createdAt) }
        on("Customer", "updatedAt", as: customer) { u, _, c in c.dateTime(u.updatedAt) }
        on("Customer", "defaultAddress", as: customer) { u, _, c in
            try u.defaultAddressID.flatMap { id in
                try StorefrontCustomerStore.addresses(c.db, customerID: u.id).first { $0.id == id }
            }
        }
        on("Customer", "addresses", as: customer) { u, args, c in
            let entries = try StorefrontCustomerStore.addresses(c.db, customerID: u.id).map {
                Connection.Entry(item: $0, id: $0.id, value: .number($0.id))
            }
            return try Connection.make(
                entries, order: SortOrder(key: "ID", descending: false, reverse: args.field("reverse").asBool ?? false),
                args: args, connectionType: "MailingAddressConnection")
        }
        on("Customer", "orders", as: customer) { u, args, c in
            let orders = try StorefrontOrderStore.orders(c.db, customerID: u.id)
            return try OrderRecord.connection(orders, args: args)
        }

        let address = AddressRecord.self
        for field in ["address1", "address2", "city", "company", "firstName", "lastName", "phone", "province", "zip"] {
            on("MailingAddress", field, as: address) { a, _, _ in a.values[field] }
        }
        on("MailingAddress", "id", as: address) { a, _, _ in a.gid.encoded }
        on("MailingAddress", "country", as: address) { a, _, _ in a.values["country"].map(Countries.name(for:)) }
        on("MailingAddress", "countryCode", as: address) { a, _, _ in a.values["country"] }
        on("MailingAddress", "countryCodeV2", as: address) { a, _, _ in a.values["country"] }
        on("MailingAddress", "provinceCode", as: address) { a, _, _ in Self.provinceCode(a) }
        on("MailingAddress", "name", as: address) { a, _, _ in
            let name = [a.values["firstName"], a.values["lastName"]].compactMap { $0 }.filter { !$0.isEmpty }.joined(
                separator: " ")
            return name.isEmpty ? nil : name
        }
        on("MailingAddress", "formattedArea", as: address) { a, _, _ in Self.formattedArea(a) }
        on("MailingAddress", "formatted", as: address) { a, args, _ in
            var lines: [String] = []
            if args.field("withName").asBool == true,
                let name = [a.values["firstName"], a.values["lastName"]].compactMap({ $0 }).joined(separator: " ")
                    .nilIfEmpty
            {
                lines.append(name)
            }
            if args.field("withCompany").asBool ?? true, let company = a.values["company"]?.nilIfEmpty {
                lines.append(company)
            }
            if let line1 = a.values["address1"]?.nilIfEmpty { lines.append(line1) }
            if let line2 = a.values["address2"]?.nilIfEmpty { lines.append(line2) }
            let cityLine = [a.values["city"], Self.provinceCode(a) ?? a.values["province"], a.values["zip"]]
                .compactMap { $0?.nilIfEmpty }.joined(separator: " ")
            if !cityLine.isEmpty { lines.append(cityLine) }
            if let country = a.values["country"] { lines.append(Countries.name(for: country)) }
            return graphList(lines)
        }
    }

    static func provinceCode(_ address: AddressRecord) -> String? {
        guard let province = address.values["province"], let country = address.values["country"] else { return nil }
        return Countries.provinceCode(province, country: country)
    }

    /// `"<city> <provinceCode>, <country>"`, leaving out what is missing.
    static func formattedArea(_ address: AddressRecord) -> String? {
        let left = [address.values["city"], provinceCode(address) ?? address.values["province"]]
            .compactMap { $0?.nilIfEmpty }.joined(separator: " ")
        let country = address.values["country"].map(Countries.name(for:))
        let parts = [left.nilIfEmpty, country].compactMap { $0 }
        return parts.isEmpty ? nil : parts.joined(separator: ", ")
    }
}

extension String {
    var nilIfEmpty: String? { isEmpty ? nil : self }
}
