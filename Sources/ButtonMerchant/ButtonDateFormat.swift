import CommerceCore
import Foundation

/// The app-side date format: `yyyy-MM-dd'T'HH:mm:ssZZZZZ` in a given time zone, `Z` for UTC, no fraction.
enum ButtonDateFormat {
    static func string(from date: Date, timeZone: TimeZone) -> String {
        // A date formatter truncates to the second; ISO8601.format would round, so floor first.
        let whole = Date(timeIntervalSince1970: date.timeIntervalSince1970.rounded(.down))
        return ISO8601.format(whole, timeZone: timeZone, fraction: .never)
    }
}
