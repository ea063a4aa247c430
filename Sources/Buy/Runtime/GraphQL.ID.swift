import Foundation

extension GraphQL {
    /// An opaque object identifier as the server sends it. The client never looks inside it.
    public struct ID: RawRepresentable, Hashable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral, Codable
    {
        /// The identifier text exactly as received.
        public let rawValue: String

        /// Wraps an identifier string.
        public init(rawValue: String) {
            self.rawValue = rawValue
        }

        /// Wraps an optional identifier string: `nil` in gives `nil` out.
        public init?(rawValue: String?) {
            guard let rawValue else { return nil }
            self.rawValue = rawValue
        }

        /// Lets tests and samples write an identifier as a string literal.
        public init(stringLiteral value: String) {
            self.rawValue = value
        }

        /// The identifier text.
        public var description: String { rawValue }

        /// Decodes an identifier from a JSON string.
        public init(from decoder: any Decoder) throws {
            rawValue = try decoder.singleValueContainer().decode(String.self)
        }

        /// Encodes the identifier as a JSON string.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(rawValue)
        }
    }
}
