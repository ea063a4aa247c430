import CommerceCore
import Foundation
import GRDB
import SandboxCore

/// A card vaulted at `POST /sessions` (spec §5.13). Only what completion decides on is kept: brand, last
/// four digits, whether the number passed the Luhn check, the outcome class of the test cards, expiry and
/// names. The number and the CVV themselves are never stored.
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

    init(row: Row) {
        token = row["token"]
        brand = row["brand"]
        lastDigits = row["last_digits"]
        numberValid = row["number_valid"]
        outcome = Outcome(rawValue: row["outcome"]) ?? .approve
        firstName = row["first_name"]
        lastName = row["last_name"]
        month = row["month"]
        year = row["year"]
        hasCVV = row["has_cvv"]
        createdAt = Date(timeIntervalSince1970: row["created_at"])
        usedAt = (row["used_at"] as Double?).map(Date.init(timeIntervalSince1970:))
    }

    func insert(_ db: Database) throws {
        try db.execute(
            sql: """
                INSERT INTO storefront_vault_sessions (token, brand, last_digits, number_valid, outcome, first_name, last_name,
                    month, year, has_cvv, created_at) VALUES (?,?,?,?,?,?,?,?,?,?,?)
                """,
            arguments: [
                token, brand, lastDigits, numberValid, outcome.rawValue, firstName, lastName, month, year, hasCVV,
                createdAt.timeIntervalSince1970,
            ])
    }

    /// A session completion may use (P8): known, younger than 24 hours, not used by a successful payment.
    static func usable(_ db: Database, token: String, now: Date) throws -> VaultSession? {
        guard
            let row = try Row.fetchOne(
                db, sql: "SELECT * FROM storefront_vault_sessions WHERE token = ?", arguments: [token])
        else {
            return nil
        }
        let session = VaultSession(row: row)
        guard session.usedAt == nil, now.timeIntervalSince(session.createdAt) < lifetime else { return nil }
        return session
    }

    static func find(_ db: Database, token: String) throws -> VaultSession? {
        try Row.fetchOne(db, sql: "SELECT * FROM storefront_vault_sessions WHERE token = ?", arguments: [token]).map(
            VaultSession.init(row:))
    }

    static func markUsed(_ db: Database, token: String, now: Date) throws {
        try db.execute(
            sql: "UPDATE storefront_vault_sessions SET used_at = ? WHERE token = ?",
            arguments: [now.timeIntervalSince1970, token])
    }
}
