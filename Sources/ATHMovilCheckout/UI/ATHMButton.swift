#if canImport(UIKit)
import UIKit

/// The "Pay with ATH Móvil" button: a `UIButton` drawn in one of the payment themes (Classic by default).
open class ATHMButton: UIButton {
    /// The theme; setting it (as often as needed) redraws the button.
    public var theme: any ATHMPaymentTheme = ATHMThemeClassic() {
        didSet { apply(theme) }
    }

    /// Creates the button in the Classic theme.
    public override init(frame: CGRect) {
        super.init(frame: frame)
        apply(theme)
    }

    /// Creates the button from a storyboard or nib; the theme is applied in ``awakeFromNib()``.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    /// Applies the Classic theme once the button has been loaded from a storyboard or nib.
    open override func awakeFromNib() {
        super.awakeFromNib()
        theme = ATHMThemeClassic()
    }

    /// The artwork's side insets are a share of the width, which Auto Layout often sets only after the theme
    /// was applied (at `init(frame: .zero)` they would stay 0), so they are recomputed on every layout.
    open override func layoutSubviews() {
        applyImageInsets()
        super.layoutSubviews()
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
        if let image = theme.image {
            setTitle(nil, for: .normal)
            setImage(image, for: .normal)
        } else {
            // The artwork lives in the app's asset catalogue (this package ships none); without it the
            // button would be an empty coloured box, so it shows the title as text instead.
            setImage(nil, for: .normal)
            setTitle(theme.title, for: .normal)
            setTitleColor(theme.tintColor, for: .normal)
        }
        accessibilityLabel = theme.title
        imageView?.contentMode = .scaleAspectFit
        applyImageInsets()
        layer.cornerRadius = ATHMButtonStyle.cornerRadius
        layer.shadowColor = UIColor(ATHMButtonStyle.shadowColor).cgColor
        layer.shadowOffset = CGSize(
            width: ATHMButtonStyle.shadowOffset.width, height: ATHMButtonStyle.shadowOffset.height)
        layer.shadowRadius = ATHMButtonStyle.shadowRadius
        layer.shadowOpacity = Float(ATHMButtonStyle.shadowOpacity)
    }

    /// 8 pt top and bottom, a quarter of the current width left and right. Only assigned when they change,
    /// so calling this from `layoutSubviews` cannot request another layout pass.
    func applyImageInsets() {
        let horizontal = bounds.width * ATHMButtonStyle.horizontalImageInsetRatio
        let insets = UIEdgeInsets(
            top: ATHMButtonStyle.verticalImageInset, left: horizontal,
            bottom: ATHMButtonStyle.verticalImageInset, right: horizontal)
        if imageEdgeInsets != insets { imageEdgeInsets = insets }
    }
}
#endif
