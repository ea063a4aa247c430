import CommerceCore
import Foundation

/// An act page as the app renders it: display elements and inputs with the user's values (spec §2.6).
public struct Page: Sendable, Equatable {
    /// One thing on the page, in display order: something to show or an input to fill in.
    public enum Element: Sendable, Equatable {
        /// A paragraph of text.
        case text(Page.Text)
        /// A horizontal separator.
        case divider
        /// An image.
        case image(Page.Image)
        /// A video to play from this address.
        case video(URL)
        /// A date input.
        case dateField(Page.DateField)
        /// A pick-one-of-a-list input.
        case select(Page.Select)
        /// A free-text input.
        case textField(Page.TextField)
    }

    /// A paragraph of text to show.
    public struct Text: Sendable, Equatable {
        /// Id of the element in the act's definition.
        public let id: String
        /// The text to show.
        public let text: String
    }

    /// An image to show.
    public struct Image: Sendable, Equatable {
        /// Id of the element in the act's definition.
        public let id: String
        /// Where the image is loaded from.
        public let url: URL
    }

    /// An input for a date.
    public struct DateField: Sendable, Equatable {
        /// Id of the question; answers are sent under it.
        public let id: String
        /// Label to show with the input.
        public let title: String
        /// True when the page cannot be submitted without a date.
        public let isRequired: Bool
        /// The date the user picked; nil until one is picked.
        public var value: Date?
    }

    /// An input that picks one of a fixed list of options.
    public struct Select: Sendable, Equatable {
        /// One entry the user can pick.
        public typealias Option = SspOption
        /// Id of the question; answers are sent under it.
        public let id: String
        /// Label to show with the input.
        public let title: String
        /// True when the page cannot be submitted without a choice.
        public let isRequired: Bool
        /// The entries offered, in display order.
        public let options: [Option]
        /// The entry the user picked; nil until one is picked.
        public var value: Option?
    }

    /// An input for free text, with an optional kind and length limits.
    public struct TextField: Sendable, Equatable {
        /// What kind of text is expected; decides the keyboard and the check in ``Page/TextField/isValid``.
        public enum InputType: String, Sendable, Equatable { case text, email, phone, number }
        /// Id of the question; answers are sent under it.
        public let id: String
        /// Label to show with the input.
        public let title: String
        /// True when the page cannot be submitted with this left empty.
        public let isRequired: Bool
        /// Hint shown while the input is empty, if any.
        public let placeholder: String?
        /// What kind of text is expected.
        public let inputType: InputType
        /// Fewest characters accepted; nil for no lower limit.
        public let minLength: Int?
        /// Most characters accepted; nil for no upper limit.
        public let maxLength: Int?
        /// The text the user typed; nil until something is typed.
        public var value: String?

        /// Whether `value` is acceptable: empty only when optional, within the length limits, and of the input type.
        public var isValid: Bool {
            guard let value, !value.isEmpty else { return !isRequired }
            if let minLength, value.count < minLength { return false }
            if let maxLength, value.count > maxLength { return false }
            switch inputType {
            case .email: return Page.looksLikeEmail(value)
            case .number: return Double(value) != nil
            case .text, .phone: return true
            }
        }
    }

    /// A value the user entered, for ``setValue(_:forElementId:)``.
    public enum Value: Sendable, Equatable {
        /// Text for a text field.
        case text(String)
        /// A date for a date field.
        case date(Date)
        /// The `value` of one of a select's options.
        case option(Int)
    }

    /// One entry of a select input.
    public typealias Option = SspOption

    /// The page's content in display order; inputs carry the user's values.
    public var elements: [Element]

    /// Creates a page from its elements, as ``PageBuilder`` does.
    public init(elements: [Element]) { self.elements = elements }

    /// `true` when every required input has a value and every given value is acceptable.
    public var isValid: Bool {
        elements.allSatisfy { element in
            switch element {
            case .text, .divider, .image, .video: true
            case .dateField(let field): !field.isRequired || field.value != nil
            case .select(let select): !select.isRequired || select.value != nil
            case .textField(let field): field.isValid
            }
        }
    }

    /// Sets (or, with `nil`, clears) the value of the input whose id is `id`. A value of the wrong kind for that
    /// input, or an option the select does not offer, clears it.
    public mutating func setValue(_ value: Page.Value?, forElementId id: String) {
        for index in elements.indices {
            switch elements[index] {
            case .dateField(var field) where field.id == id:
                if case .date(let date)? = value { field.value = date } else { field.value = nil }
                elements[index] = .dateField(field)
            case .select(var select) where select.id == id:
                if case .option(let chosen)? = value {
                    select.value = select.options.first { $0.value == chosen }
                } else {
                    select.value = nil
                }
                elements[index] = .select(select)
            case .textField(var field) where field.id == id:
                if case .text(let text)? = value { field.value = text } else { field.value = nil }
                elements[index] = .textField(field)
            default:
                continue
            }
        }
    }

    /// The answers of the inputs that have a value, in page order, in the wire forms of spec §3.5.11.
    public var answers: [SspSubmissionAnswer] {
        elements.compactMap { element -> SspSubmissionAnswer? in
            switch element {
            case .text, .divider, .image, .video: nil
            case .dateField(let field):
                field.value.map { SspSubmissionAnswer(questionId: field.id, answer: Page.answerText(for: $0)) }
            case .select(let select):
                select.value.map { SspSubmissionAnswer(questionId: select.id, answer: String($0.value)) }
            case .textField(let field): field.value.map { SspSubmissionAnswer(questionId: field.id, answer: $0) }
            }
        }
    }

    /// `yyyy-MM-dd'T'HH:mm:ssZ` in UTC, the form Rezolve's sample app sends (`2024-01-31T18:05:07+0000`).
    public static func answerText(for date: Date) -> String {
        var text = ISO8601.format(date)
        if text.hasSuffix("Z") {
            text.removeLast()
            text += "+0000"
        }
        return text
    }

    static func looksLikeEmail(_ text: String) -> Bool {
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, !text.contains(where: \.isWhitespace) else { return false }
        let domain = parts[1].split(separator: ".", omittingEmptySubsequences: false)
        return domain.count >= 2 && domain.allSatisfy { !$0.isEmpty }
    }
}
