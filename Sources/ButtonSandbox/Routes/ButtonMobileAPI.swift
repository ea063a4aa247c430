import CommerceCore
import Foundation
import GRDB
import SandboxCore

/// One accepted mobile request, as the route-specific part sees it.
struct ButtonMobileCall: Sendable {
    let body: JSONObject
    let applicationId: String
    /// What `meta.session_id` will say: a session id, or `null` for a session expired through the control route.
    let session: JSONValue
    let userAgent: String?
    let remoteAddress: String?
    let now: Date
}

/// The mobile API that ButtonMerchant calls (§3.2, rules M1–M8, simulation rules 5.3.4–5.3.7).
extension ButtonService {
    func registerMobileRoutes(on router: ServiceRoutes) {
        router.post(
            "/v1/app/deferred-deeplink",
            handler: mobileRoute(validate: { _ in [] }) { db, call in
                try Self.consumeDeferredLink(db, call)
            })
        router.post(
            "/v1/app/order",
            handler: mobileRoute(validate: Self.appOrderFailures) { db, call in
                try Self.storeAppOrder(db, call)
            })
        router.post(
            "/v1/app/events",
            handler: mobileRoute(validate: Self.eventFailures) { db, call in
                try Self.storeEvents(db, call)
            })
        router.post(
            "/v1/app/activity",
            handler: mobileRoute(validate: Self.activityFailures) { db, call in
                try Self.storeActivity(db, call)
            })
    }

    /// M3, M1, M2, the route's own rules, then (in one transaction) app auto-registration, the session and the work.
    private func mobileRoute(
        validate: @escaping @Sendable (JSONObject) -> [(field: String, message: String)],
        perform: @escaping @Sendable (Database, ButtonMobileCall) throws -> JSONValue
    ) -> ServiceRoutes.Handler {
        ButtonEnvelope.guarded { request in
            let now = clock.now()
            guard request.body.count <= ButtonRequest.maximumBodySize else { throw ButtonError.bodyTooLarge }
            guard let body = (try? JSONValue.parse(request.body))?.objectValue else { throw ButtonError.bodyNotObject }  // M3
            guard let appId = body["application_id"]?.stringValue, ButtonFormats.isApplicationId(appId) else {  // M1
                throw ButtonError.invalid(
                    field: "application_id", "application_id is required and must look like app-xxxxxxxx")
            }
            if let hostApp = Self.hostApplicationId(request.headers["Host"]), hostApp.lowercased() != appId.lowercased()
            {  // M2
                throw ButtonError.invalid(field: "application_id", "application_id does not match the request host")
            }
            let failures = validate(body)
            guard failures.isEmpty else { throw ButtonError.invalid(failures) }
            let userAgent = request.headers["User-Agent"]
            let remoteAddress = request.remoteAddress
            let result = try await database.write { db -> (JSONValue, JSONValue) in
                try Self.registerIfUnknown(db, appId: appId, now: now)
                let session = try Self.resolveSession(db, body: body, appId: appId, now: now)
                let call = ButtonMobileCall(
                    body: body, applicationId: appId, session: session, userAgent: userAgent,
                    remoteAddress: remoteAddress, now: now)
                return (session, try perform(db, call))
            }
            return .json(["meta": ["status": "ok", "session_id": result.0], "object": result.1])
        }
    }

    /// `app-xyz` from a `Host` of `app-xyz.mobileapi.usebutton.com[:port]`, else `nil`.
    static func hostApplicationId(_ host: String?) -> String? {
        guard let host = host?.lowercased(), host.hasPrefix("app-"), let range = host.range(of: ".mobileapi.") else {
            return nil
        }
        return String(host[..<range.lowerBound])
    }

    /// Rule 5.3.5: unknown but well-formed application ids join org-sandbox on first use.
    static func registerIfUnknown(_ db: Database, appId: String, now: Date) throws {
        try ButtonAccountStore.addApplicationIfMissing(
            db,
            ButtonApplication(
                appId: appId, org: seedOrganization, autoRegistered: true, createdAt: now.timeIntervalSince1970))
    }

    /// Rule 5.3.6: echo a known session, answer an expiring one once with `null` (and delete it), else start a new one.
    static func resolveSession(_ db: Database, body: JSONObject, appId: String, now: Date) throws -> JSONValue {
        if let sessionId = body["session_id"]?.stringValue,
            var session = try ButtonMobileStore.session(db, id: sessionId)
        {
            if session.status == "expiring" {
                try ButtonMobileStore.delete(db, session)
                return .null
            }
            session.lastSeenAt = now.timeIntervalSince1970
            try ButtonMobileStore.save(db, session)
            return .string(sessionId)
        }
        return .string(try ButtonMobileStore.startSession(db, appId: appId, now: now).sessionId)
    }

    // MARK: - Deferred deep links

    /// Rule 5.3.7: the oldest unexpired pending link of the app whose matcher matches this device, consumed.
    static func consumeDeferredLink(_ db: Database, _ call: ButtonMobileCall) throws -> JSONValue {
        try ButtonDeferredLinkStore.expire(db, now: call.now)
        let candidates = try ButtonDeferredLinkStore.pendingLinks(db, appId: call.applicationId)
        guard var link = candidates.first(where: { $0.matches(userAgent: call.userAgent, address: call.remoteAddress) })
        else {
            return .null
        }
        let consumer: JSONValue = [
            "user_agent": .from(call.userAgent), "ip": .from(call.remoteAddress), "session_id": call.session,
        ]
        link.status = "consumed"
        link.consumedAt = call.now.timeIntervalSince1970
        link.consumedBy = consumer.serialized()
        try ButtonDeferredLinkStore.save(db, link)
        return ["action": .string(link.action), "attribution": ["btn_ref": .string(link.btnRef)]]
    }

