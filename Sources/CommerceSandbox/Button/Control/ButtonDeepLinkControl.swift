import CommerceCore
import Foundation
import GRDB

/// Control routes for deferred deep links (§5.4).
extension ButtonService {
    func createLink(_ request: SandboxRequest) async throws -> SandboxResponse {
        let body = try ButtonRequest.controlBody(request)
        var failures: [(field: String, message: String)] = []
        let action = body["action"]?.stringValue ?? ""
        if !ButtonFormats.isAbsoluteURL(action) { failures.append((field: "action", message: "action must be an absolute URL")) }
        var givenRef: String?
        if let value = ButtonRequest.present(body["btn_ref"]) {
            if let text = value.stringValue, ButtonFormats.isURLSafe(text) {
                // O13 as well: a malformed test token here would attribute an order the Order API refuses.
                if text.hasPrefix("fakesrctok-"), !ButtonFormats.isTestToken(text) {
                    failures.append((field: "btn_ref", message: "test tokens must match ^fakesrctok-[a-f0-9]{16}$"))
                } else {
                    givenRef = text
                }
            } else {
                failures.append((field: "btn_ref", message: "btn_ref must be a URL-safe string of at most 255 characters"))
            }
        }
        var userAgent: String?
        var ip: String?
        if let match = ButtonRequest.present(body["match"]) {
            if let object = match.objectValue {
                if let value = ButtonRequest.present(object["user_agent_contains"]) {
                    if let text = value.stringValue, !text.isEmpty { userAgent = text } else {
                        failures.append((field: "match.user_agent_contains", message: "match.user_agent_contains must be a non-empty string"))
                    }
                }
                if let value = ButtonRequest.present(object["ip"]) {
                    if let text = value.stringValue, !text.isEmpty { ip = text } else {
                        failures.append((field: "match.ip", message: "match.ip must be an IP address string"))
                    }
                }
            } else {
                failures.append((field: "match", message: "match must be an object"))
            }
        }
        var ttl: Double = 43_200
        if let value = ButtonRequest.present(body["ttl_seconds"]) {
            if let seconds = value.doubleValue, SandboxClock.isAcceptableMove(seconds) { ttl = seconds } else {
                failures.append((field: "ttl_seconds", message: "ttl_seconds must be a number greater than 0 and at most 100 years"))
            }
        }
        guard failures.isEmpty else { throw ButtonError.invalid(failures) }
        let now = clock.now()
        let object = try await database.write { [givenRef, userAgent, ip, ttl] db -> JSONValue in
            let appId = try Self.requireApplication(db, body)
            let token = try givenRef ?? Self.newToken(db)
            // A link's token counts as issued by this sandbox to the app (attribution "sandbox").
            try db.execute(sql: """
                INSERT OR IGNORE INTO button_attribution_tokens (btn_ref, app_id, source, url, created_at) VALUES (?, ?, 'deferred_link', ?, ?)
                """, arguments: [token, appId, action, now.timeIntervalSince1970])
            let id = "ddl-" + RandomToken.hex(16)
            try db.execute(sql: """
                INSERT INTO button_deferred_links (id, app_id, action, btn_ref, match_user_agent, match_ip, expires_at, status, created_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, 'pending', ?)
                """, arguments: [id, appId, action, token, userAgent, ip, now.addingTimeInterval(ttl).timeIntervalSince1970,
                                 now.timeIntervalSince1970])
            guard let row = try Row.fetchOne(db, sql: "SELECT * FROM button_deferred_links WHERE id = ?", arguments: [id]) else {
                return .null
            }
            return Self.linkJSON(row)
        }
        return ButtonEnvelope.object(object)
    }

    static func linkJSON(_ row: Row) -> JSONValue {
        var match: JSONValue = .null
        let userAgent: String? = row["match_user_agent"]
        let ip: String? = row["match_ip"]
        if userAgent != nil || ip != nil {
            var object = JSONObject()
            if let userAgent { object["user_agent_contains"] = .string(userAgent) }
            if let ip { object["ip"] = .string(ip) }
            match = .object(object)
        }
        return ["id": .string(row["id"]), "application_id": .string(row["app_id"]), "action": .string(row["action"]),
                "btn_ref": .string(row["btn_ref"]), "match": match, "expires_at": ButtonColumn.date(row["expires_at"]),
                "status": .string(row["status"]), "created_at": ButtonColumn.date(row["created_at"]),
                "consumed_at": ButtonColumn.date(row["consumed_at"]), "consumed_by": ButtonColumn.json(row["consumed_by"])]
    }

    func listLinks(_ request: SandboxRequest) async throws -> SandboxResponse {
        let appId = request.query["application_id"].flatMap { $0.isEmpty ? nil : $0 }
        let now = clock.now()
        let links = try await database.write { db -> [JSONValue] in
            try Self.expireLinks(db, now: now)
            let rows = try appId.map {
                try Row.fetchAll(db, sql: "SELECT * FROM button_deferred_links WHERE app_id = ? ORDER BY seq", arguments: [$0])
            } ?? Row.fetchAll(db, sql: "SELECT * FROM button_deferred_links ORDER BY seq")
            return rows.map(Self.linkJSON)
        }
        return ButtonEnvelope.objects(links)
    }

    func cancelLink(_ request: SandboxRequest) async throws -> SandboxResponse {
        let id = request.parameter("id")
        let now = clock.now()
        let link = try await database.write { db -> JSONValue in
            try Self.expireLinks(db, now: now)
            guard try Row.fetchOne(db, sql: "SELECT 1 FROM button_deferred_links WHERE id = ?", arguments: [id]) != nil else {
                throw ButtonError.notFound("Deferred link \(id) not found")
            }
            try db.execute(sql: "UPDATE button_deferred_links SET status = 'cancelled' WHERE id = ? AND status = 'pending'", arguments: [id])
            guard let row = try Row.fetchOne(db, sql: "SELECT * FROM button_deferred_links WHERE id = ?", arguments: [id]) else {
                return .null
            }
            return Self.linkJSON(row)
        }
        return ButtonEnvelope.object(link)
    }
}
