import Foundation

extension JSONValue {
    /// Compact JSON text with object keys in their stored order and `/` left unescaped.
    public func serialized() -> String {
        var output = ""
        output.reserveCapacity(64)
        write(to: &output)
        return output
    }

    /// The compact JSON text as UTF-8 bytes.
    public func serializedData() -> Data { Data(serialized().utf8) }

    private func write(to output: inout String) {
        switch self {
        case .null: output += "null"
        case .bool(let value): output += value ? "true" : "false"
        case .integer(let value): output += String(value)
        case .double(let value):
            if value.rounded() == value, abs(value) < 1e15 {
                output += String(Int64(value))
            } else {
                output += "\(value)"
            }
        case .string(let value): Self.writeString(value, to: &output)
        case .array(let items):
            output += "["
            for (offset, item) in items.enumerated() {
                if offset > 0 { output += "," }
                item.write(to: &output)
            }
            output += "]"
        case .object(let object):
            output += "{"
            var first = true
            for (key, value) in object {
                if !first { output += "," }
                first = false
                Self.writeString(key, to: &output)
                output += ":"
                value.write(to: &output)
            }
            output += "}"
        }
    }

    private static func writeString(_ value: String, to output: inout String) {
        output += "\""
        JSONEscaping.append(value, to: &output)
        output += "\""
    }
}

/// The one JSON string escaper: every writer of JSON text in CommerceKit escapes through it.
package enum JSONEscaping {
    /// Appends `value` as the inside of a JSON string. With `escapingSolidus`, `/` becomes `\/` as
    /// Foundation's `JSONEncoder` writes it, for bodies that must match its bytes.
    package static func append(_ value: String, to output: inout String, escapingSolidus: Bool = false) {
        // Runs of characters that need no escape are copied whole: every character that does is ASCII, so
        // its UTF-8 offset is also a character boundary.
        let utf8 = value.utf8
        var runStart = utf8.startIndex
        var index = runStart
        while index != utf8.endIndex {
            let byte = utf8[index]
            if byte >= 0x20, byte != 0x22, byte != 0x5C, !(escapingSolidus && byte == 0x2F) {
                utf8.formIndex(after: &index)
                continue
            }
            if runStart != index { output += value[runStart..<index] }
            output += escape(byte)
            utf8.formIndex(after: &index)
            runStart = index
        }
        if runStart == utf8.startIndex {
            output += value
        } else if runStart != utf8.endIndex {
            output += value[runStart..<utf8.endIndex]
        }
    }

    /// Appends `value` as the inside of a JSON string to UTF-8 bytes, with the same escapes as the `String`
    /// overload: for bodies that are hashed and sent as bytes, which skips building them as a `String` first.
    package static func append(_ value: String, to output: inout [UInt8], escapingSolidus: Bool = false) {
        var value = value
        value.withUTF8 { bytes in
            // Runs that need no escape are copied whole (one memcpy each).
            var runStart = 0
            for index in bytes.indices {
                let byte = bytes[index]
                if byte >= 0x20, byte != 0x22, byte != 0x5C, !(escapingSolidus && byte == 0x2F) { continue }
                output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
                output.append(contentsOf: escape(byte).utf8)
                runStart = index + 1
            }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart...]))
        }
    }

    /// The escape sequence for one ASCII byte that JSON cannot carry as is.
    private static func escape(_ byte: UInt8) -> String {
        switch byte {
        case 0x22: return "\\\""
        case 0x5C: return "\\\\"
        case 0x2F: return "\\/"
        case 0x0A: return "\\n"
        case 0x0D: return "\\r"
        case 0x09: return "\\t"
        case 0x08: return "\\b"
        case 0x0C: return "\\f"
        default:
            let hex = String(byte, radix: 16)
            return "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        }
    }
}

extension JSONValue: Codable {
    /// Decodes any JSON value through `Codable`; object keys come out sorted, since `Decoder` does not keep their order.
    /// - Throws: `DecodingError.dataCorrupted` when the value is none of the JSON kinds.
    public init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int64.self) {
            self = .integer(value)
        } else if let value = try? container.decode(Double.self) {
            self = .double(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else if let value = try? container.decode([String: JSONValue].self) {
            self = .object(JSONObject(value.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }))
        } else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "Not a JSON value")
        }
    }

    /// Encodes the value through `Codable`; key order then depends on the encoder.
    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .integer(let value): try container.encode(value)
        case .double(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let object):
            var dictionary: [String: JSONValue] = [:]
            for (key, value) in object { dictionary[key] = value }
            try container.encode(dictionary)
        }
    }
}
