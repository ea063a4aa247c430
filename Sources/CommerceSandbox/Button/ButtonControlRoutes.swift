import CommerceCore
import Foundation
import GRDB

/// `/sandbox/button/...` (§5.4): set-up, inspection, the shared clock, faults and reset. No authentication;
/// the Order API envelope throughout.
extension ButtonService {
    func registerControlRoutes(on router: SandboxRouter) {
        let base = "/sandbox/button"
        router.post("\(base)/organizations", handler: ButtonHTTP.guarded { try await createOrganization($0) })
        router.get("\(base)/organizations/:org_id", handler: ButtonHTTP.guarded { try await getOrganization($0) })
        router.patch("\(base)/organizations/:org_id", handler: ButtonHTTP.guarded { try await patchOrganization($0) })
        router.get("\(base)/organizations/:org_id/orders", handler: ButtonHTTP.guarded { try await listOrders($0) })
        router.get("\(base)/organizations/:org_id/orders/**", handler: ButtonHTTP.guarded { try await inspectOrder($0) })
        router.post("\(base)/applications", handler: ButtonHTTP.guarded { try await createApplication($0) })
        router.post("\(base)/attribution-tokens", handler: ButtonHTTP.guarded { try await issueToken($0) })
        router.post("\(base)/deferred-deeplinks", handler: ButtonHTTP.guarded { try await createLink($0) })
        router.get("\(base)/deferred-deeplinks", handler: ButtonHTTP.guarded { try await listLinks($0) })
        router.delete("\(base)/deferred-deeplinks/:id", handler: ButtonHTTP.guarded { try await cancelLink($0) })
        router.get("\(base)/app-orders", handler: ButtonHTTP.guarded { try await listAppOrders($0) })
        router.get("\(base)/events", handler: ButtonHTTP.guarded { try await listEvents($0) })
        router.get("\(base)/activity", handler: ButtonHTTP.guarded { try await listActivity($0) })
        router.get("\(base)/sessions", handler: ButtonHTTP.guarded { try await listSessions($0) })
        router.post("\(base)/sessions/:session_id/expire", handler: ButtonHTTP.guarded { try await expireSession($0) })
        router.get("\(base)/requests", handler: ButtonHTTP.guarded { listRequests($0) })
        router.get("\(base)/clock", handler: ButtonHTTP.guarded { _ in ButtonHTTP.object(clock.json()) })
        router.post("\(base)/clock", handler: ButtonHTTP.guarded { request in
            try await moveClock { try ClockRequest.set(from: try ButtonHTTP.controlBody(request)) }
        })
        router.post("\(base)/clock/advance", handler: ButtonHTTP.guarded { request in
            try await moveClock { .advance(seconds: try ClockRequest.advance(from: try ButtonHTTP.controlBody(request))) }
        })
        router.delete("\(base)/clock", handler: ButtonHTTP.guarded { _ in try await moveClock { .real } })
        router.post("\(base)/faults", handler: ButtonHTTP.guarded { try addFault($0) })
        router.get("\(base)/faults", handler: ButtonHTTP.guarded { _ in
            ButtonHTTP.objects(context.faultRules(of: name).map(\.json))
        })
        router.delete("\(base)/faults", handler: ButtonHTTP.guarded { _ in
            try context.removeFaults(of: name)
            return ButtonHTTP.objects([])
        })
        router.post("\(base)/reset", handler: ButtonHTTP.guarded { _ in
            try await context.reset(self)
            return ButtonHTTP.object(try await database.read { db in try credentials(db) })
        })
    }

    // MARK: - Organisations and applications

