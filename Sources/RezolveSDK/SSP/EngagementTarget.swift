import Foundation

/// What an engagement asks the app to show, by the dispatch rules of spec §2.6.
public enum EngagementTarget: Sendable, Equatable {
    /// The engagement is switched off.
    case inactive
    /// An `rzlv.co` product trigger (resolve it with ``TriggerManager``).
    case product(RezolveTrigger)
    /// An `rzlv.co` category trigger.
    case category(RezolveTrigger)
    /// Any other link; the app opens it itself.
    case url(URL)
    /// An act to display only; it cannot be submitted.
    case informationPage(SspAct)
    /// An act with a form to fill in and submit.
    case act(SspAct)
    /// Nothing to dispatch; the app may show the ``ResolverEngagement/payoffs``.
    case none
}

extension ResolverEngagement {
    /// In order: inactive; an act (its `customUrl` first, else information page or act); a product's
    /// `customUrl`; a category's `customUrl`; otherwise `.none`. A `customUrl` that is not a URL counts as absent.
    public var target: EngagementTarget {
        let payload = rezolveCustomPayload
        guard payload.isActive else { return .inactive }
        if let act = payload.act?.act {
            if let target = Self.linkTarget(act.customUrl) { return target }
            return act.isInformationPage == true ? .informationPage(act) : .act(act)
        }
        if let target = Self.linkTarget(payload.product?.customUrl) { return target }
        if let target = Self.linkTarget(payload.category?.customUrl) { return target }
        return .none
    }

    private static func linkTarget(_ text: String?) -> EngagementTarget? {
        guard let text, !text.isEmpty, let classification = TriggerClassification.classify(text) else { return nil }
        switch classification {
        case .product(let trigger): return .product(trigger)
        case .category(let trigger): return .category(trigger)
        case .url(let url): return .url(url)
        }
    }
}

/// Where an engagement or a scan came from (the seed names the type; the cases are CommerceKit's).
public enum RezolveEventReport {
    /// How an engagement was reached: an image or audio watermark, a QR code, a barcode, entering a geozone, or a touch
    /// trigger.
    public enum RezolveEventReportType: String, Sendable, Equatable, CaseIterable {
        /// An image watermark the camera recognised.
        case scanImage
        /// An audio watermark the microphone recognised.
        case scanAudio
        /// A QR code.
        case qrCode
        /// A product barcode.
        case barcode
        /// The device entered a geozone.
        case geozone
        /// The user tapped a touch trigger in the app.
        case touch
    }
}
