import CommerceCore
import Foundation
import SandboxCore

/// A card vaulted at `POST /sessions` (spec §5.13). Only what completion decides on is kept: brand, last
/// four digits, whether the number passed the Luhn check, the outcome class of the test cards, expiry and
/// names. The number and the CVV themselves are never stored (``StorefrontPaymentStore`` keeps the rest).
struct VaultSession: Sendable {
    enum Outcome: String { case approve, decline, error }

    let token: String
    let brand: String
    let lastDigits: String
    let numberValid: Bool
    let outcome: Outcome
    let firstName: String
    let lastName: String
    let month: String
    let year: String
    let hasCVV: Bool
    let createdAt: Date
    var usedAt: Date?

    /// Sessions live 24 hours (P8).
    static let lifetime: TimeInterval = 24 * 60 * 60

    init(
        token: String, brand: String, lastDigits: String, numberValid: Bool, outcome: Outcome, firstName: String,
        lastName: String, month: String, year: String, hasCVV: Bool, createdAt: Date, usedAt: Date?
    ) {
        self.token = token
        self.brand = brand
        self.lastDigits = lastDigits
        self.numberValid = numberValid
        self.outcome = outcome
        self.firstName = firstName
        self.lastName = lastName
        self.month = month
        self.year = year
        self.hasCVV = hasCVV
        self.createdAt = createdAt
        self.usedAt = usedAt
    }

    /// Reads a `{"credit_card":{…}}` body; missing or odd fields become an invalid card, decided at completion.
    init(body: JSONObject, now: Date) {
        let card = body["credit_card"]?.objectValue ?? [:]
        func text(_ key: String) -> String {
            switch card[key] {
            case .string(let value)?: value
            case .integer(let value)?: String(value)
            default: ""
            }
        }
        let number = text("number").filter { $0 != " " && $0 != "-" }
        token = "sbx-" + RandomToken.hex(32)
        brand = CardRules.brand(number)
        lastDigits = String(number.suffix(4))
        numberValid = CardRules.numberIsValid(number)
        outcome = CardRules.outcome(number)
        // `Card.Client` sends first and middle names joined; the first name ends at the first space.
        firstName = String(text("first_name").trimmingCharacters(in: .whitespaces).split(separator: " ").first ?? "")
        lastName = text("last_name").trimmingCharacters(in: .whitespaces)
        month = text("month")
        year = text("year")
        hasCVV = !text("verification_value").isEmpty
        createdAt = now
    }
}
