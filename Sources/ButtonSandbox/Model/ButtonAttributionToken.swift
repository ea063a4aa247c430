import GRDB

/// An attribution token (`btn_ref`) this sandbox issued to an app, by a simulated click or with a deferred link:
/// a `button_attribution_tokens` row. Orders carrying it are attributed `sandbox` (rule 5.3.3).
struct ButtonAttributionToken: Codable, Sendable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "button_attribution_tokens"

    var btnRef: String
    var appId: String
    /// `control` (a simulated click) or `deferred_link`.
    var source: String
    /// The URL the token was appended to, or the deferred link's action.
    var url: String?
    var createdAt: Double

    enum CodingKeys: String, CodingKey {
        case source, url
        case btnRef = "btn_ref"
        case appId = "app_id"
        case createdAt = "created_at"
    }

    enum Columns {
        static let btnRef = Column(CodingKeys.btnRef)
        static let appId = Column(CodingKeys.appId)
        static let source = Column(CodingKeys.source)
        static let url = Column(CodingKeys.url)
        static let createdAt = Column(CodingKeys.createdAt)
    }
}
