import CommerceCore
import Foundation
import GRDB

/// The Button back end: the server-to-server Order API (`/v1/order…`), the mobile API that ButtonMerchant
/// calls (`/v1/app/…`) and the `/sandbox/button/…` control routes (spec `button.md` §3, §4, §5).
///
/// State lives in the sandbox database in tables prefixed `button_`. Time comes from the shared
/// `context.clock`, so moving it here moves every other service of the same instance too.
public struct ButtonService: SandboxService {
    public let name = "button"
    let context: SandboxContext
    /// Who each Order API key was last time, so a create is judged before the writer is taken.
    let callerHints = ButtonCallerHints()

    /// The seeded organisation, key and application (§5.2).
    static let seedOrganization = "org-sandbox"
    static let seedAPIKey = "sk-sandbox"
    static let seedApplication = "app-sandbox"
    /// The finalization window of organisations created without one (§5.4).
    static let defaultWindowDays = 30
    /// The version every organisation is pinned to unless created with another one.
    static let pinnedAPIVersion = "2018-02-13"

    public init(context: SandboxContext) {
        self.context = context
    }

    var clock: SandboxClock { context.clock }
    var database: SandboxDatabase { context.database }

    public func registerMigrations(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("button-1-schema") { db in
            try db.execute(
                sql: """
                    CREATE TABLE button_organizations (
                        id TEXT PRIMARY KEY, name TEXT, window_days INTEGER NOT NULL, api_version TEXT NOT NULL,
                        created_at REAL NOT NULL);
                    CREATE TABLE button_api_keys (key TEXT PRIMARY KEY, org TEXT NOT NULL, created_at REAL NOT NULL);
                    CREATE TABLE button_applications (
                        app_id TEXT PRIMARY KEY, org TEXT NOT NULL, auto_registered INTEGER NOT NULL DEFAULT 0,
                        created_at REAL NOT NULL);
                    CREATE TABLE button_orders (
                        seq INTEGER PRIMARY KEY AUTOINCREMENT,
                        org TEXT NOT NULL, order_id TEXT NOT NULL, button_order_id TEXT NOT NULL UNIQUE,
                        current TEXT NOT NULL, status TEXT NOT NULL, finalization_date REAL NOT NULL,
                        btn_ref TEXT, attribution TEXT, attribution_app TEXT, ignored_fields TEXT NOT NULL DEFAULT '[]',
                        created_at REAL NOT NULL, updated_at REAL NOT NULL, finalized_at REAL, deleted_at REAL,
                        UNIQUE (org, order_id));
                    CREATE INDEX button_orders_open ON button_orders (status, finalization_date);
                    CREATE INDEX button_orders_btn_ref ON button_orders (org, btn_ref);
                    CREATE TABLE button_order_versions (
                        id INTEGER PRIMARY KEY AUTOINCREMENT, order_seq INTEGER NOT NULL, kind TEXT NOT NULL,
                        body TEXT NOT NULL, ignored_fields TEXT NOT NULL, api_version TEXT NOT NULL, received_at REAL NOT NULL);
                    CREATE INDEX button_order_versions_order ON button_order_versions (order_seq);
                    CREATE TABLE button_app_orders (
                        app_id TEXT NOT NULL, order_id TEXT NOT NULL, btn_ref TEXT, body TEXT NOT NULL,
                        report_count INTEGER NOT NULL, first_received_at REAL NOT NULL, received_at REAL NOT NULL,
                        PRIMARY KEY (app_id, order_id));
                    CREATE TABLE button_app_events (
                        id INTEGER PRIMARY KEY AUTOINCREMENT, app_id TEXT NOT NULL, name TEXT NOT NULL, source TEXT,
                        source_token TEXT, session_id TEXT, event TEXT NOT NULL, received_at REAL NOT NULL);
                    CREATE TABLE button_activity (
                        id INTEGER PRIMARY KEY AUTOINCREMENT, app_id TEXT NOT NULL, name TEXT NOT NULL, btn_ref TEXT,
                        session_id TEXT, body TEXT NOT NULL, received_at REAL NOT NULL);
                    CREATE TABLE button_sessions (
                        session_id TEXT PRIMARY KEY, app_id TEXT NOT NULL, status TEXT NOT NULL,
                        created_at REAL NOT NULL, last_seen_at REAL NOT NULL);
                    CREATE TABLE button_attribution_tokens (
                        btn_ref TEXT PRIMARY KEY, app_id TEXT NOT NULL, source TEXT NOT NULL, url TEXT,
                        created_at REAL NOT NULL);
                    CREATE TABLE button_deferred_links (
                        seq INTEGER PRIMARY KEY AUTOINCREMENT, id TEXT NOT NULL UNIQUE, app_id TEXT NOT NULL,
                        action TEXT NOT NULL, btn_ref TEXT NOT NULL, match_user_agent TEXT, match_ip TEXT,
                        expires_at REAL NOT NULL, status TEXT NOT NULL, created_at REAL NOT NULL,
                        consumed_at REAL, consumed_by TEXT);
                    """)
        }
    }

