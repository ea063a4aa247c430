import Foundation

/// Reads the loosely typed dictionaries that hybrid apps (Flutter, Ionic) pass in, with the SDK's
/// forgiving rules: a wrong type never fails, it becomes an empty value that validation reports later.
struct DictionaryReader {
    let dictionary: NSDictionary

    init(_ dictionary: NSDictionary) { self.dictionary = dictionary }

    /// Text values trimmed of spaces and tabs (not newlines); anything else is `""`.
    func string(_ key: String) -> String {
        guard let value = dictionary[key] as? String else { return "" }
        return value.trimmingCharacters(in: CharacterSet(charactersIn: " \t"))
    }

    /// A number, or text that reads as a `Double`; anything else is `0`. The text is not trimmed (§2.1):
    /// `Double(" 2.00")` is `nil` in the SDK too, so `" 2.00"` gives `0` and validation reports it.
    func number(_ key: String) -> NSNumber {
        let value = dictionary[key]
        if let text = value as? String { return Double(text).map { NSNumber(value: $0) } ?? 0 }
        if Self.isBoolean(value) { return 0 }
        if let number = value as? NSNumber { return number }
        if let double = value as? Double { return NSNumber(value: double) }
        if let integer = value as? Int { return NSNumber(value: integer) }
        return 0
    }

    /// An integer, or text that reads as an `Int` (untrimmed, like ``number(_:)``); anything else is `0`.
    func integer(_ key: String) -> Int {
        let value = dictionary[key]
        if let text = value as? String { return Int(text) ?? 0 }
        if Self.isBoolean(value) { return 0 }
        if let integer = value as? Int { return integer }
        if let number = value as? NSNumber, number.doubleValue.rounded() == number.doubleValue,
            abs(number.doubleValue) < 9e15
        {
            return number.intValue
        }
        return 0
    }

    /// Whether a value is a Boolean. `value is Bool` cannot tell: a bridged `NSNumber` holding 1 also
    /// answers true, so the number's storage type decides (`c` is how Booleans are stored).
    private static func isBoolean(_ value: Any?) -> Bool {
        guard let value else { return false }
        if type(of: value) == Bool.self { return true }
        if let number = value as? NSNumber { return String(cString: number.objCType) == "c" }
        return false
    }

    /// An array of dictionaries; anything else is empty.
    func dictionaries(_ key: String) -> [NSDictionary] {
        if let list = dictionary[key] as? [NSDictionary] { return list }
        if let list = dictionary[key] as? [[String: Any]] { return list.map { NSDictionary(dictionary: $0) } }
        if let list = dictionary[key] as? NSArray { return list.compactMap { $0 as? NSDictionary } }
        return []
    }
}
