import CommerceCore
import Foundation
import GRDB
import SandboxCore

/// Every read and write of `button_deferred_links`. Each function runs inside the caller's transaction.
enum ButtonDeferredLinkStore {
    /// Marks pending links whose time has passed as expired.
    static func expire(_ db: Database, now: Date) throws {
        let stamp = now.timeIntervalSince1970
        try ButtonDeferredLink.filter { $0.status == "pending" && $0.expiresAt <= stamp }
            .updateAll(db, ButtonDeferredLink.Columns.status.set(to: "expired"))
    }

    /// Empties the table (reset).
    static func deleteAll(_ db: Database) throws {
        _ = try ButtonDeferredLink.deleteAll(db)
    }

    static func insert(_ db: Database, _ link: ButtonDeferredLink) throws {
        try link.insert(db)
    }

    /// Writes back a link read here and changed.
    static func save(_ db: Database, _ link: ButtonDeferredLink) throws {
        try link.update(db)
    }

    static func link(_ db: Database, id: String) throws -> ButtonDeferredLink? {
        try ButtonDeferredLink.filter { $0.id == id }.fetchOne(db)
    }

    /// Links oldest first, of one application when given.
    static func links(_ db: Database, appId: String?) throws -> [ButtonDeferredLink] {
        var request = ButtonDeferredLink.order { $0.seq }
        if let appId { request = request.filter { $0.appId == appId } }
        return try request.fetchAll(db)
    }

    /// The app's pending links, oldest first.
    static func pendingLinks(_ db: Database, appId: String) throws -> [ButtonDeferredLink] {
        try ButtonDeferredLink.filter { $0.appId == appId && $0.status == "pending" }.order { $0.seq }.fetchAll(db)
    }

    /// Cancels the link if it is still pending.
    static func cancel(_ db: Database, id: String) throws {
        try ButtonDeferredLink.filter { $0.id == id && $0.status == "pending" }
            .updateAll(db, ButtonDeferredLink.Columns.status.set(to: "cancelled"))
    }

    /// Links newest first, one console page.
    static func page(_ db: Database, _ page: ControlPage) throws -> (items: [JSONValue], total: Int) {
        let total = try ButtonDeferredLink.fetchCount(db)
        let links = try ButtonDeferredLink.order { $0.seq.desc }.limit(page.limit, offset: page.offset).fetchAll(db)
        return (try links.map { try $0.controlObject() }, total)
    }
}
