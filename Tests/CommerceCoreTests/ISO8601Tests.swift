import CommerceCore
import Foundation
import Testing

@Suite struct ISO8601Tests {
    @Test(arguments: [
        ("2017-07-01T00:00:00Z", 1_498_867_200.0),
        ("2017-07-01T00:00:00.5Z", 1_498_867_200.5),
        ("2017-07-01T02:00:00+02:00", 1_498_867_200.0),
        ("2017-06-30T20:00:00-0400", 1_498_867_200.0),
        ("2017-07-01T00:00:00.123456789Z", 1_498_867_200.123456789),
        ("2024-02-29T12:00:00Z", 1_709_208_000.0),
    ])
    func parsesValidDateTimes(text: String, epoch: Double) throws {
        let date = try #require(ISO8601.parse(text))
        #expect(abs(date.timeIntervalSince1970 - epoch) < 0.000_001)
    }

    @Test(arguments: [
        "2017-07-01", "2017-07-01T00:00:00", "2017-07-01 00:00:00Z", "2017-02-30T00:00:00Z", "2017-13-01T00:00:00Z",
        "2023-02-29T00:00:00Z", "2017-07-01T24:00:00Z", "2017-07-01T00:00:00.Z", "2017-07-01T00:00:00.1234567890Z",
        "SHA2-256(stdin)= b4c9", "", "2017-07-01T00:00:00+25:00",
    ])
    func rejectsInvalidDateTimes(text: String) {
        #expect(ISO8601.parse(text) == nil)
    }

    @Test func formatsUTCWithOptionalMilliseconds() throws {
        let whole = Date(timeIntervalSince1970: 1_498_867_200)
        #expect(ISO8601.format(whole) == "2017-07-01T00:00:00Z")
        #expect(ISO8601.format(whole, fraction: .millisecondsWhenNonZero) == "2017-07-01T00:00:00Z")
        #expect(ISO8601.format(whole, fraction: .milliseconds) == "2017-07-01T00:00:00.000Z")
        let fractional = Date(timeIntervalSince1970: 1_498_867_200.25)
        #expect(ISO8601.format(fractional, fraction: .millisecondsWhenNonZero) == "2017-07-01T00:00:00.250Z")
    }

    @Test func formatsInOtherTimeZones() throws {
        let date = Date(timeIntervalSince1970: 1_560_787_690)  // 2019-06-17T16:08:10Z
        let newYork = try #require(TimeZone(identifier: "America/New_York"))
        #expect(ISO8601.format(date, timeZone: newYork) == "2019-06-17T12:08:10-04:00")
        let kolkata = try #require(TimeZone(identifier: "Asia/Kolkata"))
        #expect(ISO8601.format(date, timeZone: kolkata) == "2019-06-17T21:38:10+05:30")
    }

    @Test func datesBeyondFourDigitYearsAreClampedNotTrapped() {
        #expect(ISO8601.format(Date(timeIntervalSince1970: 1e19)) == "9999-12-31T23:59:59Z")
        #expect(ISO8601.format(Date(timeIntervalSince1970: -1e300)) == "0000-01-01T00:00:00Z")
        #expect(ISO8601.format(.distantFuture) == "4001-01-01T00:00:00Z")
        #expect(ISO8601.format(Date(timeIntervalSince1970: .nan)) == "1970-01-01T00:00:00Z")
    }

    @Test func formattingRoundTripsAcrossEras() throws {
        for epoch in [-86_400.0 * 365 * 100, -1, 0, 951_782_400, 4_102_444_800] {
            let date = Date(timeIntervalSince1970: epoch)
            #expect(ISO8601.parse(ISO8601.format(date)) == date)
        }
    }
}
