import CommerceCore
import Foundation

/// Secrets taken out of journal entries before anyone reads them: Basic-auth passwords, bearer tokens,
/// card numbers, CVVs, PINs, client secrets, push-package bytes. One place, so every listing (the journal,
/// each service's view, the console) hides the same things.
package enum JournalRedaction {
    package static let mask = "***"

    /// Field names whose values are always secret, compared without case, `_` or `-`.
    static let secretKeys: Set<String> = [
        "password", "clientsecret", "secret", "accesstoken", "refreshtoken", "registrationcode", "p12", "pkcs12",
        "pushpackage", "cvv", "cvv2", "cvc", "securitycode", "verificationvalue", "pin", "pan", "cardnumber",
        "customeraccesstoken", "idtoken", "jwt", "bearertoken",
    ]

    static func isSecretKey(_ key: String) -> Bool {
        secretKeys.contains(String(key.lowercased().unicodeScalars.filter { $0 != "_" && $0 != "-" }))
    }

    /// Headers as an object; credentials keep only what tells them apart. `secret` names (lowercased) the headers
    /// the services declared secret (``SandboxService/secretHeaders``), masked whole.
    package static func headers(_ headers: HTTPHeaders, secret: Set<String> = []) -> JSONValue {
        var object = JSONObject()
        for (name, value) in headers {
            let shown = redactedHeader(name: name, value: value, secret: secret)
            if let earlier = object[name]?.stringValue {
                object[name] = .string(earlier + ", " + shown)
            } else {
                object[name] = .string(shown)
            }
        }
        return .object(object)
    }

    static func redactedHeader(name: String, value: String, secret: Set<String> = []) -> String {
        let lowercased = name.lowercased()
        if secret.contains(lowercased) { return mask }
        switch lowercased {
        case "authorization", "proxy-authorization":
            let parts = value.split(separator: " ", maxSplits: 1)
            guard parts.count == 2 else { return mask }
            // The last four characters tell two tokens apart without making either usable.
            return parts[0].lowercased() == "basic" ? "Basic \(mask)" : "\(parts[0]) \(mask)\(parts[1].suffix(4))"
        case "cookie", "set-cookie", "x-api-key":
            return mask
        default:
            return value
        }
    }

    /// A body as JSON when it parses (secrets masked), form fields masked, other text as is, bytes counted.
    package static func body(_ data: Data, contentType: String?) -> JSONValue {
        guard !data.isEmpty else { return .null }
        if let json = try? JSONValue.parse(data) { return redacted(json) }
        guard let text = String(data: data, encoding: .utf8) else {
            return ["binary_bytes": .integer(Int64(data.count))]
        }
        if contentType?.lowercased().hasPrefix("application/x-www-form-urlencoded") == true {
            return .string(redactedForm(text))
        }
        return .string(maskingCardNumbers(text))
    }

    /// `value` with every secret field masked and every card-number-like string cut to its last four digits.
    package static func redacted(_ value: JSONValue) -> JSONValue {
        switch value {
        case .object(let object):
            return .object(
                JSONObject(
                    object.map { key, value in
                        (key, isSecretKey(key) && value != .null ? .string(mask) : redacted(value))
                    }))
        case .array(let items):
            return .array(items.map(redacted))
        case .string(let text):
            return .string(maskingCardNumbers(text))
        default:
            return value
        }
    }

    static func redactedForm(_ text: String) -> String {
        text.split(separator: "&", omittingEmptySubsequences: false).map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let key = String(parts[0]).removingPercentEncoding ?? String(parts[0])
            guard parts.count == 2 else { return String(pair) }
            return isSecretKey(key) ? "\(parts[0])=\(mask)" : "\(parts[0])=\(maskingCardNumbers(String(parts[1])))"
        }.joined(separator: "&")
    }

    /// A run of 13–19 digits that passes the Luhn check reads as a card number: all but its last four go.
    static func maskingCardNumbers(_ text: String) -> String {
        var digits = 0
        for scalar in text.unicodeScalars { if ("0"..."9").contains(scalar) { digits += 1 } }
        guard digits >= 13 else { return text }
        var result = ""
        var run = ""
        func flush() {
            if (13...19).contains(run.count), isLuhnValid(run) {
                result += String(repeating: "*", count: run.count - 4) + run.suffix(4)
            } else {
                result += run
            }
            run = ""
        }
        for character in text {
            if character.isASCII, character.isNumber {
                run.append(character)
            } else {
                flush()
                result.append(character)
            }
        }
        flush()
        return result
    }

    static func isLuhnValid(_ digits: String) -> Bool {
        var sum = 0
        for (index, character) in digits.reversed().enumerated() {
            guard let digit = character.wholeNumberValue else { return false }
            let weighted = index % 2 == 1 ? digit * 2 : digit
            sum += weighted > 9 ? weighted - 9 : weighted
        }
        return sum % 10 == 0
    }
}