    public func seed(_ db: Database) throws {
        try Self.seed(db, windowDays: context.options.buttonFinalizationDays, now: clock.now())
    }

    /// Creates org-sandbox / sk-sandbox / app-sandbox when missing (also after `reset`).
    static func seed(_ db: Database, windowDays: Int, now: Date) throws {
        let stamp = now.timeIntervalSince1970
        try db.execute(
            sql: """
                INSERT OR IGNORE INTO button_organizations (id, name, window_days, api_version, created_at) VALUES (?, ?, ?, ?, ?)
                """, arguments: [seedOrganization, "Sandbox organisation", windowDays, pinnedAPIVersion, stamp])
        try db.execute(
            sql: "INSERT OR IGNORE INTO button_api_keys (key, org, created_at) VALUES (?, ?, ?)",
            arguments: [seedAPIKey, seedOrganization, stamp])
        try db.execute(
            sql:
                "INSERT OR IGNORE INTO button_applications (app_id, org, auto_registered, created_at) VALUES (?, ?, 0, ?)",
            arguments: [seedApplication, seedOrganization, stamp])
    }

    public func credentials(_ db: Database) throws -> JSONValue {
        let window =
            try Int.fetchOne(
                db, sql: "SELECT window_days FROM button_organizations WHERE id = ?",
                arguments: [Self.seedOrganization]) ?? context.options.buttonFinalizationDays
        return [
            "organization_id": .string(Self.seedOrganization),
            "api_key": .string(Self.seedAPIKey),
            "application_id": .string(Self.seedApplication),
            "finalization_window_days": .integer(Int64(window)),
            "api_version": .string(Self.pinnedAPIVersion),
            "order_api": .string(context.publicURL(path: "/v1/order")),
            "mobile_api": .string(context.publicURL(path: "/")),
            "control": .string(context.publicURL(path: "/sandbox/button")),
        ]
    }

    public var pathPrefixes: [String] { ["/v1/"] }

    /// An injected fault answers in the Order API's envelope (`type: sandbox_fault`).
    public func faultResponse(status: Int, body: JSONValue?) -> SandboxResponse {
        ButtonError.fault(
            status: status, body: body,
            otherwise: ButtonError(
                status: status, type: "sandbox_fault", message: "Injected fault",
                headers: ["X-Button-API-Version": Self.pinnedAPIVersion]))
    }

    public func registerRoutes(on router: SandboxRouter) {
        registerOrderRoutes(on: router)
        registerMobileRoutes(on: router)
        registerControlRoutes(on: router)
        registerStatePages(on: router)
        router.fallback(
            forPrefix: "/v1/",
            SandboxRouter.Fallback(
                headers: ["X-Button-API-Version": Self.pinnedAPIVersion], notFound: { ButtonError.routeNotFound($0) },
                methodNotAllowed: { request, allowed in
                    ButtonError.methodNotAllowed(
                        request, request.rawPath.hasPrefix(Self.btnRefPrefix) ? [HTTPMethod.get] : allowed)
                }))
        router.fallback(
            forPrefix: "/sandbox/button/",
            SandboxRouter.Fallback(
                notFound: { ButtonError.routeNotFound($0) }, methodNotAllowed: { ButtonError.methodNotAllowed($0, $1) })
        )
    }
}
