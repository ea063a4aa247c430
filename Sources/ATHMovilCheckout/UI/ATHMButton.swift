#if canImport(UIKit)
import UIKit

/// The "Pay with ATH Móvil" button: a `UIButton` drawn in one of the payment themes (Classic by default).
open class ATHMButton: UIButton {
    /// The theme; setting it (as often as needed) redraws the button.
    public var theme: any ATHMPaymentTheme = ATHMThemeClassic() {
        didSet { apply(theme) }
    }

    public override init(frame: CGRect) {
        super.init(frame: frame)
        apply(theme)
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    open override func awakeFromNib() {
        super.awakeFromNib()
        theme = ATHMThemeClassic()
    }
}

extension UIButton {
    /// Restyles this button with the Classic theme.
    public func toggleATHMClassic() { apply(ATHMThemeClassic()) }
    /// Restyles this button with the Light theme.
    public func toggleATHMLight() { apply(ATHMThemeLight()) }
    /// Restyles this button with the Night theme.
    public func toggleATHMNight() { apply(ATHMThemeNight()) }

    func apply(_ theme: any ATHMPaymentTheme) {
        backgroundColor = theme.background
        tintColor = theme.tintColor
        setTitle(nil, for: .normal)
        setImage(theme.image, for: .normal)
        accessibilityLabel = theme.title
        imageView?.contentMode = .scaleAspectFit
        let horizontal = bounds.width * ATHMButtonStyle.horizontalImageInsetRatio
        imageEdgeInsets = UIEdgeInsets(top: ATHMButtonStyle.verticalImageInset, left: horizontal,
                                       bottom: ATHMButtonStyle.verticalImageInset, right: horizontal)
        layer.cornerRadius = ATHMButtonStyle.cornerRadius
        layer.shadowColor = UIColor(ATHMButtonStyle.shadowColor).cgColor
        layer.shadowOffset = CGSize(width: ATHMButtonStyle.shadowOffset.width, height: ATHMButtonStyle.shadowOffset.height)
        layer.shadowRadius = ATHMButtonStyle.shadowRadius
        layer.shadowOpacity = Float(ATHMButtonStyle.shadowOpacity)
    }
}
#endif
