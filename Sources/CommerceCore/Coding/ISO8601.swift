import Foundation

/// ISO-8601 / RFC 3339 date-times, parsed and formatted without `DateFormatter` (which is slow to create,
/// not thread-safe to reconfigure, and on some platforms rejects fractional seconds unless told in advance).
package enum ISO8601 {
    /// How fractional seconds are written.
    package enum Fraction: Sendable {
        /// Whole seconds only.
        case never
        /// Always three digits.
        case milliseconds
        /// Three digits only when the milliseconds are not zero.
        case millisecondsWhenNonZero
    }

    /// Parses `YYYY-MM-DDTHH:MM:SS[.fraction][Z|±HH:MM|±HHMM]`, with 1–9 fractional digits. Rejects dates that
    /// do not exist (month 13, 30 February), a missing zone, date-only text and a space instead of `T`.
    package static func parse(_ text: String) -> Date? {
        var scanner = DigitScanner(Array(text.utf8))
        guard let year = scanner.number(4), scanner.take("-"), let month = scanner.number(2), scanner.take("-"),
            let day = scanner.number(2), scanner.take("T") || scanner.take("t"),
            let hour = scanner.number(2), scanner.take(":"), let minute = scanner.number(2), scanner.take(":"),
            let second = scanner.number(2)
        else { return nil }
        var nanoseconds = 0
        if scanner.take(".") {
            var digits = 0
            while let digit = scanner.digit() {
                guard digits < 9 else { return nil }
                nanoseconds = nanoseconds * 10 + digit
                digits += 1
            }
            guard digits > 0 else { return nil }
            for _ in digits..<9 { nanoseconds *= 10 }
        }
        let offsetSeconds: Int
        if scanner.take("Z") || scanner.take("z") {
            offsetSeconds = 0
        } else {
            let sign: Int
            if scanner.take("+") { sign = 1 } else if scanner.take("-") { sign = -1 } else { return nil }
            guard let offsetHours = scanner.number(2) else { return nil }
            _ = scanner.take(":")
            guard let offsetMinutes = scanner.number(2), offsetHours < 24, offsetMinutes < 60 else { return nil }
            offsetSeconds = sign * (offsetHours * 3600 + offsetMinutes * 60)
        }
        guard scanner.atEnd, (1...12).contains(month), day >= 1, day <= daysIn(month: month, year: year),
            hour < 24, minute < 60, second < 60
        else { return nil }
        let days = daysSinceEpoch(year: year, month: month, day: day)
        let seconds = days * 86_400 + hour * 3600 + minute * 60 + second - offsetSeconds
        return Date(timeIntervalSince1970: TimeInterval(seconds) + TimeInterval(nanoseconds) / 1e9)
    }

    /// 0000-01-01T00:00:00Z ... 9999-12-31T23:59:59Z in seconds since 1970.
    static let printableRange: ClosedRange<TimeInterval> = -62_167_219_200...253_402_300_799

    /// Formats `date` in `timeZone`: `Z` for UTC, `±HH:MM` otherwise.
    package static func format(
        _ date: Date, timeZone: TimeZone = TimeZone(identifier: "UTC") ?? .current,
        fraction: Fraction = .never
    ) -> String {
        let offset = timeZone.secondsFromGMT(for: date)
        // Dates outside years 0000–9999 cannot be written in this format; clamping keeps a hostile or
        // corrupt timestamp from trapping the Double → Int conversion below.
        let interval =
            date.timeIntervalSince1970.isNaN
            ? 0
            : min(max(date.timeIntervalSince1970, printableRange.lowerBound), printableRange.upperBound)
        var wholeSeconds = Int(interval.rounded(.down))
        var milliseconds = Int(((interval - Double(wholeSeconds)) * 1000).rounded())
        if milliseconds == 1000 {
            wholeSeconds += 1
            milliseconds = 0
        }
        let local = wholeSeconds + offset
        let days = local >= 0 ? local / 86_400 : (local - 86_399) / 86_400
        let secondOfDay = local - days * 86_400
        let (year, month, day) = civilDate(daysSinceEpoch: days)

        var text = pad(year, 4) + "-" + pad(month, 2) + "-" + pad(day, 2) + "T"
        text += pad(secondOfDay / 3600, 2) + ":" + pad(secondOfDay % 3600 / 60, 2) + ":" + pad(secondOfDay % 60, 2)
        switch fraction {
        case .never: break
        case .milliseconds: text += "." + pad(milliseconds, 3)
        case .millisecondsWhenNonZero: if milliseconds != 0 { text += "." + pad(milliseconds, 3) }
        }
        if offset == 0 {
            text += "Z"
        } else {
            let magnitude = abs(offset)
            text += (offset < 0 ? "-" : "+") + pad(magnitude / 3600, 2) + ":" + pad(magnitude % 3600 / 60, 2)
        }
        return text
    }

    package static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    static func isLeap(_ year: Int) -> Bool { (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 }

    /// Days from 1970-01-01 to a proleptic Gregorian date (Howard Hinnant's days-from-civil).
    package static func daysSinceEpoch(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The inverse of ``daysSinceEpoch(year:month:day:)``.
    package static func civilDate(daysSinceEpoch days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    private static func pad(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }
}

private struct DigitScanner {
    let bytes: [UInt8]
    var index = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var atEnd: Bool { index == bytes.count }

    mutating func take(_ character: Unicode.Scalar) -> Bool {
        guard index < bytes.count, bytes[index] == UInt8(ascii: character) else { return false }
        index += 1
        return true
    }

    mutating func digit() -> Int? {
        guard index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 else { return nil }
        defer { index += 1 }
        return Int(bytes[index] - 0x30)
    }

    mutating func number(_ width: Int) -> Int? {
        var value = 0
        for _ in 0..<width {
            guard let digit = digit() else { return nil }
            value = value * 10 + digit
        }
        return value
    }
}

extension Date {
    /// This instant as ISO-8601 text in UTC, whole seconds.
    package var iso8601: String { ISO8601.format(self) }
}