    private func createOrganization(_ request: SandboxRequest) async throws -> SandboxResponse {
        let body = try ButtonHTTP.controlBody(request)
        var failures: [(field: String, message: String)] = []
        if let name = ButtonHTTP.present(body["name"]), name.stringValue == nil {
            failures.append((field: "name", message: "name must be a string"))
        }
        // §5.4: 30 days unless the body says otherwise; `--button-finalization-days` is for the seeded org only (§5.2).
        let window = try Self.windowDays(body, required: false, failures: &failures) ?? Self.defaultWindowDays
        var version = Self.pinnedAPIVersion
        if let label = ButtonHTTP.present(body["api_version"]) {
            if let text = label.stringValue, ButtonHTTP.isVersionLabel(text) {
                version = text
            } else {
                failures.append((field: "api_version", message: "api_version must be a date label such as 2018-02-13"))
            }
        }
        guard failures.isEmpty else { throw ButtonError.invalid(failures) }
        let now = clock.now().timeIntervalSince1970
        let name = ButtonHTTP.present(body["name"])?.stringValue
        let created = try await database.write { [version] db -> JSONValue in
            let orgId = "org-" + RandomToken.hex(16)
            let key = "sk-" + RandomToken.hex(32)
            let app = "app-" + RandomToken.hex(16)
            try db.execute(sql: "INSERT INTO button_organizations (id, name, window_days, api_version, created_at) VALUES (?, ?, ?, ?, ?)",
                           arguments: [orgId, name, window, version, now])
            try db.execute(sql: "INSERT INTO button_api_keys (key, org, created_at) VALUES (?, ?, ?)", arguments: [key, orgId, now])
            try db.execute(sql: "INSERT INTO button_applications (app_id, org, auto_registered, created_at) VALUES (?, ?, 0, ?)",
                           arguments: [app, orgId, now])
            return ["organization_id": .string(orgId), "api_key": .string(key), "application_id": .string(app),
                    "finalization_window_days": .integer(Int64(window)), "name": .from(name), "api_version": .string(version)]
        }
        return ButtonHTTP.object(created)
    }

    /// `finalization_window_days`: an integer 1–3650.
    private static func windowDays(_ body: JSONObject, required: Bool,
                                   failures: inout [(field: String, message: String)]) throws -> Int? {
        guard let value = ButtonHTTP.present(body["finalization_window_days"]) else {
            if required {
                failures.append((field: "finalization_window_days", message: "finalization_window_days must be an integer from 1 to 3650"))
            }
            return nil
        }
        guard let days = value.integerValue, (1...3650).contains(days) else {
            failures.append((field: "finalization_window_days", message: "finalization_window_days must be an integer from 1 to 3650"))
            return nil
        }
        return Int(days)
    }

    private func getOrganization(_ request: SandboxRequest) async throws -> SandboxResponse {
        let orgId = request.parameter("org_id")
        let object = try await database.read { db in try Self.organizationJSON(db, orgId) }
        return ButtonHTTP.object(object)
    }

    private func patchOrganization(_ request: SandboxRequest) async throws -> SandboxResponse {
        let orgId = request.parameter("org_id")
        let body = try ButtonHTTP.controlBody(request)
        var failures: [(field: String, message: String)] = []
        let window = try Self.windowDays(body, required: true, failures: &failures)
        guard failures.isEmpty, let window else { throw ButtonError.invalid(failures) }
        let object = try await database.write { db -> JSONValue in
            _ = try Self.organizationJSON(db, orgId)  // 404 when unknown
            try db.execute(sql: "UPDATE button_organizations SET window_days = ? WHERE id = ?", arguments: [window, orgId])
            return try Self.organizationJSON(db, orgId)
        }
        return ButtonHTTP.object(object)
    }

    static func organizationJSON(_ db: Database, _ orgId: String) throws -> JSONValue {
        guard let org = try ButtonOrganization.fetch(db, id: orgId) else { throw ButtonError.notFound("Organization \(orgId) not found") }
        let keys = try String.fetchAll(db, sql: "SELECT key FROM button_api_keys WHERE org = ? ORDER BY created_at, key", arguments: [orgId])
        let apps = try Row.fetchAll(db, sql: "SELECT * FROM button_applications WHERE org = ? ORDER BY created_at, app_id",
                                    arguments: [orgId])
        return ["organization_id": .string(org.id), "name": .from(org.name),
                "finalization_window_days": .integer(Int64(org.windowDays)), "api_version": .string(org.apiVersion),
                "api_keys": .array(keys.map(JSONValue.string)),
                "applications": .array(apps.map { ["application_id": .string($0["app_id"]),
                                                   "auto_registered": .bool($0["auto_registered"])] })]
    }

