import Foundation

/// One decoded watermark, QR code or barcode, as a capture layer (or a test) reports it to
/// ``ScanManager/handleDetected(_:)`` (spec §2.9).
public struct RezolveDetection: Sendable, Equatable {
    /// How the item was found: an image watermark, an audio watermark, a QR code or a barcode.
    public enum Kind: String, Sendable, Equatable { case image, audio, qrCode, barcode }

    /// How the item was found; decides the event type reported for engagements.
    public var kind: Kind
    /// Id of the partner the trigger belongs to.
    public var partnerId: Int
    /// Id of the merchant the trigger points at.
    public var merchantId: Int
    /// Id of the category the trigger points at.
    public var categoryId: Int
    /// Id of the product; nil when the trigger points at a category.
    public var productId: Int?
    /// Id of the ad that carried the trigger, if any.
    public var adId: String?
    /// Id of the placement the ad was shown in, if any.
    public var placementId: String?
    /// True when the trigger points at an Act.
    public var isAct: Bool
    /// Text to show for the item, if the capture layer has one.
    public var title: String?
    /// When set, the detection is an SSP engagement and is resolved through the SSP resolver.
    public var engagementId: String?

    /// Creates a detection; only kind and the partner, merchant and category ids are required.
    public init(
        kind: Kind, partnerId: Int, merchantId: Int, categoryId: Int, productId: Int? = nil, adId: String? = nil,
        placementId: String? = nil, isAct: Bool = false, title: String? = nil, engagementId: String? = nil
    ) {
        self.kind = kind
        self.partnerId = partnerId
        self.merchantId = merchantId
        self.categoryId = categoryId
        self.productId = productId
        self.adId = adId
        self.placementId = placementId
        self.isAct = isAct
        self.title = title
        self.engagementId = engagementId
    }

    /// The touch trigger this detection stands for.
    public var trigger: RezolveTrigger {
        RezolveTrigger(
            partnerId: partnerId, merchantId: merchantId, categoryId: categoryId, productId: productId,
            adId: adId, placementId: placementId)
    }

    /// The event type an engagement found this way is reported with.
    var eventType: RezolveEventReport.RezolveEventReportType {
        switch kind {
        case .image: .scanImage
        case .audio: .scanAudio
        case .qrCode: .qrCode
        case .barcode: .barcode
        }
    }
}

/// An item found during background listening, turned into a touch trigger for the app's list (spec §2.9).
public struct AutoDetectResult: Sendable, Equatable {
    /// Id of the partner the trigger belongs to.
    public let partnerId: Int
    /// Id of the merchant the trigger points at.
    public let merchantId: Int
    /// Id of the category the trigger points at.
    public let categoryId: Int
    /// Id of the product; nil when the trigger points at a category.
    public let productId: Int?
    /// Id of the ad that carried the trigger, if any.
    public let adId: String?
    /// Id of the placement the ad was shown in, if any.
    public let placementId: String?
    /// True when the item is an Act.
    public let isAct: Bool
    /// Text to show for the item, if known.
    public let title: String?
    /// When the item was heard or seen.
    public let detectedAt: Date

    /// Creates a result; `detectedAt` defaults to now.
    public init(
        partnerId: Int, merchantId: Int, categoryId: Int, productId: Int? = nil, adId: String? = nil,
        placementId: String? = nil, isAct: Bool = false, title: String? = nil, detectedAt: Date = Date()
    ) {
        self.partnerId = partnerId
        self.merchantId = merchantId
        self.categoryId = categoryId
        self.productId = productId
        self.adId = adId
        self.placementId = placementId
        self.isAct = isAct
        self.title = title
        self.detectedAt = detectedAt
    }

    /// The touch trigger of §3.7; the query appears only when both ad and placement are known.
    public var triggerURL: URL {
        RezolveTrigger(
            partnerId: partnerId, merchantId: merchantId, categoryId: categoryId, productId: productId,
            adId: adId, placementId: placementId
        ).url
    }

    /// A one-line summary (the seed calls it as a method): the title, or the trigger URL without one.
    public func description() -> String {
        let what = isAct ? "act" : (productId == nil ? "category" : "product")
        return "\(title ?? what) — \(triggerURL.absoluteString)"
    }
}
