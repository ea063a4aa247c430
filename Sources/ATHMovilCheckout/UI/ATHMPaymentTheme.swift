import Foundation

#if canImport(UIKit)
import UIKit
#endif

/// The look of the "Pay with ATH Móvil" button. On iOS the artwork is looked up by `imageName` in the
/// app's asset catalogue.
/// The values are portable data; UIKit colours and images
/// are derived from them on iOS.
public protocol ATHMPaymentTheme: Sendable {
    /// The button's background colour.
    var backgroundColor: ATHMColor { get }
    /// The colour of the title artwork.
    var tintRGBA: ATHMColor { get }
    /// The asset name of the title artwork in the theme's language, e.g. `white_checkout_button_es`.
    var imageName: String { get }
    /// The title as text, for accessibility and renderers without the artwork.
    var title: String { get }
    #if canImport(UIKit)
    /// ``backgroundColor`` as a UIKit colour.
    var background: UIColor { get }
    /// ``tintRGBA`` as a UIKit colour.
    var tintColor: UIColor { get }
    /// The artwork named ``imageName`` from the app's asset catalogue, or nil when the app ships none.
    var image: UIImage? { get }
    #endif
}

#if canImport(UIKit)
extension ATHMPaymentTheme {
    /// ``backgroundColor`` as a UIKit colour.
    public var background: UIColor { UIColor(backgroundColor) }
    /// ``tintRGBA`` as a UIKit colour.
    public var tintColor: UIColor { UIColor(tintRGBA) }
    /// The artwork named ``imageName`` from the app's asset catalogue, or nil when the app ships none.
    public var image: UIImage? { UIImage(named: imageName) }
}

extension UIColor {
    convenience init(_ color: ATHMColor) {
        self.init(red: color.red, green: color.green, blue: color.blue, alpha: color.alpha)
    }
}
#endif

/// The default theme: orange background, white title.
public struct ATHMThemeClassic: ATHMPaymentTheme {
    /// The language of the artwork and title.
    public let language: ATHMButtonLanguage
    /// The theme in the language of the device's current locale.
    public init() { self.init(locale: .current) }
    /// The theme in the language of `locale` (Spanish for Spanish locales, otherwise English).
    public init(locale: Locale) { language = ATHMButtonLanguage(locale: locale) }
    /// Orange.
    public var backgroundColor: ATHMColor { .orange }
    /// White.
    public var tintRGBA: ATHMColor { .white }
    /// The white artwork, `white_checkout_button_en` or `_es`.
    public var imageName: String { "white_checkout_button_\(language.rawValue)" }
    /// "Pay with ATH Móvil" in the theme's language.
    public var title: String { language.title }
}

/// White background, black title.
public struct ATHMThemeLight: ATHMPaymentTheme {
    /// The language of the artwork and title.
    public let language: ATHMButtonLanguage
    /// The theme in the language of the device's current locale.
    public init() { self.init(locale: .current) }
    /// The theme in the language of `locale` (Spanish for Spanish locales, otherwise English).
    public init(locale: Locale) { language = ATHMButtonLanguage(locale: locale) }
    /// White.
    public var backgroundColor: ATHMColor { .white }
    /// Black.
    public var tintRGBA: ATHMColor { .black }
    /// The black artwork, `black_checkout_button_en` or `_es`.
    public var imageName: String { "black_checkout_button_\(language.rawValue)" }
    /// "Pay with ATH Móvil" in the theme's language.
    public var title: String { language.title }
}

/// Dark grey background, white title.
public struct ATHMThemeNight: ATHMPaymentTheme {
    /// The language of the artwork and title.
    public let language: ATHMButtonLanguage
    /// The theme in the language of the device's current locale.
    public init() { self.init(locale: .current) }
    /// The theme in the language of `locale` (Spanish for Spanish locales, otherwise English).
    public init(locale: Locale) { language = ATHMButtonLanguage(locale: locale) }
    /// Dark grey.
    public var backgroundColor: ATHMColor { .darkGray }
    /// White.
    public var tintRGBA: ATHMColor { .white }
    /// The white artwork, `white_checkout_button_en` or `_es`.
    public var imageName: String { "white_checkout_button_\(language.rawValue)" }
    /// "Pay with ATH Móvil" in the theme's language.
    public var title: String { language.title }
}

/// Shape and shadow shared by every theme.
public enum ATHMButtonStyle {
    /// The corner radius in points.
    public static let cornerRadius: Double = 4
    /// Black at 25 % opacity.
    public static let shadowColor = ATHMColor(red: 0, green: 0, blue: 0, alpha: 0.25)
    /// The shadow falls 2 points below the button.
    public static let shadowOffset = (width: 0.0, height: 2.0)
    /// The shadow's blur radius in points.
    public static let shadowRadius: Double = 2
    /// The layer's shadow opacity; the colour's own alpha does the dimming.
    public static let shadowOpacity: Double = 1
    /// Top and bottom inset of the title artwork.
    public static let verticalImageInset: Double = 8
    /// Left and right inset of the title artwork, as a share of the button's width.
    public static let horizontalImageInsetRatio: Double = 0.25
}
