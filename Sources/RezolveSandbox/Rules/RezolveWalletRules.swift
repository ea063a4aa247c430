import CommerceCore
import Foundation

/// Wallet body checks (spec §4.1): missing properties, wrong types, `MMYY` patterns, then the encrypted
/// PAN (decryptable, a valid card number, matching `pan4`/`pan6`). The plain PAN never leaves this type.
enum RezolveWalletRules {
    static let createRequired = [
        "short_name", "pan", "pan6", "pan4", "brand", "type", "name_on_card", "expires_on",
        "address_id", "valid_from",
    ]
    static let updateRequired = ["short_name", "name_on_card", "address_id"]

    struct CardInput: Sendable {
        var fields: [String: String]
        /// Set when the body carried a `pan`: (first six, last four, classification).
        var pan: (pan6: String, pan4: String, panClass: String)?
    }

    static func card(_ body: JSONObject, isUpdate: Bool, privateKeyPEM: String) throws(RezolveFailure) -> CardInput {
        let required = isUpdate ? updateRequired : createRequired
        let missing = body.missing(required)
        guard missing.isEmpty else { throw RezolveFailure.validation(3, [RezolveMessage.required(missing)]) }
        let mismatches = RezolveFieldRules.stringMismatches(body, createRequired)
        guard mismatches.isEmpty else { throw RezolveFailure.validation(3, mismatches) }
        var fields: [String: String] = [:]
        for name in createRequired where name != "pan" {
            if let value = body[name]?.stringValue { fields[name] = value }
        }
        let patterns = ["expires_on", "valid_from"].compactMap { name -> String? in
            guard let value = fields[name], !RezolveFieldRules.isMMYY(value) else { return nil }
            return "Value does not match pattern MMYY. - #/\(name)"
        }
        guard patterns.isEmpty else { throw RezolveFailure.validation(5, patterns) }
        guard let encrypted = body["pan"]?.stringValue else { return CardInput(fields: fields, pan: nil) }
        guard let pan = RezolveCardRules.decrypt(encrypted, privateKeyPEM: privateKeyPEM) else {
            throw RezolveFailure.validation(5, ["Unable to decrypt value. - #/pan"])
        }
        guard RezolveCardRules.isValidPAN(pan) else {
            throw RezolveFailure.validation(5, ["Invalid card number. - #/pan"])
        }
        let pan4 = String(pan.suffix(4))
        let pan6 = String(pan.prefix(6))
        var mismatch: [String] = []
        if fields["pan4"] != pan4 { mismatch.append("Does not match the card number. - #/pan4") }
        if fields["pan6"] != pan6 { mismatch.append("Does not match the card number. - #/pan6") }
        guard mismatch.isEmpty else { throw RezolveFailure.validation(5, mismatch) }
        return CardInput(fields: fields, pan: (pan6, pan4, RezolveCardRules.classify(pan)))
    }
}
