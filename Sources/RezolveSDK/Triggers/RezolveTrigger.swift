import Foundation

/// A Rezolve touch trigger: an `rzlv.co` URL naming a product or a category (spec §2.5, §3.7).
public struct RezolveTrigger: Sendable, Hashable, CustomStringConvertible {
    /// What the trigger points at. The partner segment is informational: resolution uses the session's partner.
    public enum Kind: Sendable, Hashable {
        /// A product trigger, `rzlv.co/{partner}/{merchant}/{category}/{product}`.
        case product(partnerId: Int, merchantId: Int, categoryId: Int, productId: Int)
        /// A category trigger, `rzlv.co/{partner}/{merchant}/{category}`.
        case category(partnerId: Int, merchantId: Int, categoryId: Int)
    }

    /// Whether the trigger names a product or a category, with its ids.
    public let kind: Kind
    /// The `ad` query item, when present and non-empty.
    public let adId: String?
    /// The `placement` query item, when present and non-empty.
    public let placementId: String?

    /// Creates a trigger from its parts; ad and placement are optional.
    public init(kind: Kind, adId: String? = nil, placementId: String? = nil) {
        self.kind = kind
        self.adId = adId
        self.placementId = placementId
    }

    /// A product trigger when `productId` is given, else a category trigger.
    public init(
        partnerId: Int, merchantId: Int, categoryId: Int, productId: Int?, adId: String? = nil,
        placementId: String? = nil
    ) {
        let kind: Kind =
            productId.map {
                .product(partnerId: partnerId, merchantId: merchantId, categoryId: categoryId, productId: $0)
            } ?? .category(partnerId: partnerId, merchantId: merchantId, categoryId: categoryId)
        self.init(kind: kind, adId: adId, placementId: placementId)
    }

    /// The trigger `url` stands for, or `nil` when it is a plain URL.
    public init?(url: URL) {
        guard let parsed = TriggerURLParser.parse(url) else { return nil }
        self = parsed
    }

    /// The partner id in the URL's path; informational only.
    public var partnerId: Int {
        switch kind {
        case .product(let partnerId, _, _, _), .category(let partnerId, _, _): partnerId
        }
    }

    /// Id of the merchant the trigger points at.
    public var merchantId: Int {
        switch kind {
        case .product(_, let merchantId, _, _), .category(_, let merchantId, _): merchantId
        }
    }

    /// Id of the category the trigger points at, or holding its product.
    public var categoryId: Int {
        switch kind {
        case .product(_, _, let categoryId, _), .category(_, _, let categoryId): categoryId
        }
    }

    /// The product id of a product trigger.
    public var productId: Int? {
        if case .product(_, _, _, let productId) = kind { return productId }
        return nil
    }

    /// The canonical form `http://rzlv.co/{p}/{m}/{c}[/{product}][?ad=…&placement=…]`; the query appears only
    /// when both ids are present.
    public var url: URL {
        var path = "/\(partnerId)/\(merchantId)/\(categoryId)"
        if let productId { path += "/\(productId)" }
        var components = URLComponents()
        components.scheme = "http"
        components.host = TriggerURLParser.host
        components.path = path
        if let adId, let placementId {
            components.queryItems = [
                URLQueryItem(name: "ad", value: adId), URLQueryItem(name: "placement", value: placementId),
            ]
        }
        // Every part is a digit string or a query value URLComponents escapes itself, so this always succeeds;
        // the fallback only keeps the property total.
        return components.url ?? URL(fileURLWithPath: path)
    }

    /// The ad and placement as a product carries them, when both are present.
    public var placement: ProductPlacement? {
        guard let adId, let placementId else { return nil }
        return ProductPlacement(adId: adId, placementId: placementId)
    }

    /// The trigger's `rzlv.co` URL as text.
    public var description: String { url.absoluteString }
}

/// The string rules of spec §3.7, kept apart so ``RezolveTrigger`` and ``TriggerClassification`` share them.
enum TriggerURLParser {
    static let host = "rzlv.co"
    /// Ids are 1–18 ASCII digits, so every one fits an `Int` on 64-bit platforms without overflow.
    static let maximumDigits = 18

    static func parse(_ url: URL) -> RezolveTrigger? {
        guard let components = URLComponents(url: url, resolvingAgainstBaseURL: false),
            let scheme = components.scheme?.lowercased(), scheme == "http" || scheme == "https",
            components.host?.lowercased() == host, components.port == nil,
            components.user == nil, components.password == nil
        else { return nil }
        let decodedPath = components.percentEncodedPath.removingPercentEncoding ?? components.percentEncodedPath
        let segments = decodedPath.split(separator: "/", omittingEmptySubsequences: true)
        var ids: [Int] = []
        for segment in segments {
            guard (1...maximumDigits).contains(segment.count), segment.allSatisfy({ $0.isASCII && $0.isNumber }),
                let id = Int(segment)
            else { return nil }
            ids.append(id)
        }
        let items = components.queryItems ?? []
        func item(_ name: String) -> String? {
            guard let value = items.first(where: { $0.name == name })?.value, !value.isEmpty else { return nil }
            return value
        }
        let kind: RezolveTrigger.Kind
        switch ids.count {
        case 4: kind = .product(partnerId: ids[0], merchantId: ids[1], categoryId: ids[2], productId: ids[3])
        case 3: kind = .category(partnerId: ids[0], merchantId: ids[1], categoryId: ids[2])
        default: return nil
        }
        return RezolveTrigger(kind: kind, adId: item("ad"), placementId: item("placement"))
    }
}
