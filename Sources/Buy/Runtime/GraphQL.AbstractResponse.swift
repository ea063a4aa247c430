import CommerceCore
import Foundation

extension GraphQL {
    /// The base of every generated response model: the decoded fields of one JSON object, keyed by
    /// response key. Prefer the generated typed properties; the key-value accessors here never trap.
    ///
    /// All fields are decoded and checked while the initialiser runs and never change afterwards, which
    /// is why sharing a model between threads is safe.
    // @unchecked: `storage` is written only while the initialiser runs; an open class cannot be checked.
    open class AbstractResponse: @unchecked Sendable {
        /// Decoded values by response key. Nullable fields hold a Swift `Optional` boxed in `Any`.
        package private(set) var storage = FieldStorage(decoding: JSONObject())
        /// The JSON object exactly as received.
        var raw: JSONObject { storage.object }

        /// The GraphQL type name of this model (`Shop`, `Product`, or the received `__typename` for
        /// unknown implementations of an interface).
        open var typeName: String { "" }

        /// Builds a model from an already-parsed JSON object (`JSONSerialization` output or literals).
        public required convenience init(fields: [String: Any]) throws(SchemaViolationError) {
            let object = try AbstractResponse.jsonObject(fromAny: fields, type: "", field: "")
            try self.init(object: object)
        }

        /// Builds a model from the bytes of a JSON object.
        public convenience init(json: Data) throws(SchemaViolationError) {
            let value: CoreJSON
            do { value = try CoreJSON.parse(json) } catch {
                throw SchemaViolationError(
                    type: "", field: "", value: String(decoding: json.prefix(200), as: UTF8.self),
                    reason: .wrongJSONType(expected: "object"))
            }
            guard case .object(let object) = value else {
                throw SchemaViolationError(
                    type: "", field: "", value: value.serialized(), reason: .wrongJSONType(expected: "object"))
            }
            try self.init(object: object)
        }

        /// Decodes every key of `object`; the first value that does not fit stops decoding. This and
        /// `init(empty:)` are SPI rather than `package`: a subclass in another module inherits `init(fields:)`
        /// only when it inherits every designated initialiser, which a `package` one does not count as.
        @_spi(GeneratedModels) public init(object: JSONObject) throws(SchemaViolationError) {
            var decoded = FieldStorage(decoding: object)
            for (key, value) in object {
                if key == "__typename" {
                    guard case .string(let name) = value else {
                        throw SchemaViolationError(
                            type: typeName, field: key, value: value.serialized(),
                            reason: .wrongJSONType(expected: "String"))
                    }
                    decoded.append(name)
                    continue
                }
                do {
                    try decoded.append(
                        deserializeValue(
                            fieldName: AbstractResponse.fieldName(forKey: key), key: key, value: value))
                } catch let violation as SchemaViolationError {
                    throw violation
                } catch {
                    throw SchemaViolationError(
                        type: typeName, field: key, value: value.serialized(), reason: .unexpectedField)
                }
            }
            storage = decoded
        }

        /// An instance with no fields, handed out when app code reads an object field it did not query.
        @_spi(GeneratedModels) public init(empty: Void) {}

        /// Decodes one field value. Generated subclasses override this with one case per schema field; open as
        /// SPI so they may live in another module.
        @_spi(GeneratedModels) open func deserializeValue(fieldName: String, key: String, value: CoreJSON) throws -> Any
        {
            throw SchemaViolationError(
                type: typeName, field: fieldName, value: value.serialized(), reason: .unexpectedField)
        }

        /// The field name for a response key: `title__t2` answers field `title`, `__typename` itself.
        static func fieldName(forKey key: String) -> String {
            // A byte scan over the key's contiguous UTF-8 (copied to the stack for a small string): Foundation's
            // `range(of:)` went through NSString here, once per decoded field, a third of decoding a page.
            let split =
                key.utf8.withContiguousStorageIfAvailable(aliasSeparator)
                ?? Array(key.utf8).withUnsafeBufferPointer(aliasSeparator)
            // `_` is ASCII, so its byte offset is also a character boundary; a key starting `__` is its own name.
            guard let split, split > 0 else { return key }
            return String(decoding: key.utf8.prefix(split), as: UTF8.self)
        }

        /// The offset of the first `__` in a key's bytes.
        private static func aliasSeparator(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
            guard bytes.count >= 2 else { return nil }
            for index in 1..<bytes.count where bytes[index] == 0x5F && bytes[index - 1] == 0x5F { return index - 1 }
            return nil
        }

