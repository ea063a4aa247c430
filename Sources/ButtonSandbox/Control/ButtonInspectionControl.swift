import CommerceCore
import Foundation
import GRDB
import SandboxCore

/// Control routes that inspect what apps and merchants sent: orders, app orders, events, activity, sessions, requests.
extension ButtonService {
    func listOrders(_ request: SandboxRequest) async throws -> SandboxResponse {
        let orgId = request.parameter("org_id")
        let status = request.query["status"].flatMap { $0.isEmpty ? nil : $0 }
        let now = clock.now()
        let orders = try await database.write { db -> [JSONValue] in
            try ButtonOrderStore.sweep(db, now: now)
            guard try ButtonAccountStore.organization(db, id: orgId) != nil else {
                throw ButtonError.notFound("Organization \(orgId) not found")
            }
            return try ButtonOrderStore.orders(db, org: orgId, status: status).map {
                try ButtonOrderStore.inspect(db, $0)
            }
        }
        return ButtonEnvelope.objects(orders)
    }

    func inspectOrder(_ request: SandboxRequest) async throws -> SandboxResponse {
        let orgId = request.parameter("org_id")
        let prefix = "/sandbox/button/organizations/"
        // The order id is the decoded rest of the path, as on the Order API.
        let raw = request.rawPath.dropFirst(prefix.count).drop { $0 != "/" }.dropFirst().drop { $0 != "/" }.dropFirst()
        let orderId = raw.isEmpty ? (request.catchAll ?? "") : ButtonRequest.decode(raw)
        let now = clock.now()
        let order = try await database.write { db -> JSONValue in
            try ButtonOrderStore.sweep(db, now: now)
            guard try ButtonAccountStore.organization(db, id: orgId) != nil else {
                throw ButtonError.notFound("Organization \(orgId) not found")
            }
            guard let order = try ButtonOrderStore.find(db, org: orgId, id: orderId) else {
                throw ButtonError.notFound("Order \(orderId) not found")
            }
            return try ButtonOrderStore.inspect(db, order)
        }
        return ButtonEnvelope.object(order)
    }

    func listAppOrders(_ request: SandboxRequest) async throws -> SandboxResponse {
        let query = request.query
        let app = query["application_id"].flatMap { $0.isEmpty ? nil : $0 }
        let order = query["order_id"].flatMap { $0.isEmpty ? nil : $0 }
        let rows = try await database.read { db in
            try ButtonOrderStore.appOrders(db, appId: app, orderId: order).map { try $0.inspectionObject() }
        }
        return ButtonEnvelope.objects(rows)
    }

    func listEvents(_ request: SandboxRequest) async throws -> SandboxResponse {
        let app = request.query["application_id"].flatMap { $0.isEmpty ? nil : $0 }
        let name = request.query["name"].flatMap { $0.isEmpty ? nil : $0 }
        let rows = try await database.read { db in
            try ButtonMobileStore.events(db, appId: app, name: name).map { try $0.controlObject() }
        }
        return ButtonEnvelope.objects(rows)
    }

    func listActivity(_ request: SandboxRequest) async throws -> SandboxResponse {
        let app = request.query["application_id"].flatMap { $0.isEmpty ? nil : $0 }
        let rows = try await database.read { db in
            try ButtonMobileStore.activity(db, appId: app).map { try $0.controlObject() }
        }
        return ButtonEnvelope.objects(rows)
    }

    func listSessions(_ request: SandboxRequest) async throws -> SandboxResponse {
        let app = request.query["application_id"].flatMap { $0.isEmpty ? nil : $0 }
        let rows = try await database.read { db in
            try ButtonMobileStore.sessions(db, appId: app).map(\.controlObject)
        }
        return ButtonEnvelope.objects(rows)
    }

    /// Marks the session `expiring`: the app's next request answers `session_id: null` once (rule 5.3.6).
    func expireSession(_ request: SandboxRequest) async throws -> SandboxResponse {
        let id = request.parameter("session_id")
        let session = try await database.write { db -> JSONValue in
            guard var session = try ButtonMobileStore.session(db, id: id) else {
                throw ButtonError.notFound("Session \(id) not found")
            }
            session.status = "expiring"
            try ButtonMobileStore.save(db, session)
            return session.controlObject
        }
        return ButtonEnvelope.object(session)
    }

    /// The request log (rule 5.3.8): Button's view of the sandbox journal, oldest first; `limit` keeps the
    /// most recent entries.
    func listRequests(_ request: SandboxRequest) -> SandboxResponse {
        let query = request.query
        var filter = JournalFilter(service: name)
        if let path = query["path"], !path.isEmpty { filter.path = .prefixOrGlob(path) }
        var entries = Array(context.journal.entries(filter).reversed())
        func application(_ entry: JournalEntry) -> String? {
            (try? JSONValue.parse(entry.requestBody))?["application_id"]?.stringValue
                ?? Self.hostApplicationId(entry.host)
        }
        if let app = query["application_id"], !app.isEmpty { entries = entries.filter { application($0) == app } }
        if let limit = query["limit"].flatMap(Int.init), limit >= 0, entries.count > limit {
            entries = Array(entries.suffix(limit))
        }
        return ButtonEnvelope.objects(
            entries.map { entry in
                [
                    "method": .string(entry.method.rawValue), "path": .string(entry.path),
                    "status": .integer(Int64(entry.status)),
                    "time": .string(ISO8601.format(entry.time, fraction: .milliseconds)),
                    "user_agent": .from(entry.userAgent),
                    "body": entry.redactedRequestBody, "query": .from(entry.query),
                    "application_id": .from(application(entry)),
                ]
            })
    }
}
