import Foundation

/// Test-card rules of spec §5.13 and §4.5 P13–P19: brand detection, the Luhn check, the bogus gateway
/// numbers `1`, `2`, `3`, and the reasons a vaulted card fails when its payment is processed.
enum CardRules {
    static let bogusNumbers: Set<String> = ["1", "2", "3"]

    static func brand(_ number: String) -> String {
        func prefix(_ count: Int) -> Int? { number.count >= count ? Int(number.prefix(count)) : nil }
        if bogusNumbers.contains(number) { return "Bogus" }
        if number.hasPrefix("4") { return "Visa" }
        if let two = prefix(2), (51...55).contains(two) { return "Mastercard" }
        if let four = prefix(4), (2221...2720).contains(four) { return "Mastercard" }
        if number.hasPrefix("34") || number.hasPrefix("37") { return "American Express" }
        if number.hasPrefix("6011") || number.hasPrefix("65") { return "Discover" }
        if let three = prefix(3), (300...305).contains(three) { return "Diners Club" }
        if number.hasPrefix("36") { return "Diners Club" }
        if let four = prefix(4), (3528...3589).contains(four) { return "JCB" }
        return "Unknown"
    }

    /// Digits only and a valid Luhn checksum; the bogus numbers pass.
    static func numberIsValid(_ number: String) -> Bool {
        if bogusNumbers.contains(number) { return true }
        guard number.count >= 12, number.allSatisfy({ $0.isASCII && $0.isNumber }) else { return false }
        var sum = 0
        for (index, character) in number.reversed().enumerated() {
            guard var digit = character.wholeNumberValue else { return false }
            if index % 2 == 1 {
                digit *= 2
                if digit > 9 { digit -= 9 }
            }
            sum += digit
        }
        return sum % 10 == 0
    }

    static func outcome(_ number: String) -> VaultSession.Outcome {
        switch number {
        case "2", "4000000000000002": .decline
        case "3", "4000000000000119": .error
        default: .approve
        }
    }

    /// The brands `paymentSettings.acceptedCardBrands` names, as detected brands.
    static let acceptedBrands: Set<String> = ["Visa", "Mastercard", "American Express", "Bogus"]

    /// P13–P17 for a vaulted card at `now`: the first failing rule's message, or `nil`.
    static func problem(_ session: VaultSession, now: Date) -> String? {
        if !session.numberValid { return "Card number is invalid" }
        guard let month = Int(session.month), (1...12).contains(month) else { return "Expiry month is invalid" }
        guard var year = Int(session.year) else { return "Card is expired" }
        if session.year.count <= 2 { year += 2000 }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? .current
        let current = calendar.dateComponents([.year, .month], from: now)
        if year * 12 + month < (current.year ?? 0) * 12 + (current.month ?? 0) { return "Card is expired" }
        if session.firstName.isEmpty || session.lastName.isEmpty { return "Card holder name is missing" }
        if !acceptedBrands.contains(session.brand) { return "Card brand is not accepted" }
        return nil
    }
}
