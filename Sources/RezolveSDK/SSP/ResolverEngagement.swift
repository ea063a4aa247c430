import Foundation

/// An engagement as the SSP resolver returns it (spec §2.6, §3.5.11). ``target`` says what the app should show.
public struct ResolverEngagement: Sendable, Equatable, Decodable {
    /// Id of the engagement; taken from the last part of ``payloadPath`` when the reply has no id of its own.
    public let engagementId: String
    /// The scan id of this resolution (`serviceId` on the wire); submissions of its act carry it as `scanId`.
    public let serviceId: String
    /// The resolver path of the engagement's payload; its last part is the engagement id.
    public let payloadPath: String
    /// What a generic viewer can show; may be empty.
    public let payoffs: [Payoff]
    /// What the engagement points at; inactive with no target when the reply has none.
    public let rezolveCustomPayload: RezolveCustomPayload

    /// Creates an engagement by hand, for tests and previews.
    public init(
        engagementId: String, serviceId: String, payloadPath: String, payoffs: [Payoff],
        rezolveCustomPayload: RezolveCustomPayload
    ) {
        self.engagementId = engagementId
        self.serviceId = serviceId
        self.payloadPath = payloadPath
        self.payoffs = payoffs
        self.rezolveCustomPayload = rezolveCustomPayload
    }

    enum CodingKeys: String, CodingKey { case engagementId, serviceId, payloadPath, payoffs, rezolveCustomPayload }

    /// Reads a resolver reply, deriving a missing engagement id from ``payloadPath``.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        serviceId = try c.lenientString(.serviceId) ?? ""
        payloadPath = try c.decodeIfPresent(String.self, forKey: .payloadPath) ?? ""
        // The resolver's answer has no engagement id of its own; `payloadPath` ends with it.
        engagementId =
            try c.lenientString(.engagementId)
            ?? payloadPath.split(separator: "/").last.map(String.init) ?? ""
        payoffs = try c.list(Payoff.self, .payoffs)
        rezolveCustomPayload =
            try c.decodeIfPresent(RezolveCustomPayload.self, forKey: .rezolveCustomPayload)
            ?? RezolveCustomPayload(isActive: false, product: nil, category: nil, act: nil)
    }
}

/// One payoff of an engagement: what a generic viewer may show when no target applies.
public struct Payoff: Sendable, Equatable, Decodable {
    /// Token identifying the payoff's action, if any.
    public let actionToken: String?
    /// Kind of action the payoff performs, as the resolver names it.
    public let actionType: String?
    /// The payoff's content, as the resolver sends it.
    public let content: String?
    /// Heading to show.
    public let title: String?
    /// Second line to show.
    public let subtitle: String?
    /// Longer text to show.
    public let description: String?
    /// Address of an image to show.
    public let image: String?
}

/// The engagement's target: at most one of a product, a category or an act is expected.
public struct RezolveCustomPayload: Sendable, Equatable, Decodable {
    /// False when the engagement has been switched off; true when the reply does not say.
    public let isActive: Bool
    /// The product to show; nil when the target is not a product.
    public let product: SspProduct?
    /// The category to show; nil when the target is not a category.
    public let category: SspCategory?
    /// The act to present; nil when the target is not an act.
    public let act: SspResolverAct?

    /// Creates a target by hand, for tests and previews.
    public init(isActive: Bool, product: SspProduct?, category: SspCategory?, act: SspResolverAct?) {
        self.isActive = isActive
        self.product = product
        self.category = category
        self.act = act
    }

    enum CodingKeys: String, CodingKey { case isActive, product, category, act }

    /// Reads a target; a missing `isActive` counts as active.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        isActive = try c.decodeIfPresent(Bool.self, forKey: .isActive) ?? true
        product = try c.decodeIfPresent(SspProduct.self, forKey: .product)
        category = try c.decodeIfPresent(SspCategory.self, forKey: .category)
        act = try c.decodeIfPresent(SspResolverAct.self, forKey: .act)
    }
}

/// A product or category an engagement links to; `customUrl` is usually an `rzlv.co` trigger.
public struct SspCatalogItem: Sendable, Equatable, Decodable {
    /// Id of the product or category, as text.
    public let id: String?
    /// Id of the merchant it belongs to, as text.
    public let merchantId: String?
    /// Heading to show.
    public let title: String?
    /// Second line to show.
    public let subtitle: String?
    /// Longer text to show.
    public let description: String?
    /// Link to open the item, usually an `rzlv.co` trigger; nil when none.
    public let customUrl: String?
    /// Image addresses; empty when none.
    public let images: [String]
    /// Address of a small preview image, if any.
    public let thumbnailUrl: String?

    enum CodingKeys: String, CodingKey {
        case id, merchantId, title, subtitle, description, customUrl, images, thumbnailUrl
    }

    /// Reads an item, accepting numeric ids.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.lenientString(.id)
        merchantId = try c.lenientString(.merchantId)
        title = try c.decodeIfPresent(String.self, forKey: .title)
        subtitle = try c.decodeIfPresent(String.self, forKey: .subtitle)
        description = try c.decodeIfPresent(String.self, forKey: .description)
        customUrl = try c.decodeIfPresent(String.self, forKey: .customUrl)
        images = try c.list(String.self, .images)
        thumbnailUrl = try c.decodeIfPresent(String.self, forKey: .thumbnailUrl)
    }
}

/// A product an engagement links to.
public typealias SspProduct = SspCatalogItem
/// A category an engagement links to.
public typealias SspCategory = SspCatalogItem

/// The act of an engagement. It wraps the act decoded from the same JSON object, so the seed's
/// `payload.act?.act` reads naturally.
public struct SspResolverAct: Sendable, Equatable, Decodable {
    /// The act itself, with its questions and settings.
    public let act: SspAct

    /// Wraps an act, for tests and previews.
    public init(act: SspAct) { self.act = act }

    /// Reads the act from the same JSON object that holds the engagement's `act`.
    public init(from decoder: any Decoder) throws {
        act = try SspAct(from: decoder)
    }
}
