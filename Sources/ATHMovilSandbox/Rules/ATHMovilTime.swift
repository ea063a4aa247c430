import CommerceCore
import Foundation

/// Dates the way ATH Móvil writes them, all in Puerto Rico time (Atlantic Standard Time, UTC−4, no daylight
/// saving), computed with a fixed offset so no time-zone database is needed.
enum ATHMovilTime {
    static let offset = -4 * 3600

    /// Years 0001 through 9999 in epoch seconds: what the formats can print.
    static let printableSeconds: ClosedRange<TimeInterval> = -62_135_596_800...253_402_300_799

    /// Epoch seconds pinned to ``printableSeconds`` (NaN reads as 0). The clock can be moved forward again
    /// and again, and stored dates come back from the database, so integer conversions must never see a
    /// value they would trap on.
    static func seconds(_ date: Date) -> TimeInterval {
        let interval = date.timeIntervalSince1970
        guard !interval.isNaN else { return 0 }
        return min(max(interval, printableSeconds.lowerBound), printableSeconds.upperBound)
    }

    /// Whole epoch seconds (rounded down), never trapping.
    static func wholeSeconds(_ date: Date) -> Int64 {
        Int64(seconds(date).rounded(.down))
    }

    private struct Parts {
        let year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int, tenths: Int, weekday: Int
    }

    private static func parts(_ date: Date) -> Parts {
        let interval = seconds(date)
        let whole = Int(interval.rounded(.down))
        let tenths = min(9, Int(((interval - Double(whole)) * 10).rounded(.down)))
        let local = whole + offset
        let days = local >= 0 ? local / 86_400 : (local - 86_399) / 86_400
        let secondOfDay = local - days * 86_400
        let (year, month, day) = ISO8601.civilDate(daysSinceEpoch: days)
        // 1970-01-01 was a Thursday (index 4 with Sunday = 0).
        let weekday = ((days % 7) + 7 + 4) % 7
        return Parts(
            year: year, month: month, day: day, hour: secondOfDay / 3600, minute: secondOfDay % 3600 / 60,
            second: secondOfDay % 60, tenths: tenths, weekday: weekday)
    }

    /// `yyyy/MM/dd HH:mm:ss.S`: the reply (`athm_payment_data`) format.
    static func reply(_ date: Date) -> String {
        let p = parts(date)
        return
            "\(pad(p.year, 4))/\(pad(p.month))/\(pad(p.day)) \(pad(p.hour)):\(pad(p.minute)):\(pad(p.second)).\(p.tenths)"
    }

    /// `yyyy-MM-dd HH:mm:ss`: `transactionDate` of the payment service.
    static func transaction(_ date: Date) -> String {
        let p = parts(date)
        return "\(pad(p.year, 4))-\(pad(p.month))-\(pad(p.day)) \(pad(p.hour)):\(pad(p.minute)):\(pad(p.second))"
    }

    /// `yyyy-MM-dd`: the Puerto Rico calendar day that numbers daily transactions.
    static func day(_ date: Date) -> String {
        let p = parts(date)
        return "\(pad(p.year, 4))-\(pad(p.month))-\(pad(p.day))"
    }

    /// `EEE MMM dd HH:mm:ss zzz yyyy`, as Java's `Date.toString()` prints it (token expiry messages).
    static func javaDate(_ date: Date) -> String {
        let p = parts(date)
        let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        return
            "\(weekdays[p.weekday]) \(months[p.month - 1]) \(pad(p.day)) \(pad(p.hour)):\(pad(p.minute)):\(pad(p.second)) AST \(p.year)"
    }

    /// Epoch milliseconds as text (refund answers).
    static func epochMilliseconds(_ date: Date) -> String {
        String(Int64((seconds(date) * 1000).rounded()))
    }

    private static func pad(_ value: Int, _ width: Int = 2) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }
}
