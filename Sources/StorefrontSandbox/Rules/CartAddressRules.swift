import Foundation
import GraphQL

/// Reading a 2026-04 `CartDeliveryAddressInput` into `MailingAddress` field names (spec §5.11), one
/// `CartUserError` per bad field. Addresses may be partial (a country alone already prices delivery).
enum CartAddressRules {
    /// Input name → stored name; `countryCode` and `provinceCode` keep their codes under the checkout names.
    static let fieldNames: [(input: String, stored: String)] = [
        ("address1", "address1"), ("address2", "address2"), ("city", "city"), ("company", "company"),
        ("countryCode", "country"), ("firstName", "firstName"), ("lastName", "lastName"), ("phone", "phone"),
        ("provinceCode", "province"), ("zip", "zip"),
    ]

    static let maximumLength = 255
    /// More than this many selectable addresses on one cart is refused.
    static let maximumAddresses = 20

    /// The fields of a `CartDeliveryAddressInput` at `path`, or `nil` after adding errors.
    static func fields(_ input: Map, path: [String], _ errors: inout UserErrorList) -> [String: String]? {
        var fields: [String: String] = [:]
        var valid = true
        for name in fieldNames {
            guard let raw = input.field(name.input).asString else { continue }
            let value = raw.trimmingCharacters(in: .whitespaces)
            if value.isEmpty { continue }
            if value.count > maximumLength {
                errors.add(
                    "ADDRESS_FIELD_IS_TOO_LONG", path + [name.input],
                    "\(name.input) is too long (maximum is \(maximumLength) characters)")
                valid = false
            } else if value.range(of: "<[^>]*>", options: .regularExpression) != nil {
                errors.add("ADDRESS_FIELD_CONTAINS_HTML_TAGS", path + [name.input], "\(name.input) contains HTML tags")
                valid = false
            }
            fields[name.stored] = value
        }
        if let country = fields["country"], let zip = fields["zip"], !Countries.zipIsValid(zip, country: country) {
            errors.add(
                "INVALID_ZIP_CODE_FOR_COUNTRY", path + ["zip"], "Zip \(zip) is not valid for country \(country)")
            valid = false
        }
        return valid ? fields : nil
    }

    /// A `MailingAddressInput` (billing address): its fields as given, blank ones left out.
    static func mailingFields(_ input: Map) -> [String: String] {
        var fields: [String: String] = [:]
        for name in AddressRecord.fieldNames {
            if let value = input.field(name).asString?.trimmingCharacters(in: .whitespaces), !value.isEmpty {
                fields[name] = name == "country" ? Countries.code(for: value) ?? value : value
            }
        }
        return fields
    }
}