    private func createApplication(_ request: SandboxRequest) async throws -> SandboxResponse {
        let body = try ButtonHTTP.controlBody(request)
        guard let orgId = body["organization_id"]?.stringValue, !orgId.isEmpty else {
            throw ButtonError.invalid(field: "organization_id", "organization_id is required")
        }
        var appId = "app-" + RandomToken.hex(16)
        if let given = ButtonHTTP.present(body["application_id"]) {
            guard let text = given.stringValue, ButtonHTTP.isApplicationId(text) else {
                throw ButtonError.invalid(field: "application_id", "application_id must look like app-xxxxxxxx")
            }
            appId = text
        }
        let now = clock.now().timeIntervalSince1970
        let object = try await database.write { [appId] db -> JSONValue in
            guard try ButtonOrganization.fetch(db, id: orgId) != nil else { throw ButtonError.notFound("Organization \(orgId) not found") }
            if let owner = try String.fetchOne(db, sql: "SELECT org FROM button_applications WHERE app_id = ?", arguments: [appId]) {
                guard owner == orgId else {
                    throw ButtonError.conflict("application_exists", "Application \(appId) belongs to another organization")
                }
            } else {
                try db.execute(sql: "INSERT INTO button_applications (app_id, org, auto_registered, created_at) VALUES (?, ?, 0, ?)",
                               arguments: [appId, orgId, now])
            }
            return ["application_id": .string(appId), "organization_id": .string(orgId)]
        }
        return ButtonHTTP.object(object)
    }

    private static func requireApplication(_ db: Database, _ body: JSONObject) throws -> String {
        guard let appId = body["application_id"]?.stringValue, !appId.isEmpty else {
            throw ButtonError.invalid(field: "application_id", "application_id is required")
        }
        guard try Row.fetchOne(db, sql: "SELECT 1 FROM button_applications WHERE app_id = ?", arguments: [appId]) != nil else {
            throw ButtonError.notFound("Application \(appId) not found")
        }
        return appId
    }

    /// A fresh `srctok-` + 16 hex token, unique.
    static func newToken(_ db: Database) throws -> String {
        var token = "srctok-" + RandomToken.hex(16)
        while try Row.fetchOne(db, sql: "SELECT 1 FROM button_attribution_tokens WHERE btn_ref = ?", arguments: [token]) != nil {
            token = "srctok-" + RandomToken.hex(16)
        }
        return token
    }

    /// Simulates a Publisher click: a token issued to the app, and the URL with `btn_ref` appended.
    private func issueToken(_ request: SandboxRequest) async throws -> SandboxResponse {
        let body = try ButtonHTTP.controlBody(request)
        var url: String?
        if let given = ButtonHTTP.present(body["url"]) {
            guard let text = given.stringValue, ButtonHTTP.isAbsoluteURL(text) else {
                throw ButtonError.invalid(field: "url", "url must be an absolute URL")
            }
            url = text
        }
        let now = clock.now().timeIntervalSince1970
        let object = try await database.write { [url] db -> JSONValue in
            let appId = try Self.requireApplication(db, body)
            let token = try Self.newToken(db)
            let linked = url.map { Self.appendingToken($0, token) }
            try db.execute(sql: "INSERT INTO button_attribution_tokens (btn_ref, app_id, source, url, created_at) VALUES (?, ?, 'control', ?, ?)",
                           arguments: [token, appId, linked, now])
            return ["btn_ref": .string(token), "url": .from(linked), "application_id": .string(appId)]
        }
        return ButtonHTTP.object(object)
    }

    /// `url` with `btn_ref=<token>` added to its query, before any fragment.
    static func appendingToken(_ url: String, _ token: String) -> String {
        var base = url
        var fragment = ""
        if let hash = base.firstIndex(of: "#") {
            fragment = String(base[hash...])
            base = String(base[..<hash])
        }
        let separator = base.contains("?") ? (base.hasSuffix("?") || base.hasSuffix("&") ? "" : "&") : "?"
        return base + separator + "btn_ref=" + token + fragment
    }

    // MARK: - Deferred deep links

