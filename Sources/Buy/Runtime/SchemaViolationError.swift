/// A response value that does not fit the type the query promised. Decoding stops at the first one, so
/// app code never sees a half-valid model.
public struct SchemaViolationError: Error, Sendable, CustomStringConvertible {
    /// Why a value was rejected.
    public enum Reason: Sendable, Equatable {
        /// The response holds a key that names no field of the type.
        case unexpectedField
        /// A field the query selected is absent from the response.
        case missingField
        /// `null` arrived for a field the schema declares non-null.
        case nullForNonNull
        /// The JSON type does not fit (for example a number where a string belongs).
        case wrongJSONType(expected: String)
        /// The text does not parse as the named scalar (`DateTime`, `URL`, `Decimal`).
        case invalidScalar(scalar: String)
        /// An `Int` outside the 32-bit range.
        case integerOutOfRange
        /// An abstract type arrived without a usable `__typename`.
        case unknownTypeName
    }

    /// The GraphQL type whose field was being read.
    public let type: String
    /// The response key of the offending field.
    public let field: String
    /// The offending value as compact JSON, or `<missing>`.
    public let value: String
    /// What was wrong with it.
    public let reason: Reason

    /// Describes a rejected value.
    public init(type: String, field: String, value: String, reason: Reason) {
        self.type = type
        self.field = field
        self.value = value
        self.reason = reason
    }

    /// A one-line explanation for logs.
    public var description: String {
        "Schema violation on \(type).\(field): \(reason) (value: \(value))"
    }
}
