import CommerceCore
import Foundation
import GRDB

/// Control routes that inspect what apps and merchants sent: orders, app orders, events, activity, sessions, requests.
extension ButtonService {
    func listOrders(_ request: SandboxRequest) async throws -> SandboxResponse {
        let orgId = request.parameter("org_id")
        let status = request.query["status"].flatMap { $0.isEmpty ? nil : $0 }
        let now = clock.now()
        let orders = try await database.write { db -> [JSONValue] in
            try ButtonOrderStore.sweep(db, now: now)
            guard try ButtonOrganization.fetch(db, id: orgId) != nil else {
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
            guard try ButtonOrganization.fetch(db, id: orgId) != nil else {
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
            try ButtonOrderStore.appOrders(db, appId: app, orderId: order).map(\.inspectionObject)
        }
        return ButtonEnvelope.objects(rows)
    }

    func listEvents(_ request: SandboxRequest) async throws -> SandboxResponse {
        let query = request.query
        let rows = try await database.read { db -> [JSONValue] in
            var sql = "SELECT * FROM button_app_events WHERE 1 = 1"
            var arguments: [any DatabaseValueConvertible] = []
            if let app = query["application_id"], !app.isEmpty {
                sql += " AND app_id = ?"
                arguments.append(app)
            }
            if let name = query["name"], !name.isEmpty {
                sql += " AND name = ?"
                arguments.append(name)
            }
            return try Row.fetchAll(db, sql: sql + " ORDER BY id DESC", arguments: StatementArguments(arguments)).map {
                row in
                var object: JSONObject = [
                    "id": .integer(row["id"]), "application_id": .string(row["app_id"]),
                    "session_id": .from(row["session_id"] as String?),
                    "received_at": ButtonColumn.date(row["received_at"]),
                ]
                for (key, value) in ButtonColumn.json(row["event"]).objectValue ?? JSONObject() where object[key] == nil
                {
                    object[key] = value
                }
                return .object(object)
            }
        }
        return ButtonEnvelope.objects(rows)
    }

    func listActivity(_ request: SandboxRequest) async throws -> SandboxResponse {
        let app = request.query["application_id"].flatMap { $0.isEmpty ? nil : $0 }
        let rows = try await database.read { db -> [JSONValue] in
            let rows =
                try app.map {
                    try Row.fetchAll(
                        db, sql: "SELECT * FROM button_activity WHERE app_id = ? ORDER BY id DESC", arguments: [$0])
                } ?? Row.fetchAll(db, sql: "SELECT * FROM button_activity ORDER BY id DESC")
            return rows.map { row in
                [
                    "id": .integer(row["id"]), "application_id": .string(row["app_id"]), "name": .string(row["name"]),
                    "btn_ref": .from(row["btn_ref"] as String?), "session_id": .from(row["session_id"] as String?),
                    "received_at": ButtonColumn.date(row["received_at"]), "body": ButtonColumn.json(row["body"]),
                ]
            }
        }
        return ButtonEnvelope.objects(rows)
    }

    func listSessions(_ request: SandboxRequest) async throws -> SandboxResponse {
        let app = request.query["application_id"].flatMap { $0.isEmpty ? nil : $0 }
        let rows = try await database.read { db -> [JSONValue] in
            let rows =
                try app.map {
                    try Row.fetchAll(
                        db, sql: "SELECT * FROM button_sessions WHERE app_id = ? ORDER BY created_at", arguments: [$0])
                } ?? Row.fetchAll(db, sql: "SELECT * FROM button_sessions ORDER BY created_at")
            return rows.map(Self.sessionJSON)
        }
        return ButtonEnvelope.objects(rows)
    }

    static func sessionJSON(_ row: Row) -> JSONValue {
        [
            "session_id": .string(row["session_id"]), "application_id": .string(row["app_id"]),
            "status": .string(row["status"]),
            "created_at": ButtonColumn.date(row["created_at"]), "last_seen_at": ButtonColumn.date(row["last_seen_at"]),
        ]
    }

    func expireSession(_ request: SandboxRequest) async throws -> SandboxResponse {
        let id = request.parameter("session_id")
        let session = try await database.write { db -> JSONValue in
            try db.execute(sql: "UPDATE button_sessions SET status = 'expiring' WHERE session_id = ?", arguments: [id])
            guard
                let row = try Row.fetchOne(
                    db, sql: "SELECT * FROM button_sessions WHERE session_id = ?", arguments: [id])
            else {
                throw ButtonError.notFound("Session \(id) not found")
            }
            return Self.sessionJSON(row)
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