    // MARK: - App order signals

    /// M4–M6, in that order. The field rules are the Order API's (``ButtonOrderRules``), applied to the subset
    /// the mobile body uses: line items need a `total` here, and `amount`/`description` are not judged.
    static func appOrderFailures(_ body: JSONObject) -> [(field: String, message: String)] {
        var probe: JSONObject = ["total": 0]
        for key in ["order_id", "currency", "purchase_date", "btn_ref"] {
            if let value = body[key] { probe[key] = value }
        }
        if let items = body["line_items"] {
            probe["line_items"] =
                items.arrayValue.map { list in
                    .array(
                        list.map { item in
                            guard var object = item.objectValue else { return item }
                            object["amount"] = nil
                            object["description"] = nil
                            return .object(object)
                        })
                } ?? items
        }
        if let customer = body["customer"] {
            if var object = customer.objectValue {
                for key in object.keys where key != "id" && key != "is_new" { object[key] = nil }
                probe["customer"] = .object(object)
            } else {
                probe["customer"] = customer
            }
        }
        var failures = ButtonOrderRules(updating: nil, requiresPurchaseDate: true).failures(in: probe).map {
            failure in
            failure.message.hasSuffix(" needs total or amount")
                ? (field: failure.field, message: "\(failure.field) must be an integer greater than 0") : failure
        }
        if ButtonRequest.present(body["line_items"]) == nil {
            failures.append((field: "line_items", message: "line_items must be an array of at most 1000 objects"))
        }
        func rank(_ field: String) -> Int {
            if field == "order_id" { return 0 }
            if field == "currency" { return 1 }
            if field == "purchase_date" { return 2 }
            if field.hasPrefix("line_items") { return 3 }
            if field == "btn_ref" { return 4 }
            return 5
        }
        return failures.enumerated().sorted {
            (rank($0.element.field), $0.offset) < (rank($1.element.field), $1.offset)
        }
        .map(\.element)
    }

    /// Rule 5.3.4: one signal per (application, order_id); repeats update it and count.
    static func storeAppOrder(_ db: Database, _ call: ButtonMobileCall) throws -> JSONValue {
        let orderId = call.body["order_id"]?.stringValue ?? ""
        let btnRef = ButtonRequest.present(call.body["btn_ref"])?.stringValue
        try ButtonOrderStore.recordAppOrder(
            db, appId: call.applicationId, orderId: orderId, btnRef: btnRef,
            body: JSONValue.object(call.body).serialized(), now: call.now)
        return .null
    }

    // MARK: - Events and activity

    /// M7.
    static func eventFailures(_ body: JSONObject) -> [(field: String, message: String)] {
        guard let events = body["events"]?.arrayValue, !events.isEmpty else {
            return [(field: "events", message: "events is invalid")]
        }
        var failures: [(field: String, message: String)] = []
        for (index, value) in events.enumerated() {
            let path = "events[\(index)]"
            guard let event = value.objectValue else {
                failures.append((field: path, message: "\(path) is invalid"))
                continue
            }
            if (event["name"]?.stringValue ?? "").isEmpty {
                failures.append((field: "\(path).name", message: "\(path).name is invalid"))
            }
            if !(event["time"]?.stringValue.map { ISO8601.parse($0) != nil } ?? false) {
                failures.append((field: "\(path).time", message: "\(path).time is invalid"))
            }
            if !["button", "custom"].contains(event["source"]?.stringValue ?? "") {
                failures.append((field: "\(path).source", message: "\(path).source is invalid"))
            }
        }
        return failures
    }

    static func storeEvents(_ db: Database, _ call: ButtonMobileCall) throws -> JSONValue {
        for event in call.body["events"]?.arrayValue ?? [] {
            try ButtonMobileStore.record(
                db,
                ButtonAppEvent(
                    appId: call.applicationId, name: event["name"]?.stringValue ?? "",
                    source: event["source"]?.stringValue, sourceToken: event["source_token"]?.stringValue,
                    sessionId: call.session.stringValue, event: event.serialized(),
                    receivedAt: call.now.timeIntervalSince1970))
        }
        return .null
    }

    /// M8.
    static func activityFailures(_ body: JSONObject) -> [(field: String, message: String)] {
        guard let name = body["activity_data"]?["name"]?.stringValue, !name.isEmpty else {
            return [(field: "activity_data.name", message: "activity_data.name is required")]
        }
        return []
    }

    static func storeActivity(_ db: Database, _ call: ButtonMobileCall) throws -> JSONValue {
        try ButtonMobileStore.record(
            db,
            ButtonActivity(
                appId: call.applicationId, name: call.body["activity_data"]?["name"]?.stringValue ?? "",
                btnRef: ButtonRequest.present(call.body["btn_ref"])?.stringValue, sessionId: call.session.stringValue,
                body: JSONValue.object(call.body).serialized(), receivedAt: call.now.timeIntervalSince1970))
        return .null
    }
}