    private func createLink(_ request: SandboxRequest) async throws -> SandboxResponse {
        let body = try ButtonHTTP.controlBody(request)
        var failures: [(field: String, message: String)] = []
        let action = body["action"]?.stringValue ?? ""
        if !ButtonHTTP.isAbsoluteURL(action) { failures.append((field: "action", message: "action must be an absolute URL")) }
        var givenRef: String?
        if let value = ButtonHTTP.present(body["btn_ref"]) {
            if let text = value.stringValue, ButtonHTTP.isURLSafe(text) {
                // O13 as well: a malformed test token here would attribute an order the Order API refuses.
                if text.hasPrefix("fakesrctok-"), !ButtonHTTP.isTestToken(text) {
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
        if let match = ButtonHTTP.present(body["match"]) {
            if let object = match.objectValue {
                if let value = ButtonHTTP.present(object["user_agent_contains"]) {
                    if let text = value.stringValue, !text.isEmpty { userAgent = text } else {
                        failures.append((field: "match.user_agent_contains", message: "match.user_agent_contains must be a non-empty string"))
                    }
                }
                if let value = ButtonHTTP.present(object["ip"]) {
                    if let text = value.stringValue, !text.isEmpty { ip = text } else {
                        failures.append((field: "match.ip", message: "match.ip must be an IP address string"))
                    }
                }
            } else {
                failures.append((field: "match", message: "match must be an object"))
            }
        }
        var ttl: Double = 43_200
        if let value = ButtonHTTP.present(body["ttl_seconds"]) {
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
        return ButtonHTTP.object(object)
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
                "btn_ref": .string(row["btn_ref"]), "match": match, "expires_at": ButtonHTTP.date(row["expires_at"]),
                "status": .string(row["status"]), "created_at": ButtonHTTP.date(row["created_at"]),
                "consumed_at": ButtonHTTP.date(row["consumed_at"]), "consumed_by": ButtonHTTP.parseColumn(row["consumed_by"])]
    }

    private func listLinks(_ request: SandboxRequest) async throws -> SandboxResponse {
        let appId = request.query["application_id"].flatMap { $0.isEmpty ? nil : $0 }
        let now = clock.now()
        let links = try await database.write { db -> [JSONValue] in
            try Self.expireLinks(db, now: now)
            let rows = try appId.map {
                try Row.fetchAll(db, sql: "SELECT * FROM button_deferred_links WHERE app_id = ? ORDER BY seq", arguments: [$0])
            } ?? Row.fetchAll(db, sql: "SELECT * FROM button_deferred_links ORDER BY seq")
            return rows.map(Self.linkJSON)
        }
        return ButtonHTTP.objects(links)
    }

    private func cancelLink(_ request: SandboxRequest) async throws -> SandboxResponse {
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
        return ButtonHTTP.object(link)
    }

    // MARK: - Inspection

    private func listOrders(_ request: SandboxRequest) async throws -> SandboxResponse {
        let orgId = request.parameter("org_id")
        let status = request.query["status"].flatMap { $0.isEmpty ? nil : $0 }
        let now = clock.now()
        let orders = try await database.write { db -> [JSONValue] in
            try ButtonOrderStore.sweep(db, now: now)
            guard try ButtonOrganization.fetch(db, id: orgId) != nil else { throw ButtonError.notFound("Organization \(orgId) not found") }
            let rows = try status.map {
                try Row.fetchAll(db, sql: "SELECT * FROM button_orders WHERE org = ? AND status = ? ORDER BY seq", arguments: [orgId, $0])
            } ?? Row.fetchAll(db, sql: "SELECT * FROM button_orders WHERE org = ? ORDER BY seq", arguments: [orgId])
            return try rows.map { try ButtonOrderStore.inspect(db, $0) }
        }
        return ButtonHTTP.objects(orders)
    }

    private func inspectOrder(_ request: SandboxRequest) async throws -> SandboxResponse {
        let orgId = request.parameter("org_id")
        let prefix = "/sandbox/button/organizations/"
        // The order id is the decoded rest of the path, as on the Order API.
        let raw = request.rawPath.dropFirst(prefix.count).drop { $0 != "/" }.dropFirst().drop { $0 != "/" }.dropFirst()
        let orderId = raw.isEmpty ? (request.catchAll ?? "") : ButtonHTTP.decode(raw)
        let now = clock.now()
        let order = try await database.write { db -> JSONValue in
            try ButtonOrderStore.sweep(db, now: now)
            guard try ButtonOrganization.fetch(db, id: orgId) != nil else { throw ButtonError.notFound("Organization \(orgId) not found") }
            guard let row = try ButtonOrderStore.find(db, org: orgId, id: orderId) else {
                throw ButtonError.notFound("Order \(orderId) not found")
            }
            return try ButtonOrderStore.inspect(db, row)
        }
        return ButtonHTTP.object(order)
    }

    private func listAppOrders(_ request: SandboxRequest) async throws -> SandboxResponse {
        let query = request.query
        let rows = try await database.read { db -> [JSONValue] in
            var sql = "SELECT * FROM button_app_orders WHERE 1 = 1"
            var arguments: [any DatabaseValueConvertible] = []
            if let app = query["application_id"], !app.isEmpty { sql += " AND app_id = ?"; arguments.append(app) }
            if let order = query["order_id"], !order.isEmpty { sql += " AND order_id = ?"; arguments.append(order) }
            return try Row.fetchAll(db, sql: sql + " ORDER BY received_at, app_id, order_id",
                                    arguments: StatementArguments(arguments)).map(ButtonOrderStore.renderAppOrder)
        }
        return ButtonHTTP.objects(rows)
    }

    private func listEvents(_ request: SandboxRequest) async throws -> SandboxResponse {
        let query = request.query
        let rows = try await database.read { db -> [JSONValue] in
            var sql = "SELECT * FROM button_app_events WHERE 1 = 1"
            var arguments: [any DatabaseValueConvertible] = []
            if let app = query["application_id"], !app.isEmpty { sql += " AND app_id = ?"; arguments.append(app) }
            if let name = query["name"], !name.isEmpty { sql += " AND name = ?"; arguments.append(name) }
            return try Row.fetchAll(db, sql: sql + " ORDER BY id DESC", arguments: StatementArguments(arguments)).map { row in
                var object: JSONObject = ["id": .integer(row["id"]), "application_id": .string(row["app_id"]),
                                          "session_id": .from(row["session_id"] as String?),
                                          "received_at": ButtonHTTP.date(row["received_at"])]
                for (key, value) in ButtonHTTP.parseColumn(row["event"]).objectValue ?? JSONObject() where object[key] == nil {
                    object[key] = value
                }
                return .object(object)
            }
        }
        return ButtonHTTP.objects(rows)
    }

    private func listActivity(_ request: SandboxRequest) async throws -> SandboxResponse {
        let app = request.query["application_id"].flatMap { $0.isEmpty ? nil : $0 }
        let rows = try await database.read { db -> [JSONValue] in
            let rows = try app.map {
                try Row.fetchAll(db, sql: "SELECT * FROM button_activity WHERE app_id = ? ORDER BY id DESC", arguments: [$0])
            } ?? Row.fetchAll(db, sql: "SELECT * FROM button_activity ORDER BY id DESC")
            return rows.map { row in
                ["id": .integer(row["id"]), "application_id": .string(row["app_id"]), "name": .string(row["name"]),
                 "btn_ref": .from(row["btn_ref"] as String?), "session_id": .from(row["session_id"] as String?),
                 "received_at": ButtonHTTP.date(row["received_at"]), "body": ButtonHTTP.parseColumn(row["body"])]
            }
        }
        return ButtonHTTP.objects(rows)
    }

    private func listSessions(_ request: SandboxRequest) async throws -> SandboxResponse {
        let app = request.query["application_id"].flatMap { $0.isEmpty ? nil : $0 }
        let rows = try await database.read { db -> [JSONValue] in
            let rows = try app.map {
                try Row.fetchAll(db, sql: "SELECT * FROM button_sessions WHERE app_id = ? ORDER BY created_at", arguments: [$0])
            } ?? Row.fetchAll(db, sql: "SELECT * FROM button_sessions ORDER BY created_at")
            return rows.map(Self.sessionJSON)
        }
        return ButtonHTTP.objects(rows)
    }

    static func sessionJSON(_ row: Row) -> JSONValue {
        ["session_id": .string(row["session_id"]), "application_id": .string(row["app_id"]), "status": .string(row["status"]),
         "created_at": ButtonHTTP.date(row["created_at"]), "last_seen_at": ButtonHTTP.date(row["last_seen_at"])]
    }

    private func expireSession(_ request: SandboxRequest) async throws -> SandboxResponse {
        let id = request.parameter("session_id")
        let session = try await database.write { db -> JSONValue in
            try db.execute(sql: "UPDATE button_sessions SET status = 'expiring' WHERE session_id = ?", arguments: [id])
            guard let row = try Row.fetchOne(db, sql: "SELECT * FROM button_sessions WHERE session_id = ?", arguments: [id]) else {
                throw ButtonError.notFound("Session \(id) not found")
            }
            return Self.sessionJSON(row)
        }
        return ButtonHTTP.object(session)
    }

    /// The request log (rule 5.3.8): Button's view of the sandbox journal, oldest first; `limit` keeps the
    /// most recent entries.
    private func listRequests(_ request: SandboxRequest) -> SandboxResponse {
        let query = request.query
        var filter = JournalFilter(service: name)
        if let path = query["path"], !path.isEmpty { filter.path = .prefixOrGlob(path) }
        var entries = Array(context.journal.entries(filter).reversed())
        func application(_ entry: JournalEntry) -> String? {
            (try? JSONValue.parse(entry.requestBody))?["application_id"]?.stringValue ?? Self.hostApplicationId(entry.host)
        }
        if let app = query["application_id"], !app.isEmpty { entries = entries.filter { application($0) == app } }
        if let limit = query["limit"].flatMap(Int.init), limit >= 0, entries.count > limit { entries = Array(entries.suffix(limit)) }
        return ButtonHTTP.objects(entries.map { entry in
            ["method": .string(entry.method.rawValue), "path": .string(entry.path), "status": .integer(Int64(entry.status)),
             "time": .string(ISO8601.format(entry.time, fraction: .milliseconds)), "user_agent": .from(entry.userAgent),
             "body": entry.redactedRequestBody, "query": .from(entry.query), "application_id": .from(application(entry))]
        })
    }

    // MARK: - Clock, faults, reset

    /// Moves the shared clock (every service's after-move hook runs, Button's finalization sweep among them);
    /// a bad body answers in Button's envelope.
    private func moveClock(_ change: () throws -> SandboxContext.ClockChange) async throws -> SandboxResponse {
        let parsed: SandboxContext.ClockChange
        do { parsed = try change() } catch let problem as ControlProblem { throw ButtonError.invalid(problem.failures) }
        return ButtonHTTP.object(.object(try await context.moveClock(parsed)))
    }

    /// After any clock move: finalizes the orders whose date has passed and reports their ids.
    public func clockDidMove(to now: Date) async throws -> JSONObject {
        let finalized = try await database.write { db in try ButtonOrderStore.sweep(db, now: now).map(\.orderId) }
        return ["finalized": .array(finalized.map(JSONValue.string))]
    }

    private func addFault(_ request: SandboxRequest) throws -> SandboxResponse {
        let body = try ButtonHTTP.controlBody(request)
        var failures: [(field: String, message: String)] = []
        let method = body["method"]?.stringValue ?? ""
        if method.isEmpty { failures.append((field: "method", message: "method is required, e.g. POST")) }
        let path = body["path"]?.stringValue ?? ""
        if !path.hasPrefix("/v1/") {
            failures.append((field: "path", message: "path must be a Button path starting with /v1/ (a trailing * matches a prefix)"))
        }
        var count = 1
        if let value = ButtonHTTP.present(body["count"]) {
            if let number = value.integerValue, number >= 1, number <= 1_000_000 { count = Int(number) } else {
                failures.append((field: "count", message: "count must be an integer of at least 1"))
            }
        }
        var mode = FaultRule.Timing.before
        if let value = ButtonHTTP.present(body["mode"]) {
            if let parsed = value.stringValue.flatMap(FaultRule.Timing.init(rawValue:)) { mode = parsed } else {
                failures.append((field: "mode", message: "mode must be before or after"))
            }
        }
        var status: Int?
        if let value = ButtonHTTP.present(body["status"]) {
            if let number = value.integerValue, (100...599).contains(number) { status = Int(number) } else {
                failures.append((field: "status", message: "status must be an HTTP status code"))
            }
        }
        var delay = 0
        if let value = ButtonHTTP.present(body["delay_ms"]) {
            if let number = value.integerValue, (0...Int64(FaultRule.maximumDelayMilliseconds)).contains(number) { delay = Int(number) } else {
                failures.append((field: "delay_ms", message: "delay_ms must be an integer from 0 to 600000"))
            }
        }
        guard failures.isEmpty else { throw ButtonError.invalid(failures) }
        // Button's documented shape: an exact path (a trailing * makes a prefix), `before` answers 503 by default.
        let fault = FaultRule(method: HTTPMethod(rawValue: method), path: .exactOrGlob(path), count: count, timing: mode,
                              status: mode == .before ? (status ?? 503) : status, delayMilliseconds: delay)
        try context.faults.add(fault)
        return ButtonHTTP.object(fault.json)
    }

    /// Deletes all Button data and re-seeds. The control plane clears Button's faults and journal entries.
    public func reset() async throws {
        let window = context.options.buttonFinalizationDays
        let now = clock.now()
        try await database.write { db in
            for table in ["button_order_versions", "button_orders", "button_app_orders", "button_app_events", "button_activity",
                          "button_sessions", "button_attribution_tokens", "button_deferred_links", "button_applications",
                          "button_api_keys", "button_organizations"] {
                try db.execute(sql: "DELETE FROM \(table)")
            }
            try Self.seed(db, windowDays: window, now: now)
        }
    }
}
