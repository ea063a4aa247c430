import Foundation
import GraphQL

/// The U1–U9 and U18–U21 checks of customer inputs (spec §4.7), shared by create, update and reset.
enum CustomerRules {
    static func checkEmail(
        _ email: String?, prefix: [String], shopID: Int64, exceptCustomer: Int64?,
        _ context: StorefrontRequestContext, _ errors: inout UserErrorList
    ) throws {
        guard let email, !email.trimmingCharacters(in: .whitespaces).isEmpty else {
            errors.add("BLANK", prefix + ["email"], "Email can't be blank")
            return
        }
        guard InputRules.emailIsValid(email) else {
            errors.add("INVALID", prefix + ["email"], "Email is invalid")
            return
        }
        if let existing = try StorefrontCustomerStore.customer(context.db, email: email, shopID: shopID),
            existing.id != exceptCustomer
        {
            errors.add("TAKEN", prefix + ["email"], "Email has already been taken")
        }
    }

    /// U4–U6.
    static func checkPassword(_ password: String, field: [String], _ errors: inout UserErrorList) {
        if password.count < 5 {
            errors.add("TOO_SHORT", field, "Password is too short (minimum is 5 characters)")
        } else if password.count > 40 {
            errors.add("TOO_LONG", field, "Password is too long (maximum is 40 characters)")
        }
        if let first = password.first, let last = password.last, first.isWhitespace || last.isWhitespace {
            errors.add("PASSWORD_STARTS_OR_ENDS_WITH_WHITESPACE", field, "Password cannot start or end with whitespace")
        }
    }

    /// U7–U8.
    static func checkPhone(
        _ phone: String, prefix: [String], shopID: Int64, exceptCustomer: Int64?,
        _ context: StorefrontRequestContext, _ errors: inout UserErrorList
    ) throws {
        guard InputRules.phoneIsValid(phone) else {
            errors.add("INVALID", prefix + ["phone"], "Phone is invalid")
            return
        }
        if try StorefrontCustomerStore.phoneTaken(context.db, phone, shopID: shopID, exceptCustomer: exceptCustomer) {
            errors.add("TAKEN", prefix + ["phone"], "Phone has already been taken")
        }
    }

    /// U9 for `firstName` / `lastName`.
    static func checkName(_ name: String, field: String, label: String, prefix: [String], _ errors: inout UserErrorList)
    {
        let lowered = name.lowercased()
        if lowered.contains("http://") || lowered.contains("https://") || lowered.contains("www.") {
            errors.add("CONTAINS_URL", prefix + [field], "\(label) cannot contain a URL")
        } else if name.range(of: "<[^>]+>", options: .regularExpression) != nil {
            errors.add("CONTAINS_HTML_TAGS", prefix + [field], "\(label) cannot contain HTML tags")
        } else if name.count > 255 {
            errors.add("TOO_LONG", prefix + [field], "\(label) is too long (maximum is 255 characters)")
        }
    }

    /// U18–U21 over a whole address (values by input field name, `country` as given).
    /// Returns the values with `country` normalised to its ISO code.
    static func checkAddress(_ values: [String: String], _ errors: inout UserErrorList) -> [String: String] {
        var normalised = values
        if values.values.allSatisfy({ $0.trimmingCharacters(in: .whitespaces).isEmpty }) {
            errors.add("BLANK", ["address"], "Address can't be blank")
            return normalised
        }
        var country: String?
        if let given = values["country"], !given.trimmingCharacters(in: .whitespaces).isEmpty {
            country = Countries.code(for: given)
            if country == nil { errors.add("INVALID", ["address", "country"], "Country is not supported") }
            normalised["country"] = country ?? given
        }
        if let country {
            let name = Countries.name(for: country)
            if let zip = values["zip"], !zip.isEmpty, !Countries.zipIsValid(zip, country: country) {
                errors.add("INVALID", ["address", "zip"], "Zip is not valid for \(name)")
            }
            if let province = values["province"], !province.isEmpty, Countries.requiresProvince(country),
                Countries.provinceCode(province, country: country) == nil
            {
                errors.add("INVALID", ["address", "province"], "Province is not valid for \(name)")
            }
        }
        if let phone = values["phone"], !phone.isEmpty, !InputRules.phoneIsValid(phone) {
            errors.add("INVALID", ["address", "phone"], "Phone is invalid")
        }
        return normalised
    }

    /// The customer payload shape: coded errors plus the mirrored `userErrors`.
    static func payload(_ type: String, _ errors: UserErrorList, _ fields: [String: (any Sendable)?]) -> GraphObject {
        var all = fields
        all["customerUserErrors"] = errors.coded
        all["userErrors"] = errors.mirrored
        return GraphObject(type, all)
    }
}
