import Foundation
import Testing

@testable import ATHMovilCheckout

/// §2.8 and vector 13: themes and the button language as portable data.
@Suite("Themes and button language")
struct ThemeTests {
    @Test(
        "vector 13: language codes",
        arguments: [
            ("es_ES", "es"), ("en_ING", "en"), ("fr_TD", "en"), ("", "en"), ("ES_ESP", "es"),
        ])
    func languages(_ identifier: String, _ expected: String) {
        #expect(ATHMButtonLanguage(locale: Locale(identifier: identifier)).rawValue == expected)
    }

    @Test("titles and images follow the language")
    func titles() {
        let spanish = Locale(identifier: "es_PR")
        let english = Locale(identifier: "en_US")
        #expect(ATHMThemeClassic(locale: english).title == "Pay with ATH Móvil")
        #expect(ATHMThemeClassic(locale: spanish).title == "Pagar con ATH Móvil")
        #expect(ATHMThemeClassic(locale: spanish).imageName == "white_checkout_button_es")
        #expect(ATHMThemeLight(locale: english).imageName == "black_checkout_button_en")
        #expect(ATHMThemeNight(locale: spanish).imageName == "white_checkout_button_es")
    }

    @Test("theme colours")
    func colours() {
        #expect(ATHMThemeClassic().backgroundColor == ATHMColor(red: 1, green: 0.5, blue: 0, alpha: 1))
        #expect(ATHMThemeClassic().tintRGBA == .white)
        #expect(ATHMThemeLight().backgroundColor == .white)
        #expect(ATHMThemeLight().tintRGBA == .black)
        #expect(ATHMThemeNight().backgroundColor == ATHMColor(red: 1.0 / 3, green: 1.0 / 3, blue: 1.0 / 3))
        #expect(ATHMButtonStyle.cornerRadius == 4)
    }
}
