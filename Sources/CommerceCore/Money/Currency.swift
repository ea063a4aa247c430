/// An active ISO 4217 currency and the number of digits after its decimal point.
public struct Currency: Hashable, Sendable, CustomStringConvertible {
    /// The three-letter code, e.g. `USD`.
    public let code: String
    /// Minor-unit digits: 2 for USD (cents), 0 for JPY, 3 for KWD.
    public let minorUnits: Int

    /// The three-letter code.
    public var description: String { code }

    /// Looks up an active code. Case-sensitive: ISO 4217 codes are upper-case.
    public init?(code: String) {
        guard let minorUnits = Currency.table[code] else { return nil }
        self.code = code
        self.minorUnits = minorUnits
    }

    /// Whether `code` is an active ISO 4217 code (case-sensitive).
    public static func isActive(_ code: String) -> Bool { table[code] != nil }

    /// Every active code, sorted.
    public static var allCodes: [String] { table.keys.sorted() }

    /// US dollars, two minor-unit digits.
    public static let usd = Currency(code: "USD", minorUnits: 2)

    private init(code: String, minorUnits: Int) {
        self.code = code
        self.minorUnits = minorUnits
    }

    /// Active codes (ISO 4217 list one, 2025 edition) with their minor units. Precious metals, testing codes
    /// and units of account without minor units (XAU, XTS, XDR …) are left out: they are not used in commerce.
    private static let table: [String: Int] = {
        let packed = """
            AED2 AFN2 ALL2 AMD2 AOA2 ARS2 AUD2 AWG2 AZN2 BAM2 BBD2 BDT2 BGN2 BHD3 BIF0 BMD2 BND2 BOB2 BOV2 BRL2 \
            BSD2 BTN2 BWP2 BYN2 BZD2 CAD2 CDF2 CHE2 CHF2 CHW2 CLF4 CLP0 CNY2 COP2 COU2 CRC2 CUP2 CVE2 CZK2 DJF0 \
            DKK2 DOP2 DZD2 EGP2 ERN2 ETB2 EUR2 FJD2 FKP2 GBP2 GEL2 GHS2 GIP2 GMD2 GNF0 GTQ2 GYD2 HKD2 HNL2 HTG2 \
            HUF2 IDR2 ILS2 INR2 IQD3 IRR2 ISK0 JMD2 JOD3 JPY0 KES2 KGS2 KHR2 KMF0 KPW2 KRW0 KWD3 KYD2 KZT2 LAK2 \
            LBP2 LKR2 LRD2 LSL2 LYD3 MAD2 MDL2 MGA2 MKD2 MMK2 MNT2 MOP2 MRU2 MUR2 MVR2 MWK2 MXN2 MXV2 MYR2 MZN2 \
            NAD2 NGN2 NIO2 NOK2 NPR2 NZD2 OMR3 PAB2 PEN2 PGK2 PHP2 PKR2 PLN2 PYG0 QAR2 RON2 RSD2 RUB2 RWF0 SAR2 \
            SBD2 SCR2 SDG2 SEK2 SGD2 SHP2 SLE2 SOS2 SRD2 SSP2 STN2 SVC2 SYP2 SZL2 THB2 TJS2 TMT2 TND3 TOP2 TRY2 \
            TTD2 TWD2 TZS2 UAH2 UGX0 USD2 USN2 UYI0 UYU2 UYW4 UZS2 VED2 VES2 VND0 VUV0 WST2 XAF0 XCD2 XCG2 XOF0 \
            XPF0 YER2 ZAR2 ZMW2 ZWG2
            """
        var table: [String: Int] = [:]
        for entry in packed.split(separator: " ") where entry.count == 4 {
            table[String(entry.prefix(3))] = Int(String(entry.suffix(1)))
        }
        return table
    }()
}
