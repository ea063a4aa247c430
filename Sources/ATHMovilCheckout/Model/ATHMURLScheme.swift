import Foundation

/// The URL scheme the ATH Móvil app uses to hand the payment result back to the merchant app.
public final class ATHMURLScheme: NSObject, ExpressibleByStringLiteral, Sendable {
    /// The scheme, trimmed of surrounding whitespace and newlines.
    public let urlScheme: String

    /// Creates the scheme value.
    public init(urlScheme: String) {
        self.urlScheme = urlScheme.trimmingCharacters(in: .whitespacesAndNewlines)
        super.init()
    }

    /// Reads the scheme from the `scheme` key; anything but text gives an empty scheme.
    public convenience init(dictionary: NSDictionary) {
        self.init(urlScheme: DictionaryReader(dictionary).string("scheme"))
    }

    /// Lets a string literal stand for the scheme.
    public convenience init(stringLiteral value: String) {
        self.init(urlScheme: value)
    }
}
