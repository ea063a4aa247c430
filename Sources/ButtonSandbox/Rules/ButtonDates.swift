import CommerceCore
import Foundation

/// Button's date rules: how dates are written (§3.1.3) and the one-year cap on finalization dates (O11).
enum ButtonDates {
    /// UTC with `Z`, milliseconds only when they are not zero (§3.1.3).
    static func format(_ date: Date) -> String { ISO8601.format(date, fraction: .millisecondsWhenNonZero) }

    /// `now` plus one calendar year in UTC; 29 February becomes 28 February (rule O11).
    static func oneYearAfter(_ now: Date) -> Date {
        let seconds = now.timeIntervalSince1970
        let days = Int((seconds / 86_400).rounded(.down))
        let timeOfDay = seconds - Double(days) * 86_400
        let (year, month, day) = ISO8601.civilDate(daysSinceEpoch: days)
        let clampedDay = min(day, ISO8601.daysIn(month: month, year: year + 1))
        let newDays = ISO8601.daysSinceEpoch(year: year + 1, month: month, day: clampedDay)
        return Date(timeIntervalSince1970: Double(newDays) * 86_400 + timeOfDay)
    }
}
