import Foundation

/// An SSP act: an information page, or a page with a form whose answers are submitted (spec §2.6, §3.5.11).
public struct SspAct: Sendable, Equatable, Decodable {
    /// The act's id, as text; used to fetch and submit it.
    public let id: String
    /// Name of the act for display; nil when the reply has none.
    public let name: String?
    /// When set, the act only links elsewhere (a trigger or a web page); see ``EngagementTarget``.
    public let customUrl: String?
    /// True when the act only shows information and has nothing to submit; nil when not stated.
    public let isInformationPage: Bool?
    /// True when the act leads to a purchase; nil when not stated.
    public let isBuy: Bool?
    /// The page's blocks in display order; nil when the act is described by ``questions`` only.
    public let pageBuildingBlocks: [PageBuildingBlock]?
    /// The questions the form asks; nil when the act has none.
    public let questions: [SspActQuestion]?
    /// The resolution's scan id when the act arrived through an engagement.
    public let scanId: String?

    enum CodingKeys: String, CodingKey {
        case id, name, customUrl, isInformationPage, isBuy, pageBuildingBlocks, questions, scanId
    }

    /// Reads an act, accepting numeric ids.
    /// - Throws: `DecodingError.keyNotFound` when `id` is missing.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        guard let id = try c.lenientString(.id) else {
            throw DecodingError.keyNotFound(CodingKeys.id, .init(codingPath: c.codingPath, debugDescription: "act id"))
        }
        self.id = id
        name = try c.decodeIfPresent(String.self, forKey: .name)
        customUrl = try c.decodeIfPresent(String.self, forKey: .customUrl)
        isInformationPage = try c.decodeIfPresent(Bool.self, forKey: .isInformationPage)
        isBuy = try c.decodeIfPresent(Bool.self, forKey: .isBuy)
        pageBuildingBlocks = try c.decodeIfPresent([PageBuildingBlock].self, forKey: .pageBuildingBlocks)
        questions = try c.decodeIfPresent([SspActQuestion].self, forKey: .questions)
        scanId = try c.lenientString(.scanId)
    }
}

/// One building block of an act page, as sent. Every block has `id` and `type`; the other fields depend on the
/// type (**Sandbox/Project decision**, spec §3.5.11). ``PageBuilder`` turns blocks into ``Page`` elements.
public struct PageBuildingBlock: Sendable, Equatable, Decodable {
    /// Id of the block; input blocks share it with their question.
    public let id: String
    /// `text`, `divider`, `image`, `video`, `textField`, `select` or `dateField`; other types are kept as sent.
    public let type: String
    /// The text of a `text` block.
    public let text: String?
    /// The address of an `image` or `video` block.
    public let url: String?
    /// Label of an input block.
    public let title: String?
    /// Whether an input block must be filled in; nil means optional.
    public let isRequired: Bool?
    /// Hint shown in an empty text field.
    public let placeholder: String?
    /// Kind of a text field: `text`, `email`, `phone` or `number`.
    public let inputType: String?
    /// Fewest characters a text field accepts; nil for no limit.
    public let minLength: Int?
    /// Most characters a text field accepts; nil for no limit.
    public let maxLength: Int?
    /// The choices of a `select` block.
    public let options: [SspOption]?

    /// Creates a block by hand; only `id` and `type` are required, and the rest depend on the type.
    public init(
        id: String, type: String, text: String? = nil, url: String? = nil, title: String? = nil,
        isRequired: Bool? = nil, placeholder: String? = nil, inputType: String? = nil,
        minLength: Int? = nil, maxLength: Int? = nil, options: [SspOption]? = nil
    ) {
        self.id = id
        self.type = type
        self.text = text
        self.url = url
        self.title = title
        self.isRequired = isRequired
        self.placeholder = placeholder
        self.inputType = inputType
        self.minLength = minLength
        self.maxLength = maxLength
        self.options = options
    }

    enum CodingKeys: String, CodingKey {
        case id, type, text, url, title, isRequired, placeholder, inputType, minLength, maxLength, options
    }

    /// Reads a block, accepting numbers sent as text for id and lengths.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.lenientString(.id) ?? ""
        type = try c.decodeIfPresent(String.self, forKey: .type) ?? ""
        text = try c.decodeIfPresent(String.self, forKey: .text)
        url = try c.decodeIfPresent(String.self, forKey: .url)
        title = try c.decodeIfPresent(String.self, forKey: .title)
        isRequired = try c.decodeIfPresent(Bool.self, forKey: .isRequired)
        placeholder = try c.decodeIfPresent(String.self, forKey: .placeholder)
        inputType = try c.decodeIfPresent(String.self, forKey: .inputType)
        minLength = c.lenientInt(.minLength)
        maxLength = c.lenientInt(.maxLength)
        options = try c.decodeIfPresent([SspOption].self, forKey: .options)
    }
}

/// A choice of a select block or question: the answer sent is `String(value)`.
public struct SspOption: Sendable, Equatable, Hashable, Decodable {
    /// The number that identifies the choice; sent as text in the answer.
    public let value: Int
    /// What the user sees for the choice.
    public let label: String

    /// Creates a choice.
    public init(value: Int, label: String) {
        self.value = value
        self.label = label
    }
}

/// A question of an act; input blocks use the question's id as their own.
public struct SspActQuestion: Sendable, Equatable, Decodable {
    /// Id of the question; answers are sent under it.
    public let id: String
    /// The question's label; nil when it has none.
    public let title: String?
    /// `text`, `email`, `phone`, `number`, `select` or `date`.
    public let type: String?
    /// Whether the question must be answered; nil means optional.
    public let isRequired: Bool?
    /// Choices of a `select` question; nil for other types.
    public let options: [SspOption]?
}
