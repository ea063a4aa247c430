import CommerceCore
import Foundation

extension GraphQL {
    /// Scalar and structure decoders used by generated models. Each one turns a value that does not fit
    /// into a ``SchemaViolationError`` naming the type and response key, never a trap. `package`: the models of
    /// another Storefront version (the `Storefront2026_04` product) are generated into their own module.
    package enum Decode {
        package typealias Raw = CoreJSON

        package struct Context {
            let type: String
            let field: String

            package init(type: String, field: String) {
                self.type = type
                self.field = field
            }

            package func fail(_ value: Raw, _ reason: SchemaViolationError.Reason) -> SchemaViolationError {
                SchemaViolationError(type: type, field: field, value: value.serialized(), reason: reason)
            }
        }

        private static func mismatch(_ value: Raw, _ context: Context, expected: String) -> SchemaViolationError {
            if case .null = value { return context.fail(value, .nullForNonNull) }
            return context.fail(value, .wrongJSONType(expected: expected))
        }

        package static func string(_ value: Raw, _ context: Context) throws -> String {
            guard case .string(let text) = value else { throw mismatch(value, context, expected: "String") }
            return text
        }

        package static func int(_ value: Raw, _ context: Context) throws -> Int32 {
            switch value {
            case .integer(let integer):
                guard let result = Int32(exactly: integer) else { throw context.fail(value, .integerOutOfRange) }
                return result
            case .double(let double):
                guard double.rounded() == double, double.isFinite else {
                    throw context.fail(value, .wrongJSONType(expected: "Int"))
                }
                guard let result = Int32(exactly: double) else { throw context.fail(value, .integerOutOfRange) }
                return result
            default:
                throw mismatch(value, context, expected: "Int")
            }
        }

        package static func float(_ value: Raw, _ context: Context) throws -> Double {
            switch value {
            case .integer(let integer): return Double(integer)
            case .double(let double): return double
            default: throw mismatch(value, context, expected: "Float")
            }
        }

        package static func bool(_ value: Raw, _ context: Context) throws -> Bool {
            guard case .bool(let flag) = value else { throw mismatch(value, context, expected: "Boolean") }
            return flag
        }

        package static func id(_ value: Raw, _ context: Context) throws -> GraphQL.ID {
            guard case .string(let text) = value else { throw mismatch(value, context, expected: "ID") }
            return GraphQL.ID(rawValue: text)
        }

        package static func dateTime(_ value: Raw, _ context: Context) throws -> Date {
            guard case .string(let text) = value else { throw mismatch(value, context, expected: "DateTime") }
            guard let date = GraphQL.parseDateTime(text) else {
                throw context.fail(value, .invalidScalar(scalar: "DateTime"))
            }
            return date
        }

        package static func url(_ value: Raw, _ context: Context) throws -> URL {
            guard case .string(let text) = value else { throw mismatch(value, context, expected: "URL") }
            guard !text.isEmpty, let url = URL(string: text) else {
                throw context.fail(value, .invalidScalar(scalar: "URL"))
            }
            return url
        }

        package static func decimal(_ value: Raw, _ context: Context) throws -> Decimal {
            guard case .string(let text) = value else { throw mismatch(value, context, expected: "Decimal") }
            guard isDecimalLiteral(text), let decimal = GraphQL.DecimalText.parse(text) else {
                throw context.fail(value, .invalidScalar(scalar: "Decimal"))
            }
            return decimal
        }

        package static func enumValue<E: RawRepresentable>(_ value: Raw, _ context: Context, unknown: E) throws -> E
        where E.RawValue == String {
            guard case .string(let text) = value else { throw mismatch(value, context, expected: "enum") }
            return E(rawValue: text) ?? unknown
        }

        package static func object<T>(_ value: Raw, _ context: Context, _ make: (JSONObject) throws -> T) throws -> T {
            guard case .object(let object) = value else { throw mismatch(value, context, expected: "object") }
            return try make(object)
        }

        package static func list<T>(_ value: Raw, _ context: Context, _ element: (Raw) throws -> T) throws -> [T] {
            guard case .array(let items) = value else { throw mismatch(value, context, expected: "list") }
            var result: [T] = []
            result.reserveCapacity(items.count)
            for item in items { result.append(try element(item)) }
            return result
        }

        package static func optional<T>(_ value: Raw, _ element: (Raw) throws -> T) throws -> T? {
            if case .null = value { return nil }
            return try element(value)
        }

        /// Reads the `__typename` of an object that answers an abstract type.
        package static func typeName(_ value: Raw, _ context: Context) throws -> (String, JSONObject) {
            guard case .object(let object) = value else { throw mismatch(value, context, expected: "object") }
            guard case .string(let name)? = object["__typename"] else { throw context.fail(value, .unknownTypeName) }
            return (name, object)
        }

        /// `-?digits(.digits)?([eE][+-]?digits)?`: the whole text, nothing Decimal would silently cut off.
        static func isDecimalLiteral(_ text: String) -> Bool {
            var bytes = text.utf8.makeIterator()
            var state = 0  // 0 start, 1 sign, 2 int digits, 3 dot, 4 fraction, 5 e, 6 e-sign, 7 exponent
            while let byte = bytes.next() {
                let isDigit = byte >= 0x30 && byte <= 0x39
                switch state {
                case 0:
                    if byte == 0x2D || byte == 0x2B { state = 1 } else if isDigit { state = 2 } else { return false }
                case 1: if isDigit { state = 2 } else { return false }
                case 2:
                    if isDigit {
                        state = 2
                    } else if byte == 0x2E {
                        state = 3
                    } else if byte == 0x65 || byte == 0x45 {
                        state = 5
                    } else {
                        return false
                    }
                case 3, 4:
                    if isDigit {
                        state = 4
                    } else if state == 4, byte == 0x65 || byte == 0x45 {
                        state = 5
                    } else {
                        return false
                    }
                case 5:
                    if byte == 0x2D || byte == 0x2B { state = 6 } else if isDigit { state = 7 } else { return false }
                case 6, 7: if isDigit { state = 7 } else { return false }
                default: return false
                }
            }
            return state == 2 || state == 4 || state == 7
        }
    }
}
