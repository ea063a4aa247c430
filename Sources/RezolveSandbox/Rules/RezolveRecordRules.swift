import CommerceCore
import Foundation

/// Body checks of the phone book and address book (spec §4.1), in the order the live API reports them:
/// missing properties, then wrong types, then lengths and patterns.
enum RezolveRecordRules {
    struct PhoneInput: Sendable {
        let name: String
        let phone: String
    }

    /// `isUpdate` changes the length failures' code from 3 to 6, as observed on the live API.
    static func phone(_ body: JSONObject, isUpdate: Bool) throws(RezolveFailure) -> PhoneInput {
        let missing = body.missing(["name", "phone"])
        guard missing.isEmpty else { throw RezolveFailure.validation(3, [RezolveMessage.required(missing)]) }
        let mismatches = RezolveFieldRules.stringMismatches(body, ["name", "phone"])
        guard mismatches.isEmpty else { throw RezolveFailure.validation(5, mismatches) }
        let name = body["name"]?.stringValue ?? ""
        let phone = body["phone"]?.stringValue ?? ""
        var lengths: [String] = []
        if name.isEmpty { lengths.append(RezolveMessage.minimumLength(1, actual: 0, at: "#/name")) }
        if phone.count < 4 { lengths.append(RezolveMessage.minimumLength(4, actual: phone.count, at: "#/phone")) }
        guard lengths.isEmpty else { throw RezolveFailure.validation(isUpdate ? 6 : 3, lengths) }
        guard RezolveFieldRules.isPhoneNumber(phone) else {
            throw RezolveFailure.validation(5, ["Value does not match pattern. - #/phone"])
        }
        return PhoneInput(name: name, phone: phone)
    }

    struct AddressInput: Sendable {
        var shortName, fullName, line1, line2, city, state, zip, country, countryAlpha2: String
        var phoneId: String?
    }

    static func address(_ body: JSONObject) throws(RezolveFailure) -> AddressInput {
        let missing = body.missing(["short_name", "line_1", "city", "zip", "country"])
        guard missing.isEmpty else { throw RezolveFailure.validation(3, [RezolveMessage.required(missing)]) }
        var mismatches = RezolveFieldRules.stringMismatches(body, ["short_name", "line_1", "city", "zip", "country"])
        mismatches += RezolveFieldRules.stringMismatches(
            body, ["full_name", "line_2", "state", "country_alpha2", "phone_id"],
            allowNull: true)
        guard mismatches.isEmpty else { throw RezolveFailure.validation(5, mismatches.sorted(by: byPointer)) }
        let text = { (name: String) in RezolveFieldRules.string(body, name) }
        let phoneId = body["phone_id"]?.stringValue.flatMap { $0.isEmpty ? nil : $0 }
        return AddressInput(
            shortName: text("short_name"), fullName: text("full_name"), line1: text("line_1"),
            line2: text("line_2"), city: text("city"), state: text("state"), zip: text("zip"),
            country: text("country"), countryAlpha2: text("country_alpha2"), phoneId: phoneId)
    }

    /// Orders validation items by their JSON pointer (the text after ` - `).
    static func byPointer(_ lhs: String, _ rhs: String) -> Bool {
        (lhs.components(separatedBy: " - ").last ?? lhs) < (rhs.components(separatedBy: " - ").last ?? rhs)
    }
}
