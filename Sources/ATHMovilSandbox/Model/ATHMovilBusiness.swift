import CommerceCore
import Foundation

/// A test ATH Móvil Business account.
struct ATHMovilBusiness: Sendable, Equatable {
    var number: String
    var name: String
    var path: String
    var industry: String
    var publicToken: String
    var privateToken: String
    var isActive: Bool
    var isNonProfit: Bool
    var feeRate: Double
    var feeMinimumCents: Int64
    var isDummy: Bool { publicToken == "dummy" }

    init(
        number: String, name: String, path: String, industry: String, publicToken: String, privateToken: String,
        isActive: Bool = true, isNonProfit: Bool = false, feeRate: Double = ATHMovilFees.defaultRate,
        feeMinimumCents: Int64 = ATHMovilFees.defaultMinimumCents
    ) {
        self.number = number
        self.name = name
        self.path = path
        self.industry = industry
        self.publicToken = publicToken
        self.privateToken = privateToken
        self.isActive = isActive
        self.isNonProfit = isNonProfit
        self.feeRate = feeRate
        self.feeMinimumCents = feeMinimumCents
    }

    /// The listing shown by the control routes and the credentials document (tokens are sandbox-only values).
    var json: JSONValue {
        [
            "businessNumber": .string(number), "name": .string(name), "path": .string(path),
            "industry": .string(industry),
            "publicToken": .string(publicToken), "privateToken": .string(privateToken), "isActive": .bool(isActive),
            "isNonProfit": .bool(isNonProfit), "feeRate": .double(feeRate),
            "feeMinimum": ATHMovilAmount.json(feeMinimumCents),
        ]
    }
}

/// A test ATH Móvil user who can approve payments in the simulated app.
struct ATHMovilCustomer: Sendable, Equatable {
    var name: String
    /// `(xxx) xxx-xxxx`.
    var phoneNumber: String
    var email: String
    var pin: String

    /// The built-in customer of simulated (`dummy`) payments.
    static let simulated = ATHMovilCustomer(
        name: "Valeria Herrero", phoneNumber: "(787) 123-4567",
        email: "email@example.com", pin: "")

    init(name: String, phoneNumber: String, email: String, pin: String) {
        self.name = name
        self.phoneNumber = phoneNumber
        self.email = email
        self.pin = pin
    }

    var json: JSONValue {
        ["name": .string(name), "phoneNumber": .string(phoneNumber), "email": .string(email), "pin": .string(pin)]
    }

    /// Ten digits formatted `(xxx) xxx-xxxx`, or `nil` when the text does not hold exactly ten digits
    /// (an optional leading `1` is dropped).
    static func formattedPhone(_ text: String) -> String? {
        var digits = text.filter { $0.isASCII && $0.isNumber }
        if digits.count == 11, digits.hasPrefix("1") { digits.removeFirst() }
        guard digits.count == 10 else { return nil }
        let chars = Array(digits)
        return "(\(String(chars[0..<3]))) \(String(chars[3..<6]))-\(String(chars[6..<10]))"
    }
}
