import Foundation

/// The merchant's ATH Móvil Business account, identified by its public token.
///
/// Use the token `"dummy"` for simulated payments that need no customer credentials.
public final class ATHMBusinessAccount: NSObject, ExpressibleByStringLiteral, Sendable {
    /// The public token, trimmed of surrounding whitespace and newlines.
    public let token: String

    /// Creates an account from its public token.
    public init(token: String) {
        self.token = token.trimmingCharacters(in: .whitespacesAndNewlines)
        super.init()
    }

    /// Reads the public token from the `publicToken` key; a missing or non-text value gives an empty token,
    /// which `pay` later reports as an exception.
    public convenience init(dictionary: NSDictionary) {
        self.init(token: DictionaryReader(dictionary).string("publicToken"))
    }

    /// Lets a string literal stand for the account: `let account: ATHMBusinessAccount = "dummy"`.
    public convenience init(stringLiteral value: String) {
        self.init(token: value)
    }

    /// Whether this is the simulated-payment token (`dummy`, any letter case).
    public var isSimulatedToken: Bool {
        token.caseInsensitiveCompare("dummy") == .orderedSame
    }
}
