import Foundation

/// The notification names ButtonMerchant posts, under `Notification.Name.Button`.
extension Notification.Name {
    /// Notification names posted by ButtonMerchant.
    public enum Button {
        /// Posted on `NotificationCenter.default` (object `nil`) whenever a different attribution token is
        /// stored. The new token is in `userInfo[Notification.Key.NewToken]`.
        public static let AttributionTokenDidChange =
            Notification.Name("com.usebutton.merchant.notification.name.button.AttributionTokenDidChange")
    }
}

/// The `userInfo` keys ButtonMerchant's notifications carry, under `Notification.Key`.
extension Notification {
    /// `userInfo` keys used by ButtonMerchant notifications.
    public enum Key {
        /// The key under which `Notification.Name.Button.AttributionTokenDidChange` carries the new token.
        public static let NewToken = "com.usebutton.merchant.notification.key.newToken"
    }
}

extension ButtonMerchant {
    /// The same name as `Notification.Name.Button.AttributionTokenDidChange`, for Objective-C style code.
    public static let AttributionTokenDidChangeNotification = Notification.Name.Button.AttributionTokenDidChange
    /// The same key as `Notification.Key.NewToken`, for Objective-C style code.
    public static let AttributionTokenKey = Notification.Key.NewToken
}
