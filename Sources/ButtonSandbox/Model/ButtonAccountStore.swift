import Foundation
import GRDB

/// Every read and write of Button's account tables: organisations (`button_organizations`), their keys
/// (`button_api_keys`), applications (`button_applications`) and issued attribution tokens
/// (`button_attribution_tokens`). Each function runs inside the caller's transaction. The raw SQL left is two cached
/// statements of the Order API's create path (speed machinery, each marked).
enum ButtonAccountStore {
    /// Creates the seeded organisation, key and application (§5.2) where they are missing.
    static func seed(_ db: Database, windowDays: Int, now: Date) throws {
        let stamp = now.timeIntervalSince1970
        try ButtonOrganization(
            id: ButtonService.seedOrganization, name: "Sandbox organisation", windowDays: windowDays,
            apiVersion: ButtonService.pinnedAPIVersion, createdAt: stamp
        ).insert(db, onConflict: .ignore)
        try ButtonAPIKey(key: ButtonService.seedAPIKey, org: ButtonService.seedOrganization, createdAt: stamp)
            .insert(db, onConflict: .ignore)
        try addApplicationIfMissing(
            db,
            ButtonApplication(
                appId: ButtonService.seedApplication, org: ButtonService.seedOrganization, autoRegistered: false,
                createdAt: stamp))
    }

    /// Empties every account table (reset).
    static func deleteAll(_ db: Database) throws {
        _ = try ButtonAttributionToken.deleteAll(db)
        _ = try ButtonApplication.deleteAll(db)
        _ = try ButtonAPIKey.deleteAll(db)
        _ = try ButtonOrganization.deleteAll(db)
    }

    // MARK: Organisations and keys

    static func organization(_ db: Database, id: String) throws -> ButtonOrganization? {
        try ButtonOrganization.fetchOne(db, key: id)
    }

    /// The organisation a secret key authenticates as (A2): one cached, joined lookup, as every Order API request
    /// makes it (speed machinery: the query interface would compile it per request, and join through
    /// associations the records do not otherwise need).
    static func organization(_ db: Database, apiKey: String) throws -> ButtonOrganization? {
        try ButtonOrganization.fetchOne(
            db.cachedStatement(
                sql: """
                    SELECT o.* FROM button_api_keys k JOIN button_organizations o ON o.id = k.org WHERE k.key = ?
                    """), arguments: [apiKey])
    }

    /// Stores a new organisation with its first key and application.
    static func create(
        _ db: Database, _ organization: ButtonOrganization, apiKey: String, applicationId: String
    ) throws {
        try organization.insert(db)
        try ButtonAPIKey(key: apiKey, org: organization.id, createdAt: organization.createdAt).insert(db)
        try ButtonApplication(
            appId: applicationId, org: organization.id, autoRegistered: false, createdAt: organization.createdAt
        ).insert(db)
    }

    static func setWindowDays(_ db: Database, organizationId: String, days: Int) throws {
        try ButtonOrganization.filter(key: organizationId).updateAll(
            db, ButtonOrganization.Columns.windowDays.set(to: days))
    }

    /// The organisation's keys, oldest first.
    static func apiKeys(_ db: Database, organizationId: String) throws -> [String] {
        try ButtonAPIKey.filter { $0.org == organizationId }.order { [$0.createdAt, $0.key] }.fetchAll(db).map(\.key)
    }

    // MARK: Applications

    static func application(_ db: Database, id: String) throws -> ButtonApplication? {
        try ButtonApplication.fetchOne(db, key: id)
    }

    /// The organisation's applications, oldest first.
    static func applications(_ db: Database, organizationId: String) throws -> [ButtonApplication] {
        try ButtonApplication.filter { $0.org == organizationId }.order { [$0.createdAt, $0.appId] }.fetchAll(db)
    }

    static func addApplication(_ db: Database, _ application: ButtonApplication) throws {
        try application.insert(db)
    }

    /// Stores the application unless its id is taken, in which case the stored one stays as it is.
    static func addApplicationIfMissing(_ db: Database, _ application: ButtonApplication) throws {
        try application.insert(db, onConflict: .ignore)
    }

    // MARK: Attribution tokens

    static func tokenExists(_ db: Database, btnRef: String) throws -> Bool {
        try ButtonAttributionToken.exists(db, key: btnRef)
    }

    /// The application this sandbox issued the token to, if it issued it (a cached statement reading one column,
    /// speed machinery: create-order asks for every attributed order).
    static func tokenApplication(_ db: Database, btnRef: String) throws -> String? {
        try String.fetchOne(
            db.cachedStatement(sql: "SELECT app_id FROM button_attribution_tokens WHERE btn_ref = ?"),
            arguments: [btnRef])
    }

    static func issue(_ db: Database, _ token: ButtonAttributionToken) throws {
        try token.insert(db)
    }

    /// Records the token as issued unless it already is (a deferred link may reuse a token).
    static func issueIfMissing(_ db: Database, _ token: ButtonAttributionToken) throws {
        try token.insert(db, onConflict: .ignore)
    }
}