        static func responseKey(_ field: String, aliasSuffix: String?) -> String {
            guard let aliasSuffix else { return field }
            return field + "__" + aliasSuffix
        }

        // MARK: Key-value access

        /// The decoded value for a field (a model, scalar, array, or `nil` for `null` or an absent field).
        public func field(field: String, aliasSuffix: String? = nil) -> Any? {
            guard let stored = storage[AbstractResponse.responseKey(field, aliasSuffix: aliasSuffix)] else {
                return nil
            }
            return flattened(stored)
        }

        /// The decoded value for a field; the unlabelled spelling the seed uses.
        public func field(_ name: String, aliasSuffix: String? = nil) -> Any? {
            field(field: name, aliasSuffix: aliasSuffix)
        }

        /// Whether the response holds the field (possibly as `null`).
        public func hasField(_ name: String, aliasSuffix: String? = nil) -> Bool {
            storage[AbstractResponse.responseKey(name, aliasSuffix: aliasSuffix)] != nil
        }

        /// The field as `T`, or an error saying why it cannot be handed out.
        public func fieldValue<T>(_ name: String, aliasSuffix: String? = nil, as type: T.Type = T.self)
            throws(FieldAccessError) -> T
        {
            guard let stored = storage[AbstractResponse.responseKey(name, aliasSuffix: aliasSuffix)] else {
                throw .notQueried(type: typeName, field: name)
            }
            if let value = stored as? T { return value }
            throw .typeMismatch(type: typeName, field: name, expected: String(describing: T.self))
        }

        /// The JSON object as received, by response key.
        public var rawFields: [String: JSONValue] {
            var fields: [String: JSONValue] = [:]
            for (key, value) in raw { fields[key] = JSONValue(value) }
            return fields
        }

        /// Reads a field for a generated property: a neutral value (and a report to
        /// ``GraphQL/fieldAccessObserver``) when the field was not queried.
        package func readField<T>(field: String, aliasSuffix: String?, neutral: @autoclosure () -> T) -> T {
            guard let stored = storage[AbstractResponse.responseKey(field, aliasSuffix: aliasSuffix)] else {
                GraphQL.reportUnqueriedAccess(type: typeName, field: field)
                return neutral()
            }
            return (stored as? T) ?? neutral()
        }

        private func flattened(_ value: Any) -> Any? {
            guard let optional = value as? any OptionalValue else { return value }
            return optional.wrappedAny
        }

        static func jsonObject(fromAny fields: [String: Any], type: String, field: String) throws(SchemaViolationError)
            -> JSONObject
        {
            var object = JSONObject()
            for key in fields.keys.sorted() {
                if let value = fields[key] { object[key] = try jsonValue(fromAny: value, type: type, field: key) }
            }
            return object
        }

        private static func jsonValue(fromAny value: Any, type: String, field: String) throws(SchemaViolationError)
            -> CoreJSON
        {
            if let optional = value as? any OptionalValue {
                guard let wrapped = optional.wrappedAny else { return .null }
                return try jsonValue(fromAny: wrapped, type: type, field: field)
            }
            if value is NSNull { return .null }
            if !(value is String), let number = value as? NSNumber {
                // Covers JSONSerialization output on every platform and bridged Swift numbers on Apple ones.
                let kind = String(cString: number.objCType)
                if kind == "c" || kind == "B" { return .bool(number.boolValue) }
                if kind == "f" || kind == "d" { return .double(number.doubleValue) }
                return .integer(number.int64Value)
            }
            switch value {
            case let bool as Bool: return .bool(bool)
            case let int as Int: return .integer(Int64(int))
            case let int as Int32: return .integer(Int64(int))
            case let int as Int64: return .integer(int)
            case let double as Double: return .double(double)
            case let string as String: return .string(string)
            case let array as [Any]:
                var items: [CoreJSON] = []
                for item in array { items.append(try jsonValue(fromAny: item, type: type, field: field)) }
                return .array(items)
            case let dictionary as [String: Any]:
                return .object(try jsonObject(fromAny: dictionary, type: type, field: field))
            default:
                throw SchemaViolationError(
                    type: type, field: field, value: String(describing: value),
                    reason: .wrongJSONType(expected: "JSON"))
            }
        }
    }
}

/// Lets the runtime see through an `Optional` boxed in `Any`.
protocol OptionalValue {
    var wrappedAny: Any? { get }
}

extension Optional: OptionalValue {
    var wrappedAny: Any? {
        guard let wrapped = self else { return nil }
        if let nested = wrapped as? any OptionalValue { return nested.wrappedAny }
        return wrapped
    }
}
