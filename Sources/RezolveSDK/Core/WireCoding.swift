import CommerceCore
import Foundation

/// The JSON settings every core call shares.
///
/// Request bodies use sorted keys so that the same request always produces the same bytes (the sandbox hashes
/// `buy` bodies for idempotency). Responses accept the three timestamp forms Rezolve is known to send.
enum WireCoding {
    static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(ISO8601.format(date, fraction: .milliseconds))
        }
        return encoder
    }

    static func decoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            guard let date = parseDate(text) else {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "Unreadable timestamp \(text)")
            }
            return date
        }
        return decoder
    }

    /// RFC 3339 with or without fractional seconds, or `YYYY-MM-DD HH:MM:SS` (taken as UTC).
    static func parseDate(_ text: String) -> Date? {
        if let date = ISO8601.parse(text) { return date }
        let parts = text.split(separator: " ")
        if parts.count == 2 { return ISO8601.parse("\(parts[0])T\(parts[1])Z") }
        if parts.count == 1, text.count == 10 { return ISO8601.parse("\(text)T00:00:00Z") }
        return nil
    }

    /// `YYYY-MM-DD` in UTC, the form of the order-history query.
    static func queryDate(_ date: Date) -> String {
        String(ISO8601.format(date).prefix(10))
    }

    static func encode<T: Encodable>(_ value: T) throws(RezolveError) -> Data {
        do { return try encoder().encode(value) } catch {
            throw .invalidInput(field: String(describing: T.self), reason: "cannot be encoded: \(error)")
        }
    }

    static func decode<T: Decodable>(_ type: T.Type, from data: Data) throws(RezolveError) -> T {
        do { return try decoder().decode(type, from: data) } catch {
            throw .decoding("\(T.self): \(describe(error))")
        }
    }

    private static func describe(_ error: any Error) -> String {
        guard let decodingError = error as? DecodingError else { return String(describing: error) }
        switch decodingError {
        case .keyNotFound(let key, let context):
            return "missing \(path(context.codingPath + [key]))"
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            return "\(context.debugDescription) at \(path(context.codingPath))"
        @unknown default:
            return String(describing: decodingError)
        }
    }

    private static func path(_ keys: [any CodingKey]) -> String {
        keys.isEmpty ? "#" : "#/" + keys.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: "/")
    }
}

/// Decoding helpers for the loosely typed fields Rezolve sends (ids as numbers or strings, money as numbers).
extension KeyedDecodingContainer {
    /// A string that the server may send as a JSON string or number.
    func lenientString(_ key: Key) throws -> String? {
        if let text = try? decodeIfPresent(String.self, forKey: key) { return text }
        if let number = try? decodeIfPresent(Int64.self, forKey: key) { return String(number) }
        if let number = try? decodeIfPresent(Double.self, forKey: key) { return String(number) }
        return nil
    }

    /// An integer that the server may send as a JSON number or a numeric string.
    func lenientInt(_ key: Key) -> Int? {
        if let number = try? decodeIfPresent(Int.self, forKey: key) { return number }
        if let text = try? decodeIfPresent(String.self, forKey: key) { return Int(text) }
        return nil
    }

    /// Money: a JSON number (or numeric string) read as `Decimal` without passing through `Double` rounding noise.
    func decimal(_ key: Key) -> Decimal? {
        if let value = try? decodeIfPresent(Decimal.self, forKey: key) { return value.rounded(scale: 6) }
        if let text = try? decodeIfPresent(String.self, forKey: key) { return Decimal(string: text) }
        return nil
    }

    /// A list that may be absent or `null`; a present list with a malformed element still fails.
    func list<T: Decodable>(_ type: T.Type, _ key: Key) throws -> [T] {
        try decodeIfPresent([T].self, forKey: key) ?? []
    }
}

extension Decimal {
    /// Rounds half away from zero to `scale` places; used to drop binary noise from decoded JSON numbers.
    func rounded(scale: Int) -> Decimal {
        var source = self
        var result = Decimal()
        NSDecimalRound(&result, &source, scale, .plain)
        return result
    }
}
