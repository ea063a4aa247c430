import Foundation

extension GraphQL {
    /// A Swift value that can appear as a GraphQL argument or input field, rendered as literal text.
    /// Generated enums and input objects conform; you rarely need to use it directly.
    public protocol ArgumentValue {
        /// The value as GraphQL literal text, for example `10`, `"shoes"`, `BEST_SELLING` or `{phone:null}`.
        var graphQLLiteral: String { get }
    }

    /// Collects `name:value` pairs in order and renders them as `(a:1,b:2)`, leaving out `nil` values.
    public struct ArgumentList {
        // The text so far without its closing parenthesis: one string grows, instead of a string per argument
        // joined at the end.
        private var text = ""

        /// Creates an empty list.
        public init() {}

        /// Appends `name:value`, or nothing when `value` is `nil`.
        public mutating func add(_ name: String, _ value: (some ArgumentValue)?) {
            guard let value else { return }
            text += text.isEmpty ? "(" : ","
            text += name
            text += ":"
            text += GraphQL.checkedLiteral(value)
        }

        /// The rendered list with parentheses, or `nil` when every argument was left out.
        public var rendered: String? {
            text.isEmpty ? nil : text + ")"
        }
    }

    /// Collects the fields of an input object in schema order and renders them as `{a:1,b:null}`.
    public struct InputFieldList {
        // The text so far without its closing brace, as in `ArgumentList`.
        private var text = ""

        /// Creates an empty list.
        public init() {}

        /// Appends a required field.
        public mutating func add(_ name: String, _ value: some ArgumentValue) {
            append(name, GraphQL.checkedLiteral(value))
        }

        /// Appends an optional field: `.undefined` is left out, `.value(nil)` renders `null`.
        public mutating func add<T: ArgumentValue>(_ name: String, _ input: Input<T>) {
            switch input {
            case .undefined: return
            case .value(let value?): append(name, GraphQL.checkedLiteral(value))
            case .value(nil): append(name, "null")
            }
        }

        private mutating func append(_ name: String, _ literal: String) {
            text += text.isEmpty ? "{" : ","
            text += name
            text += ":"
            text += literal
        }

        /// The rendered object, `{}` when empty.
        public var rendered: String { text.isEmpty ? "{}" : text + "}" }
    }

    /// The literal of `value`, or a problem marker when it has none: only an enum's `.unknownValue`
    /// renders as empty text.
    static func checkedLiteral<T: ArgumentValue>(_ value: T) -> String {
        let literal = value.graphQLLiteral
        return literal.isEmpty ? DocumentProblem.unknownEnumValue(type: String(describing: T.self)).marker : literal
    }
}

/// Strings as GraphQL argument values, quoted and escaped.
extension String: GraphQL.ArgumentValue {
    /// The string as a quoted GraphQL literal.
    public var graphQLLiteral: String { GraphQL.quoteString(input: self) }
}

/// 32-bit integers as GraphQL `Int` argument values.
extension Int32: GraphQL.ArgumentValue {
    /// Decimal digits.
    public var graphQLLiteral: String { String(self) }
}

/// Floating-point numbers as GraphQL `Float` argument values.
extension Double: GraphQL.ArgumentValue {
    /// Swift's shortest round-trip text (`100.0`, `1e-05`). NaN and the infinities have no GraphQL
    /// spelling; they become a problem the client refuses to send.
    public var graphQLLiteral: String {
        isFinite ? description : GraphQL.DocumentProblem.nonFiniteNumber(description).marker
    }
}

/// Booleans as GraphQL argument values.
extension Bool: GraphQL.ArgumentValue {
    /// `true` or `false`.
    public var graphQLLiteral: String { self ? "true" : "false" }
}

extension GraphQL.ID: GraphQL.ArgumentValue {
    /// The identifier as a quoted string.
    public var graphQLLiteral: String { GraphQL.quoteString(input: rawValue) }
}

/// Dates as GraphQL `DateTime` argument values, in UTC.
extension Date: GraphQL.ArgumentValue {
    /// The instant as a quoted UTC `DateTime`.
    public var graphQLLiteral: String { GraphQL.quoteString(input: GraphQL.formatDateTime(self)) }
}

/// URLs as GraphQL `URL` argument values.
extension URL: GraphQL.ArgumentValue {
    /// The absolute URL as a quoted string.
    public var graphQLLiteral: String { GraphQL.quoteString(input: absoluteString) }
}

/// Decimals as GraphQL `Decimal` argument values, exact and quoted.
extension Decimal: GraphQL.ArgumentValue {
    /// The number as a quoted string, for example `"10.5"`.
    public var graphQLLiteral: String { GraphQL.quoteString(input: String(describing: self)) }
}

/// Lists of argument values as GraphQL list literals.
extension Array: GraphQL.ArgumentValue where Element: GraphQL.ArgumentValue {
    /// `[a,b]` with no spaces.
    public var graphQLLiteral: String {
        // A loop rather than `map(checkedLiteral)`, whose closure would capture the element metatype.
        var parts: [String] = []
        parts.reserveCapacity(count)
        for element in self { parts.append(GraphQL.checkedLiteral(element)) }
        return "[" + parts.joined(separator: ",") + "]"
    }
}

/// Optional argument values, where `nil` is GraphQL `null`.
extension Optional: GraphQL.ArgumentValue where Wrapped: GraphQL.ArgumentValue {
    /// The wrapped value, or `null`.
    public var graphQLLiteral: String { self?.graphQLLiteral ?? "null" }
}
