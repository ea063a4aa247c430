import Foundation
import CommerceCore

/// A free-form product option (engraving text, a date, a choice list).
///
/// A class because the app writes the customer's input (``valuesId``, ``value``) into the instance it got from
/// `getProductDetails`, and ``CheckoutProduct/init(product:quantity:)`` reads it from there.
public final class CustomOption: Sendable, Decodable {
    public let optionId: Int
    public let title: String
    /// `field`, `area`, `drop_down`, `radio`, `checkbox`, `multiple` or `date`.
    public let optionType: String
    public let isRequire: Bool
    public let sortOrder: Int?
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

    public init(optionId: Int, title: String, optionType: String, isRequire: Bool, sortOrder: Int? = nil,
                values: [CustomOptionValue] = []) {
        self.optionId = optionId
        self.title = title
        self.optionType = optionType
        self.isRequire = isRequire
        self.sortOrder = sortOrder
        self.values = values
    }

    enum CodingKeys: String, CodingKey { case optionId = "option_id", title, optionType = "type", isRequire = "is_require", sortOrder = "sort_order", values }

    public required init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        guard let optionId = c.lenientInt(.optionId) else {
            throw DecodingError.keyNotFound(CodingKeys.optionId, .init(codingPath: c.codingPath, debugDescription: "option id"))
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

public struct CustomOptionValue: Sendable, Equatable, Decodable {
    public let valueId: Int
    public let title: String
    public let sortOrder: Int?

    enum CodingKeys: String, CodingKey { case valueId = "value_id", title, sortOrder = "sort_order" }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        valueId = c.lenientInt(.valueId) ?? 0
        title = try c.decodeIfPresent(String.self, forKey: .title) ?? ""
        sortOrder = c.lenientInt(.sortOrder)
    }
}
