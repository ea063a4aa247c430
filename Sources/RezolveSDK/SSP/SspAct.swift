import Foundation

/// An SSP act: an information page, or a page with a form whose answers are submitted (spec §2.6, §3.5.11).
public struct SspAct: Sendable, Equatable, Decodable {
    public let id: String
    public let name: String?
    /// When set, the act only links elsewhere (a trigger or a web page); see ``EngagementTarget``.
    public let customUrl: String?
    public let isInformationPage: Bool?
    public let isBuy: Bool?
    public let pageBuildingBlocks: [PageBuildingBlock]?
    public let questions: [SspActQuestion]?
    /// The resolution's scan id when the act arrived through an engagement.
    public let scanId: String?

    enum CodingKeys: String, CodingKey {
        case id, name, customUrl, isInformationPage, isBuy, pageBuildingBlocks, questions, scanId
    }

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
    public let id: String
    /// `text`, `divider`, `image`, `video`, `textField`, `select` or `dateField`; other types are kept as sent.
    public let type: String
    public let text: String?
    public let url: String?
    public let title: String?
    public let isRequired: Bool?
    public let placeholder: String?
    public let inputType: String?
    public let minLength: Int?
    public let maxLength: Int?
    public let options: [SspOption]?

    public init(id: String, type: String, text: String? = nil, url: String? = nil, title: String? = nil,
                isRequired: Bool? = nil, placeholder: String? = nil, inputType: String? = nil,
                minLength: Int? = nil, maxLength: Int? = nil, options: [SspOption]? = nil) {
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
    public let value: Int
    public let label: String

    public init(value: Int, label: String) {
        self.value = value
        self.label = label
    }
}

/// A question of an act; input blocks use the question's id as their own.
public struct SspActQuestion: Sendable, Equatable, Decodable {
    public let id: String
    public let title: String?
    /// `text`, `email`, `phone`, `number`, `select` or `date`.
    public let type: String?
    public let isRequired: Bool?
    public let options: [SspOption]?
}
