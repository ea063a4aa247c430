extension GraphQL {
    /// A value the builders could not write as valid GraphQL. The builder API does not throw (as in the
    /// seed), so the problem is carried inside the rendered text and ``Graph/Client`` refuses the document
    /// before sending it, with ``InvalidDocumentError``.
    public enum DocumentProblem: Sendable, Equatable {
        /// An enum argument or input field holds `.unknownValue`, which has no GraphQL spelling. Carries
        /// the Swift enum type's name.
        case unknownEnumValue(type: String)
        /// A `Double` argument is NaN or infinite; GraphQL floats are finite. Carries the value's text.
        case nonFiniteNumber(String)
        /// An `aliasSuffix` would make an alias that is not a GraphQL name (only letters, digits and `_`
        /// are allowed). Carries the suffix.
        case invalidAliasSuffix(String)

        // The marker is delimited by control characters that `quoteString` always escapes, so it can never
        // be confused with the text of a valid value.
        private static let delimiter: Unicode.Scalar = "\u{1E}"
        private static let separator: Unicode.Scalar = "\u{1F}"

        /// The text rendered in place of the value.
        var marker: String {
            let (code, detail) =
                switch self {
                case .unknownEnumValue(let type): ("enum", type)
                case .nonFiniteNumber(let text): ("number", text)
                case .invalidAliasSuffix(let suffix): ("alias", suffix)
                }
            // Control characters in the detail would break the marker; they are shown as `?`.
            let clean = String(String.UnicodeScalarView(detail.unicodeScalars.map { $0.value < 0x20 ? "?" : $0 }))
            return "\(Self.delimiter)\(code)\(Self.separator)\(clean)\(Self.delimiter)"
        }

        /// Every marker in `document`, in order.
        static func problems(in document: String) -> [DocumentProblem] {
            // The delimiter is ASCII, so a byte scan finds it (no UTF-8 sequence contains a byte below 0x80).
            guard document.utf8.contains(UInt8(delimiter.value)) else { return [] }
            let pieces = document.unicodeScalars.split(separator: delimiter, omittingEmptySubsequences: false)
            // A marker is a piece between two delimiters that reads `<code><separator><detail>`; the text
            // between two markers never contains the separator, so it is skipped.
            return pieces.indices.dropFirst().dropLast().compactMap { index in
                let parts = pieces[index].split(separator: separator, maxSplits: 1, omittingEmptySubsequences: false)
                guard parts.count == 2 else { return nil }
                let detail = String(String.UnicodeScalarView(parts[1]))
                switch String(String.UnicodeScalarView(parts[0])) {
                case "enum": return .unknownEnumValue(type: detail)
                case "number": return .nonFiniteNumber(detail)
                case "alias": return .invalidAliasSuffix(detail)
                default: return nil
                }
            }
        }

        /// Whether `suffix` keeps `<field>__<suffix>` a GraphQL name.
        static func isValidAliasSuffix(_ suffix: String) -> Bool {
            suffix.unicodeScalars.allSatisfy { scalar in
                scalar == "_" || ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
                    || ("0"..."9").contains(scalar)
            }
        }
    }

    /// A document the client refused to send because a builder could not write one of its values (see
    /// ``DocumentProblem``). Delivered as `Graph.QueryError.request(error:)`; nothing reaches the network.
    public struct InvalidDocumentError: Error, Sendable, Equatable, CustomStringConvertible {
        /// What is wrong, in document order.
        public let problems: [DocumentProblem]

        /// The problems in `document`, or `nil` when it has none.
        init?(document: String) {
            let problems = DocumentProblem.problems(in: document)
            guard !problems.isEmpty else { return nil }
            self.problems = problems
        }

        /// A one-line summary.
        public var description: String {
            "The query was not sent because it cannot be written as valid GraphQL: \(problems)"
        }
    }
}
