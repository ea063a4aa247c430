import CommerceCore
import Foundation

/// The date format of ATH Móvil replies, `yyyy/MM/dd HH:mm:ss.S` in Puerto Rico time.
///
/// Puerto Rico keeps Atlantic Standard Time (UTC−4) all year, so a fixed offset is exact and does not
/// depend on the time-zone database being installed (minimal Linux images often lack it).
enum ReplyDate {
    static let puertoRicoOffset = -4 * 3600

    /// Parses the reply format; the fraction of a second is required, as in the SDK's formatter.
    static func parse(_ text: String) -> Date? {
        let parts = text.split(separator: " ", omittingEmptySubsequences: false)
        guard parts.count == 2 else { return nil }
        let day = parts[0].split(separator: "/", omittingEmptySubsequences: false)
        let timeAndFraction = parts[1].split(separator: ".", omittingEmptySubsequences: false)
        guard day.count == 3, timeAndFraction.count == 2 else { return nil }
        let time = timeAndFraction[0].split(separator: ":", omittingEmptySubsequences: false)
        let fraction = timeAndFraction[1]
        guard time.count == 3, !fraction.isEmpty, fraction.count <= 9, fraction.allSatisfy(\.isASCII),
            let fractionValue = Int(fraction),
            day[0].count == 4, let year = Int(day[0]), let month = Int(day[1]), let dayOfMonth = Int(day[2]),
            let hour = Int(time[0]), let minute = Int(time[1]), let second = Int(time[2]),
            (1...12).contains(month), dayOfMonth >= 1, dayOfMonth <= ISO8601.daysIn(month: month, year: year),
            (0..<24).contains(hour), (0..<60).contains(minute), (0..<60).contains(second)
        else { return nil }
        let days = ISO8601.daysSinceEpoch(year: year, month: month, day: dayOfMonth)
        let seconds = days * 86_400 + hour * 3600 + minute * 60 + second - puertoRicoOffset
        let fractional = Double(fractionValue) / pow(10, Double(fraction.count))
        return Date(timeIntervalSince1970: Double(seconds) + fractional)
    }

    /// Formats with one digit of fraction, as the app writes it.
    static func format(_ date: Date) -> String {
        let interval = date.timeIntervalSince1970
        let whole = Int(interval.rounded(.down))
        let tenths = min(9, Int(((interval - Double(whole)) * 10).rounded(.down)))
        let local = whole + puertoRicoOffset
        let days = local >= 0 ? local / 86_400 : (local - 86_399) / 86_400
        let secondOfDay = local - days * 86_400
        let (year, month, day) = ISO8601.civilDate(daysSinceEpoch: days)
        return "\(pad(year, 4))/\(pad(month, 2))/\(pad(day, 2)) \(pad(secondOfDay / 3600, 2)):"
            + "\(pad(secondOfDay % 3600 / 60, 2)):\(pad(secondOfDay % 60, 2)).\(tenths)"
    }

    private static func pad(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }
}
