/// A colour as red, green, blue and alpha components from 0 to 1, usable without UIKit.
public struct ATHMColor: Equatable, Hashable, Sendable {
    /// The red component, from 0 to 1.
    public var red: Double
    /// The green component, from 0 to 1.
    public var green: Double
    /// The blue component, from 0 to 1.
    public var blue: Double
    /// The opacity, from 0 (transparent) to 1 (opaque).
    public var alpha: Double

    /// Creates a colour from components from 0 to 1; opaque unless `alpha` says otherwise.
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// UIKit's `orange`, `#FF8000`.
    public static let orange = ATHMColor(red: 1, green: 0.5, blue: 0)
    /// Opaque white, `#FFFFFF`.
    public static let white = ATHMColor(red: 1, green: 1, blue: 1)
    /// Opaque black, `#000000`.
    public static let black = ATHMColor(red: 0, green: 0, blue: 0)
    /// UIKit's `darkGray`, `#555555`.
    public static let darkGray = ATHMColor(red: 1.0 / 3, green: 1.0 / 3, blue: 1.0 / 3)
}
