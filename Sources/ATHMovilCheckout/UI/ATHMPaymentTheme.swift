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
    var background: UIColor { get }
    var tintColor: UIColor { get }
    var image: UIImage? { get }
    #endif
}

#if canImport(UIKit)
extension ATHMPaymentTheme {
    public var background: UIColor { UIColor(backgroundColor) }
    public var tintColor: UIColor { UIColor(tintRGBA) }
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
    public let language: ATHMButtonLanguage
    public init() { self.init(locale: .current) }
    public init(locale: Locale) { language = ATHMButtonLanguage(locale: locale) }
    public var backgroundColor: ATHMColor { .orange }
    public var tintRGBA: ATHMColor { .white }
    public var imageName: String { "white_checkout_button_\(language.rawValue)" }
    public var title: String { language.title }
}

/// White background, black title.
public struct ATHMThemeLight: ATHMPaymentTheme {
    public let language: ATHMButtonLanguage
    public init() { self.init(locale: .current) }
    public init(locale: Locale) { language = ATHMButtonLanguage(locale: locale) }
    public var backgroundColor: ATHMColor { .white }
    public var tintRGBA: ATHMColor { .black }
    public var imageName: String { "black_checkout_button_\(language.rawValue)" }
    public var title: String { language.title }
}

/// Dark grey background, white title.
public struct ATHMThemeNight: ATHMPaymentTheme {
    public let language: ATHMButtonLanguage
    public init() { self.init(locale: .current) }
    public init(locale: Locale) { language = ATHMButtonLanguage(locale: locale) }
    public var backgroundColor: ATHMColor { .darkGray }
    public var tintRGBA: ATHMColor { .white }
    public var imageName: String { "white_checkout_button_\(language.rawValue)" }
    public var title: String { language.title }
}

/// Shape and shadow shared by every theme.
public enum ATHMButtonStyle {
    public static let cornerRadius: Double = 4
    public static let shadowColor = ATHMColor(red: 0, green: 0, blue: 0, alpha: 0.25)
    public static let shadowOffset = (width: 0.0, height: 2.0)
    public static let shadowRadius: Double = 2
    public static let shadowOpacity: Double = 1
    /// Top and bottom inset of the title artwork.
    public static let verticalImageInset: Double = 8
    /// Left and right inset of the title artwork, as a share of the button's width.
    public static let horizontalImageInsetRatio: Double = 0.25
}
