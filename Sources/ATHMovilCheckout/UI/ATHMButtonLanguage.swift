import Foundation

/// The language of the button artwork and title: Spanish for Spanish locales, English for everything else.
public enum ATHMButtonLanguage: String, Sendable, CaseIterable {
    /// English artwork and title (`_en` assets).
    case english = "en"
    /// Spanish artwork and title (`_es` assets).
    case spanish = "es"

    /// Picks the language from a locale's language code, ignoring letter case.
    public init(locale: Locale) {
        self.init(languageCode: locale.language.languageCode?.identifier ?? Self.leadingCode(locale.identifier))
    }

    /// Picks the language from a code such as `es` or `EN`; anything unknown or empty is English.
    public init(languageCode: String) {
        self = languageCode.lowercased() == "es" ? .spanish : .english
    }

    /// The button's title text in this language.
    public var title: String {
        switch self {
        case .english: "Pay with ATH Móvil"
        case .spanish: "Pagar con ATH Móvil"
        }
    }

    private static func leadingCode(_ identifier: String) -> String {
        String(identifier.prefix { $0 != "_" && $0 != "-" })
    }
}
