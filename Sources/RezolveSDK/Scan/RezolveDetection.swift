import Foundation

/// One decoded watermark, QR code or barcode, as a capture layer (or a test) reports it to
/// ``ScanManager/handleDetected(_:)`` (spec §2.9).
public struct RezolveDetection: Sendable, Equatable {
    public enum Kind: String, Sendable, Equatable { case image, audio, qrCode, barcode }

    public var kind: Kind
    public var partnerId: Int
    public var merchantId: Int
    public var categoryId: Int
    public var productId: Int?
    public var adId: String?
    public var placementId: String?
    public var isAct: Bool
    public var title: String?
    /// When set, the detection is an SSP engagement and is resolved through the SSP resolver.
    public var engagementId: String?

    public init(kind: Kind, partnerId: Int, merchantId: Int, categoryId: Int, productId: Int? = nil, adId: String? = nil,
                placementId: String? = nil, isAct: Bool = false, title: String? = nil, engagementId: String? = nil) {
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
        RezolveTrigger(partnerId: partnerId, merchantId: merchantId, categoryId: categoryId, productId: productId,
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
    public let partnerId: Int
    public let merchantId: Int
    public let categoryId: Int
    public let productId: Int?
    public let adId: String?
    public let placementId: String?
    public let isAct: Bool
    public let title: String?
    public let detectedAt: Date

    public init(partnerId: Int, merchantId: Int, categoryId: Int, productId: Int? = nil, adId: String? = nil,
                placementId: String? = nil, isAct: Bool = false, title: String? = nil, detectedAt: Date = Date()) {
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
        RezolveTrigger(partnerId: partnerId, merchantId: merchantId, categoryId: categoryId, productId: productId,
                       adId: adId, placementId: placementId).url
    }

    /// A one-line summary (the seed calls it as a method): the title, or the trigger URL without one.
    public func description() -> String {
        let what = isAct ? "act" : (productId == nil ? "category" : "product")
        return "\(title ?? what) — \(triggerURL.absoluteString)"
    }
}
