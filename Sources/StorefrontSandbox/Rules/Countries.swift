import Foundation

/// Country names and codes, and the CA/US/GB rules addresses are checked against (spec §4.4 K8–K10, §4.7 U19–U20).
enum Countries {
    static let canadianProvinces: [String: String] = [
        "AB": "Alberta", "BC": "British Columbia", "MB": "Manitoba", "NB": "New Brunswick",
        "NL": "Newfoundland and Labrador", "NS": "Nova Scotia", "NT": "Northwest Territories", "NU": "Nunavut",
        "ON": "Ontario", "PE": "Prince Edward Island", "QC": "Quebec", "SK": "Saskatchewan", "YT": "Yukon",
    ]

    static let usStates: [String: String] = [
        "AL": "Alabama", "AK": "Alaska", "AZ": "Arizona", "AR": "Arkansas", "CA": "California", "CO": "Colorado",
        "CT": "Connecticut", "DE": "Delaware", "DC": "District of Columbia", "FL": "Florida", "GA": "Georgia",
        "HI": "Hawaii", "ID": "Idaho", "IL": "Illinois", "IN": "Indiana", "IA": "Iowa", "KS": "Kansas",
        "KY": "Kentucky", "LA": "Louisiana", "ME": "Maine", "MD": "Maryland", "MA": "Massachusetts", "MI": "Michigan",
        "MN": "Minnesota", "MS": "Mississippi", "MO": "Missouri", "MT": "Montana", "NE": "Nebraska", "NV": "Nevada",
        "NH": "New Hampshire", "NJ": "New Jersey", "NM": "New Mexico", "NY": "New York", "NC": "North Carolina",
        "ND": "North Dakota", "OH": "Ohio", "OK": "Oklahoma", "OR": "Oregon", "PA": "Pennsylvania",
        "RI": "Rhode Island",
        "SC": "South Carolina", "SD": "South Dakota", "TN": "Tennessee", "TX": "Texas", "UT": "Utah", "VT": "Vermont",
        "VA": "Virginia", "WA": "Washington", "WV": "West Virginia", "WI": "Wisconsin", "WY": "Wyoming",
    ]

    /// Names for the countries the demo shop ships to and their neighbours; other ISO codes use Foundation's names.
    private static let knownNames: [String: String] = [
        "CA": "Canada", "US": "United States", "GB": "United Kingdom", "FR": "France", "DE": "Germany", "MX": "Mexico",
        "AU": "Australia", "JP": "Japan", "IE": "Ireland", "IT": "Italy", "ES": "Spain", "NL": "Netherlands",
    ]

    private static let allCodes: [String: String] = {
        var table = knownNames
        let english = Locale(identifier: "en_US")
        for region in Locale.Region.isoRegions {
            let code = region.identifier
            guard code.count == 2, code.allSatisfy({ $0.isASCII && $0.isLetter }), table[code] == nil,
                let name = english.localizedString(forRegionCode: code)
            else { continue }
            table[code] = name
        }
        return table
    }()

    /// The ISO code for a code or English name (case-insensitive), or `nil`.
    static func code(for text: String) -> String? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.count == 2, allCodes[trimmed.uppercased()] != nil { return trimmed.uppercased() }
        if ["united states of america", "usa"].contains(trimmed.lowercased()) { return "US" }
        return allCodes.first { $0.value.caseInsensitiveCompare(trimmed) == .orderedSame }?.key
    }

    static func name(for code: String) -> String { allCodes[code] ?? code }

    /// The two-letter code of a CA province or US state given by code or name; `nil` for other countries or no match.
    static func provinceCode(_ province: String, country: String) -> String? {
        let table = country == "CA" ? canadianProvinces : country == "US" ? usStates : [:]
        let trimmed = province.trimmingCharacters(in: .whitespaces)
        if table[trimmed.uppercased()] != nil { return trimmed.uppercased() }
        return table.first { $0.value.caseInsensitiveCompare(trimmed) == .orderedSame }?.key
    }

    static func requiresProvince(_ country: String) -> Bool { country == "CA" || country == "US" }

    /// Whether `zip` fits the country's postal-code pattern (only CA, US and GB are checked).
    static func zipIsValid(_ zip: String, country: String) -> Bool {
        let pattern: String
        switch country {
        case "CA": pattern = "^[A-Za-z][0-9][A-Za-z] ?[0-9][A-Za-z][0-9]$"
        case "US": pattern = "^[0-9]{5}(-[0-9]{4})?$"
        case "GB": pattern = "^[A-Za-z]{1,2}[0-9][A-Za-z0-9]? ?[0-9][A-Za-z]{2}$"
        default: return true
        }
        return zip.trimmingCharacters(in: .whitespaces).range(of: pattern, options: .regularExpression) != nil
    }
}

/// Format rules shared by checkout, cart and customer inputs.
enum InputRules {
    /// `local@domain.tld` (K5).
    static func emailIsValid(_ email: String) -> Bool {
        email.range(of: "^[^@\\s]+@[^@\\s]+\\.[^@\\s.]+$", options: .regularExpression) != nil
    }

    /// U7: after removing spaces, dashes, dots and parentheses, an optional `+` and 7–15 digits.
    static func phoneIsValid(_ phone: String) -> Bool {
        let stripped = phone.filter { !" -.()".contains($0) }
        return stripped.range(of: "^\\+?[0-9]{7,15}$", options: .regularExpression) != nil
    }
}
