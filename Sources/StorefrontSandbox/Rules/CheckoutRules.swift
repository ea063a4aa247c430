import Foundation
import GraphQL

/// The input rules of the checkout mutations (spec §4.4 K2–K11, K18, K19), each adding the table's entry.
enum CheckoutRules {
    static let addressLabels: [(field: String, label: String)] = [
        ("lastName", "Last name"), ("address1", "Address1"), ("city", "City"), ("country", "Country"), ("zip", "Zip"),
        ("province", "Province"),
    ]

    /// Countries whose addresses have no postal code (K7 does not ask for a zip there).
    static let countriesWithoutZip: Set<String> = ["AE", "AG", "AO", "BS", "HK", "QA"]

    /// K5, K6.
    static func email(_ email: String, field: [String], _ errors: inout UserErrorList) {
        let parts = email.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty, !email.contains(where: \.isWhitespace) else {
            errors.add("INVALID", field, "Email is invalid")
            return
        }
        let domain = parts[1].lowercased()
        let reserved = [".invalid", ".test", ".example"].contains { domain.hasSuffix($0) }
        if !domain.contains(".") || domain.hasSuffix(".") || domain.hasPrefix(".") || reserved {
            errors.add("BAD_DOMAIN", field, "Email contains an invalid domain name")
        }
    }

    /// Reads a `MailingAddressInput` into stored values (`country` as its ISO code when known).
    static func addressValues(_ input: Map) -> [String: String] {
        var values: [String: String] = [:]
        for field in AddressRecord.fieldNames {
            guard let text = input.field(field).asString?.trimmingCharacters(in: .whitespaces), !text.isEmpty else {
                continue
            }
            values[field] = text
        }
        if let country = values["country"], let code = Countries.code(for: country) { values["country"] = code }
        if let country = values["country"], let province = values["province"],
            let code = Countries.provinceCode(province, country: country)
        {
            values["province"] = code
        }
        return values
    }

    /// K7–K11 over stored address values; `prefix` is the address's field path.
    static func address(
        _ values: [String: String], partial: Bool, shipsTo: [String], prefix: [String],
        _ errors: inout UserErrorList
    ) {
        let country = values["country"]
        for (field, label) in addressLabels {
            if values[field] != nil { continue }
            if partial && field != "country" { continue }
            if field == "zip", let country, countriesWithoutZip.contains(country) { continue }
            if field == "province", !(country.map(Countries.requiresProvince) ?? false) { continue }
            errors.add("BLANK", prefix + [field], "\(label) can't be blank")
        }
        guard let country else { return }
        guard Countries.code(for: country) == country, shipsTo.contains(country) else {
            errors.add("NOT_SUPPORTED", prefix + ["country"], "Shipping to this country is not supported")
            return
        }
        if let zip = values["zip"], !Countries.zipIsValid(zip, country: country) {
            errors.add("INVALID_FOR_COUNTRY", prefix + ["zip"], "Zip is not valid for \(Countries.name(for: country))")
        }
        if let province = values["province"], Countries.requiresProvince(country),
            Countries.provinceCode(province, country: country) == nil
        {
            if country == "CA" {
                errors.add("INVALID_PROVINCE_IN_COUNTRY", prefix + ["province"], "Province is not valid for Canada")
            } else {
                errors.add("INVALID_STATE_IN_COUNTRY", prefix + ["province"], "State is not valid for United States")
            }
        }
    }

    /// K19.
    static func attributes(_ inputs: [Map], prefix: [String], _ errors: inout UserErrorList) -> [CheckoutRecord
        .Attribute]
    {
        var attributes: [CheckoutRecord.Attribute] = []
        for (i, input) in inputs.enumerated() {
            let key = input.field("key").asString ?? ""
            if key.trimmingCharacters(in: .whitespaces).isEmpty {
                errors.add("BLANK", prefix + [String(i), "key"], "Key can't be blank")
                continue
            }
            attributes.append(.init(key: key, value: input.field("value").asString ?? ""))
        }
        return attributes
    }

    /// K2–K4 over `CheckoutLineItemInput`s: adds the valid lines to `checkout` (or replaces them all).
    /// Stock counts every line of the same variant, the checkout's existing lines included.
    static func applyLines(
        _ inputs: [Map], prefix: [String], replace: Bool, to checkout: inout CheckoutRecord,
        _ c: StorefrontRequestContext, _ errors: inout UserErrorList
    ) throws {
        let catalog = try c.catalog()
        var updated = checkout
        if replace { updated.lines = [] }
        for (i, input) in inputs.enumerated() {
            let path = prefix + [String(i)]
            let variant = GlobalID.number(input.field("variantId").asString, type: "ProductVariant").flatMap {
                catalog.variantsByID[$0]
            }
            let quantity = Int64(input.field("quantity").asInt ?? 0)
            let attributes = self.attributes(
                input.field("customAttributes").asList ?? [], prefix: path + ["customAttributes"], &errors)
            guard let variant, let product = catalog.productsByID[variant.productID] else {
                errors.add("INVALID", path + ["variantId"], "Variant does not exist")
                continue
            }
            guard quantity >= 1 else {
                errors.add(
                    "GREATER_THAN_OR_EQUAL_TO", path + ["quantity"], "Quantity must be greater than or equal to 1")
                continue
            }
            updated.addLine(
                variantID: variant.id, quantity: quantity, title: product.title, unitPriceCents: variant.priceCents,
                requiresShipping: product.requiresShipping, attributes: attributes)
            let wanted = updated.lines.filter { $0.variantID == variant.id }.reduce(0) { $0 + $1.quantity }
            if let inventory = variant.inventory, wanted > inventory {
                errors.add("NOT_ENOUGH_IN_STOCK", path + ["quantity"], "Only \(inventory) items are available")
            }
        }
        if errors.isEmpty { checkout = updated }
    }
}
