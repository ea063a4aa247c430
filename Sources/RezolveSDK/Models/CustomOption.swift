import CommerceCore
import Foundation

/// A free-form product option (engraving text, a date, a choice list).
///
/// A class because the app writes the customer's input (``valuesId``, ``value``) into the instance it got from
/// `getProductDetails`, and ``CheckoutProduct/init(product:quantity:)`` reads it from there.
public final class CustomOption: Sendable, Decodable {
    /// Id of the option; sent back in ``CustomConfigurableOption/optionId``.
    public let optionId: Int
    /// Label to show with the input; empty when missing.
    public let title: String
    /// `field`, `area`, `drop_down`, `radio`, `checkbox`, `multiple` or `date`.
    public let optionType: String
    /// True when the product cannot be bought without an input for this option.
    public let isRequire: Bool
    /// Position among the product's custom options; lower comes first, nil when unset.
    public let sortOrder: Int?
    /// The choices of a choice-type option; empty for text and date options.
    public let values: [CustomOptionValue]
    private let input = Locked<(valuesId: [Int], value: [String])>(([], []))

    /// The chosen value ids, for choice options.
    public var valuesId: [Int] {
        get { input.get().valuesId }
        set { input.withLock { $0.valuesId = newValue } }
    }

    /// The entered text, for text-like options.
    public var value: [String] {
        get { input.get().value }
        set { input.withLock { $0.value = newValue } }
    }

    /// Creates an option by hand, with no input yet.
    public init(
        optionId: Int, title: String, optionType: String, isRequire: Bool, sortOrder: Int? = nil,
        values: [CustomOptionValue] = []
    ) {
        self.optionId = optionId
        self.title = title
        self.optionType = optionType
        self.isRequire = isRequire
        self.sortOrder = sortOrder
        self.values = values
    }

    enum CodingKeys: String, CodingKey {
        case optionId = "option_id"
        case title
        case optionType = "type"
        case isRequire = "is_require"
        case sortOrder = "sort_order"
        case values
    }

    /// Reads an option, accepting numbers sent as text.
    /// - Throws: `DecodingError.keyNotFound` when `option_id` is missing or not a number.
    public required init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        guard let optionId = c.lenientInt(.optionId) else {
            throw DecodingError.keyNotFound(
                CodingKeys.optionId, .init(codingPath: c.codingPath, debugDescription: "option id"))
        }
        self.optionId = optionId
        title = try c.decodeIfPresent(String.self, forKey: .title) ?? ""
        optionType = try c.decodeIfPresent(String.self, forKey: .optionType) ?? ""
        isRequire = try c.decodeIfPresent(Bool.self, forKey: .isRequire) ?? false
        sortOrder = c.lenientInt(.sortOrder)
        values = try c.list(CustomOptionValue.self, .values)
    }

    /// The values to send: chosen value ids for choice options, otherwise the entered text.
    var selection: [String] {
        let current = input.get()
        return current.valuesId.isEmpty ? current.value : current.valuesId.map(String.init)
    }
}

/// One choice of a custom option.
public struct CustomOptionValue: Sendable, Equatable, Decodable {
    /// Id of the choice, sent in ``CustomOption/valuesId`` when picked; 0 when missing.
    public let valueId: Int
    /// Label to show for the choice; empty when missing.
    public let title: String
    /// Position among the choices; lower comes first, nil when unset.
    public let sortOrder: Int?

    enum CodingKeys: String, CodingKey {
        case valueId = "value_id"
        case title
        case sortOrder = "sort_order"
    }

    /// Reads a choice, accepting numbers sent as text.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        valueId = c.lenientInt(.valueId) ?? 0
        title = try c.decodeIfPresent(String.self, forKey: .title) ?? ""
        sortOrder = c.lenientInt(.sortOrder)
    }
}
