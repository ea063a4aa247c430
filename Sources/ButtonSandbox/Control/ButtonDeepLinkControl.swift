import CommerceCore
import Foundation
import GRDB
import SandboxCore

/// Control routes for deferred deep links (§5.4).
extension ButtonService {
    func createLink(_ request: SandboxRequest) async throws -> SandboxResponse {
        let body = try ButtonRequest.controlBody(request)
        var failures: [(field: String, message: String)] = []
        let action = body["action"]?.stringValue ?? ""
        if !ButtonFormats.isAbsoluteURL(action) {
            failures.append((field: "action", message: "action must be an absolute URL"))
        }
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
                failures.append(
                    (field: "btn_ref", message: "btn_ref must be a URL-safe string of at most 255 characters"))
            }
        }
        var userAgent: String?
        var ip: String?
        if let match = ButtonRequest.present(body["match"]) {
            if let object = match.objectValue {
                if let value = ButtonRequest.present(object["user_agent_contains"]) {
                    if let text = value.stringValue, !text.isEmpty {
                        userAgent = text
                    } else {
                        failures.append(
                            (
                                field: "match.user_agent_contains",
                                message: "match.user_agent_contains must be a non-empty string"
                            ))
                    }
                }
                if let value = ButtonRequest.present(object["ip"]) {
                    if let text = value.stringValue, !text.isEmpty {
                        ip = text
                    } else {
                        failures.append((field: "match.ip", message: "match.ip must be an IP address string"))
                    }
                }
            } else {
                failures.append((field: "match", message: "match must be an object"))
            }
        }
        var ttl: Double = 43_200
        if let value = ButtonRequest.present(body["ttl_seconds"]) {
            if let seconds = value.doubleValue, SandboxClock.isAcceptableMove(seconds) {
                ttl = seconds
            } else {
                failures.append(
                    (field: "ttl_seconds", message: "ttl_seconds must be a number greater than 0 and at most 100 years")
                )
            }
        }
        guard failures.isEmpty else { throw ButtonError.invalid(failures) }
        let now = clock.now()
        let object = try await database.write { [givenRef, userAgent, ip, ttl] db -> JSONValue in
            let appId = try Self.requireApplication(db, body)
            let token = try givenRef ?? Self.newToken(db)
            // A link's token counts as issued by this sandbox to the app (attribution "sandbox").
            try ButtonAccountStore.issueIfMissing(
                db,
                ButtonAttributionToken(
                    btnRef: token, appId: appId, source: "deferred_link", url: action,
                    createdAt: now.timeIntervalSince1970))
            let link = ButtonDeferredLink(
                id: "ddl-" + RandomToken.hex(16), appId: appId, action: action, btnRef: token,
                matchUserAgent: userAgent, matchIp: ip,
                expiresAt: now.addingTimeInterval(ttl).timeIntervalSince1970, status: "pending",
                createdAt: now.timeIntervalSince1970)
            try ButtonDeferredLinkStore.insert(db, link)
            return try link.controlObject()
        }
        return ButtonEnvelope.object(object)
    }

    func listLinks(_ request: SandboxRequest) async throws -> SandboxResponse {
        let appId = request.query["application_id"].flatMap { $0.isEmpty ? nil : $0 }
        let now = clock.now()
        let links = try await database.write { db -> [JSONValue] in
            try ButtonDeferredLinkStore.expire(db, now: now)
            return try ButtonDeferredLinkStore.links(db, appId: appId).map { try $0.controlObject() }
        }
        return ButtonEnvelope.objects(links)
    }

    func cancelLink(_ request: SandboxRequest) async throws -> SandboxResponse {
        let id = request.parameter("id")
        let now = clock.now()
        let link = try await database.write { db -> JSONValue in
            try ButtonDeferredLinkStore.expire(db, now: now)
            guard try ButtonDeferredLinkStore.link(db, id: id) != nil else {
                throw ButtonError.notFound("Deferred link \(id) not found")
            }
            try ButtonDeferredLinkStore.cancel(db, id: id)
            return try ButtonDeferredLinkStore.link(db, id: id)?.controlObject() ?? .null
        }
        return ButtonEnvelope.object(link)
    }
}
