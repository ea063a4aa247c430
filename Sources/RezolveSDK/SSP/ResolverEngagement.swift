import Foundation

/// An engagement as the SSP resolver returns it (spec §2.6, §3.5.11). ``target`` says what the app should show.
public struct ResolverEngagement: Sendable, Equatable, Decodable {
    public let engagementId: String
    /// The scan id of this resolution (`serviceId` on the wire); submissions of its act carry it as `scanId`.
    public let serviceId: String
    public let payloadPath: String
    public let payoffs: [Payoff]
    public let rezolveCustomPayload: RezolveCustomPayload

    public init(engagementId: String, serviceId: String, payloadPath: String, payoffs: [Payoff],
                rezolveCustomPayload: RezolveCustomPayload) {
        self.engagementId = engagementId
        self.serviceId = serviceId
        self.payloadPath = payloadPath
        self.payoffs = payoffs
        self.rezolveCustomPayload = rezolveCustomPayload
    }

    enum CodingKeys: String, CodingKey { case engagementId, serviceId, payloadPath, payoffs, rezolveCustomPayload }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        serviceId = try c.lenientString(.serviceId) ?? ""
        payloadPath = try c.decodeIfPresent(String.self, forKey: .payloadPath) ?? ""
        // The resolver's answer has no engagement id of its own; `payloadPath` ends with it.
        engagementId = try c.lenientString(.engagementId)
            ?? payloadPath.split(separator: "/").last.map(String.init) ?? ""
        payoffs = try c.list(Payoff.self, .payoffs)
        rezolveCustomPayload = try c.decodeIfPresent(RezolveCustomPayload.self, forKey: .rezolveCustomPayload)
            ?? RezolveCustomPayload(isActive: false, product: nil, category: nil, act: nil)
    }
}

/// One payoff of an engagement: what a generic viewer may show when no target applies.
public struct Payoff: Sendable, Equatable, Decodable {
    public let actionToken: String?
    public let actionType: String?
    public let content: String?
    public let title: String?
    public let subtitle: String?
    public let description: String?
    public let image: String?
}

/// The engagement's target: at most one of a product, a category or an act is expected.
public struct RezolveCustomPayload: Sendable, Equatable, Decodable {
    public let isActive: Bool
    public let product: SspProduct?
    public let category: SspCategory?
    public let act: SspResolverAct?

    public init(isActive: Bool, product: SspProduct?, category: SspCategory?, act: SspResolverAct?) {
        self.isActive = isActive
        self.product = product
        self.category = category
        self.act = act
    }

    enum CodingKeys: String, CodingKey { case isActive, product, category, act }

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
    public let id: String?
    public let merchantId: String?
    public let title: String?
    public let subtitle: String?
    public let description: String?
    public let customUrl: String?
    public let images: [String]
    public let thumbnailUrl: String?

    enum CodingKeys: String, CodingKey { case id, merchantId, title, subtitle, description, customUrl, images, thumbnailUrl }

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

public typealias SspProduct = SspCatalogItem
public typealias SspCategory = SspCatalogItem

/// The act of an engagement. It wraps the act decoded from the same JSON object, so the seed's
/// `payload.act?.act` reads naturally.
public struct SspResolverAct: Sendable, Equatable, Decodable {
    public let act: SspAct

    public init(act: SspAct) { self.act = act }

    public init(from decoder: any Decoder) throws {
        act = try SspAct(from: decoder)
    }
}
