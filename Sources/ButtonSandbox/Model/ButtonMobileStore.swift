import Foundation
import GRDB
import SandboxCore

/// Every read and write of what the mobile API records besides order signals: sessions (`button_sessions`),
/// events (`button_app_events`) and activity (`button_activity`). Each function runs inside the caller's
/// transaction.
enum ButtonMobileStore {
    /// Empties the three tables (reset).
    static func deleteAll(_ db: Database) throws {
        _ = try ButtonSession.deleteAll(db)
        _ = try ButtonAppEvent.deleteAll(db)
        _ = try ButtonActivity.deleteAll(db)
    }

    // MARK: Sessions

    static func session(_ db: Database, id: String) throws -> ButtonSession? {
        try ButtonSession.fetchOne(db, key: id)
    }

    /// Starts a session for the app under a fresh `sess-` id.
    static func startSession(_ db: Database, appId: String, now: Date) throws -> ButtonSession {
        var id = "sess-" + RandomToken.hex(24)
        while try ButtonSession.exists(db, key: id) {
            id = "sess-" + RandomToken.hex(24)
        }
        let stamp = now.timeIntervalSince1970
        let session = ButtonSession(sessionId: id, appId: appId, status: "active", createdAt: stamp, lastSeenAt: stamp)
        try session.insert(db)
        return session
    }

    /// Writes back a session read here and changed.
    static func save(_ db: Database, _ session: ButtonSession) throws {
        try session.update(db)
    }

    static func delete(_ db: Database, _ session: ButtonSession) throws {
        try session.delete(db)
    }

    /// Sessions oldest first, of one application when given.
    static func sessions(_ db: Database, appId: String?) throws -> [ButtonSession] {
        var request = ButtonSession.all()
        if let appId { request = request.filter { $0.appId == appId } }
        return try request.order { $0.createdAt }.fetchAll(db)
    }

    // MARK: Events and activity

    static func record(_ db: Database, _ event: ButtonAppEvent) throws {
        try event.insert(db)
    }

    /// Events newest first, narrowed to an application and/or an event name when given.
    static func events(_ db: Database, appId: String?, name: String?) throws -> [ButtonAppEvent] {
        var request = ButtonAppEvent.all()
        if let appId { request = request.filter { $0.appId == appId } }
        if let name { request = request.filter { $0.name == name } }
        return try request.order { $0.id.desc }.fetchAll(db)
    }

    static func record(_ db: Database, _ activity: ButtonActivity) throws {
        try activity.insert(db)
    }

    /// Activity reports newest first, of one application when given.
    static func activity(_ db: Database, appId: String?) throws -> [ButtonActivity] {
        var request = ButtonActivity.all()
        if let appId { request = request.filter { $0.appId == appId } }
        return try request.order { $0.id.desc }.fetchAll(db)
    }
}
