import Foundation

/// Turns an APNs device token into the `accountCode` Paytronix stores.
public enum PushToken {
    /// Lowercase hexadecimal, two digits per byte, no separators. Throws `.invalidDeviceToken` for an empty
    /// token or one longer than 100 bytes (APNs tokens are 32 bytes today; Apple allows them to grow).
    public static func hexString(from deviceToken: Data) throws(PaytronixError) -> String {
        guard !deviceToken.isEmpty, deviceToken.count <= 100 else { throw .invalidDeviceToken }
        let digits = Array("0123456789abcdef")
        var text = ""
        text.reserveCapacity(deviceToken.count * 2)
        for byte in deviceToken {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0F)])
        }
        return text
    }
}
