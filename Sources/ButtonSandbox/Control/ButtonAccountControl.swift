import CommerceCore
import Foundation
import GRDB
import SandboxCore

/// Control routes for organisations, applications and attribution tokens (§5.4).
extension ButtonService {
    func createOrganization(_ request: SandboxRequest) async throws -> SandboxResponse {
        let body = try ButtonRequest.controlBody(request)
        var failures: [(field: String, message: String)] = []
        if let name = ButtonRequest.present(body["name"]), name.stringValue == nil {
            failures.append((field: "name", message: "name must be a string"))
        }
        // §5.4: 30 days unless the body says otherwise; `--button-finalization-days` is for the seeded org only (§5.2).
        let window = try Self.windowDays(body, required: false, failures: &failures) ?? Self.defaultWindowDays
        var version = Self.pinnedAPIVersion
        if let label = ButtonRequest.present(body["api_version"]) {
            if let text = label.stringValue, ButtonFormats.isVersionLabel(text) {
                version = text
            } else {
                failures.append((field: "api_version", message: "api_version must be a date label such as 2018-02-13"))
            }
        }
        guard failures.isEmpty else { throw ButtonError.invalid(failures) }
        let now = clock.now().timeIntervalSince1970
        let name = ButtonRequest.present(body["name"])?.stringValue
        let created = try await database.write { [version] db -> JSONValue in
            let orgId = "org-" + RandomToken.hex(16)
            let key = "sk-" + RandomToken.hex(32)
            let app = "app-" + RandomToken.hex(16)
            try ButtonAccountStore.create(
                db,
                ButtonOrganization(id: orgId, name: name, windowDays: window, apiVersion: version, createdAt: now),
                apiKey: key, applicationId: app)
            return [
                "organization_id": .string(orgId), "api_key": .string(key), "application_id": .string(app),
                "finalization_window_days": .integer(Int64(window)), "name": .from(name),
                "api_version": .string(version),
            ]
        }
        return ButtonEnvelope.object(created)
    }

    /// `finalization_window_days`: an integer 1–3650.
    static func windowDays(
        _ body: JSONObject, required: Bool,
        failures: inout [(field: String, message: String)]
    ) throws -> Int? {
        guard let value = ButtonRequest.present(body["finalization_window_days"]) else {
            if required {
                failures.append(
                    (
                        field: "finalization_window_days",
                        message: "finalization_window_days must be an integer from 1 to 3650"
                    ))
            }
            return nil
        }
        guard let days = value.integerValue, (1...3650).contains(days) else {
            failures.append(
                (
                    field: "finalization_window_days",
                    message: "finalization_window_days must be an integer from 1 to 3650"
                ))
            return nil
        }
        return Int(days)
    }

    func getOrganization(_ request: SandboxRequest) async throws -> SandboxResponse {
        let orgId = request.parameter("org_id")
        let object = try await database.read { db in try Self.organizationJSON(db, orgId) }
        return ButtonEnvelope.object(object)
    }

    func patchOrganization(_ request: SandboxRequest) async throws -> SandboxResponse {
        let orgId = request.parameter("org_id")
        let body = try ButtonRequest.controlBody(request)
        var failures: [(field: String, message: String)] = []
        let window = try Self.windowDays(body, required: true, failures: &failures)
        guard failures.isEmpty, let window else { throw ButtonError.invalid(failures) }
        let object = try await database.write { db -> JSONValue in
            _ = try Self.organizationJSON(db, orgId)  // 404 when unknown
            try ButtonAccountStore.setWindowDays(db, organizationId: orgId, days: window)
            return try Self.organizationJSON(db, orgId)
        }
        return ButtonEnvelope.object(object)
    }

    static func organizationJSON(_ db: Database, _ orgId: String) throws -> JSONValue {
        guard let org = try ButtonAccountStore.organization(db, id: orgId) else {
            throw ButtonError.notFound("Organization \(orgId) not found")
        }
        let keys = try ButtonAccountStore.apiKeys(db, organizationId: orgId)
        let apps = try ButtonAccountStore.applications(db, organizationId: orgId)
        return [
            "organization_id": .string(org.id), "name": .from(org.name),
            "finalization_window_days": .integer(Int64(org.windowDays)), "api_version": .string(org.apiVersion),
            "api_keys": .array(keys.map(JSONValue.string)), "applications": .array(apps.map(\.controlObject)),
        ]
    }

    func createApplication(_ request: SandboxRequest) async throws -> SandboxResponse {
        let body = try ButtonRequest.controlBody(request)
        guard let orgId = body["organization_id"]?.stringValue, !orgId.isEmpty else {
            throw ButtonError.invalid(field: "organization_id", "organization_id is required")
        }
        var appId = "app-" + RandomToken.hex(16)
        if let given = ButtonRequest.present(body["application_id"]) {
            guard let text = given.stringValue, ButtonFormats.isApplicationId(text) else {
                throw ButtonError.invalid(field: "application_id", "application_id must look like app-xxxxxxxx")
            }
            appId = text
        }
        let now = clock.now().timeIntervalSince1970
        let object = try await database.write { [appId] db -> JSONValue in
            guard try ButtonAccountStore.organization(db, id: orgId) != nil else {
                throw ButtonError.notFound("Organization \(orgId) not found")
            }
            if let existing = try ButtonAccountStore.application(db, id: appId) {
                guard existing.org == orgId else {
                    throw ButtonError.conflict(
                        "application_exists", "Application \(appId) belongs to another organization")
                }
            } else {
                try ButtonAccountStore.addApplication(
                    db, ButtonApplication(appId: appId, org: orgId, autoRegistered: false, createdAt: now))
            }
            return ["application_id": .string(appId), "organization_id": .string(orgId)]
        }
        return ButtonEnvelope.object(object)
    }

    static func requireApplication(_ db: Database, _ body: JSONObject) throws -> String {
        guard let appId = body["application_id"]?.stringValue, !appId.isEmpty else {
            throw ButtonError.invalid(field: "application_id", "application_id is required")
        }
        guard try ButtonAccountStore.application(db, id: appId) != nil else {
            throw ButtonError.notFound("Application \(appId) not found")
        }
        return appId
    }

    /// A fresh `srctok-` + 16 hex token, unique.
    static func newToken(_ db: Database) throws -> String {
        var token = "srctok-" + RandomToken.hex(16)
        while try ButtonAccountStore.tokenExists(db, btnRef: token) {
            token = "srctok-" + RandomToken.hex(16)
        }
        return token
    }

    /// Simulates a Publisher click: a token issued to the app, and the URL with `btn_ref` appended.
    func issueToken(_ request: SandboxRequest) async throws -> SandboxResponse {
        let body = try ButtonRequest.controlBody(request)
        var url: String?
        if let given = ButtonRequest.present(body["url"]) {
            guard let text = given.stringValue, ButtonFormats.isAbsoluteURL(text) else {
                throw ButtonError.invalid(field: "url", "url must be an absolute URL")
            }
            url = text
        }
        let now = clock.now().timeIntervalSince1970
        let object = try await database.write { [url] db -> JSONValue in
            let appId = try Self.requireApplication(db, body)
            let token = try Self.newToken(db)
            let linked = url.map { Self.appendingToken($0, token) }
            try ButtonAccountStore.issue(
                db, ButtonAttributionToken(btnRef: token, appId: appId, source: "control", url: linked, createdAt: now))
            return ["btn_ref": .string(token), "url": .from(linked), "application_id": .string(appId)]
        }
        return ButtonEnvelope.object(object)
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
}
