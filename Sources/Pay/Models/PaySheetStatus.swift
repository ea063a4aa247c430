/// How the session answers a payment-sheet event.
public enum PaySheetStatus: Sendable, Equatable {
    /// The update worked; the sheet shows the new totals.
    case success
    /// Something failed; the sheet shows a generic error.
    case failure
    /// The shipping address cannot be served; the sheet asks for another one.
    case invalidShippingPostalAddress
}
