import CommerceCore
import Foundation
import GRDB
import SandboxCore

/// A deferred deep link a test set up for an app's next install (rule 5.3.7): a `button_deferred_links` row.
struct ButtonDeferredLink: Codable, Sendable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "button_deferred_links"

    /// Insertion order: the oldest matching link is the one consumed.
    var seq: Int64?
    var id: String
    var appId: String
    var action: String
    var btnRef: String
    /// Matchers: the device's user agent must contain `matchUserAgent`, its address must be `matchIp`.
    var matchUserAgent: String?
    var matchIp: String?
    var expiresAt: Double
    /// `pending`, `consumed`, `expired` or `cancelled`.
    var status: String
    var createdAt: Double
    var consumedAt: Double?
    /// JSON text: the device that consumed the link.
    var consumedBy: String?

    enum CodingKeys: String, CodingKey {
        case seq, id, action, status
        case appId = "app_id"
        case btnRef = "btn_ref"
        case matchUserAgent = "match_user_agent"
        case matchIp = "match_ip"
        case expiresAt = "expires_at"
        case createdAt = "created_at"
        case consumedAt = "consumed_at"
        case consumedBy = "consumed_by"
    }

    enum Columns {
        static let seq = Column(CodingKeys.seq)
        static let id = Column(CodingKeys.id)
        static let appId = Column(CodingKeys.appId)
        static let action = Column(CodingKeys.action)
        static let btnRef = Column(CodingKeys.btnRef)
        static let matchUserAgent = Column(CodingKeys.matchUserAgent)
        static let matchIp = Column(CodingKeys.matchIp)
        static let expiresAt = Column(CodingKeys.expiresAt)
        static let status = Column(CodingKeys.status)
        static let createdAt = Column(CodingKeys.createdAt)
        static let consumedAt = Column(CodingKeys.consumedAt)
        static let consumedBy = Column(CodingKeys.consumedBy)
    }

    /// Whether a device with this user agent and address may consume the link.
    func matches(userAgent: String?, address: String?) -> Bool {
        if let matchUserAgent, !(userAgent ?? "").contains(matchUserAgent) { return false }
        if let matchIp, matchIp != address { return false }
        return true
    }

    /// The link as `GET /sandbox/button/deferred-deeplinks` lists it.
    func controlObject() throws(CorruptRow) -> JSONValue {
        var match: JSONValue = .null
        if matchUserAgent != nil || matchIp != nil {
            var object = JSONObject()
            if let matchUserAgent { object["user_agent_contains"] = .string(matchUserAgent) }
            if let matchIp { object["ip"] = .string(matchIp) }
            match = .object(object)
        }
        return [
            "id": .string(id), "application_id": .string(appId), "action": .string(action), "btn_ref": .string(btnRef),
            "match": match, "expires_at": ButtonColumn.date(expiresAt), "status": .string(status),
            "created_at": ButtonColumn.date(createdAt), "consumed_at": ButtonColumn.date(consumedAt),
            "consumed_by": try ButtonColumn.json(
                consumedBy, table: Self.databaseTableName, id: id, column: CodingKeys.consumedBy.stringValue),
        ]
    }
}
