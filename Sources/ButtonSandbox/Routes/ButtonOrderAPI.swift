import CommerceCore
import Foundation
import GRDB
import SandboxCore

extension ButtonService {
    static let orderPrefix = "/v1/order/"
    static let btnRefPrefix = "/v1/order/btn-ref/"

    func registerOrderRoutes(on router: ServiceRoutes) {
        router.post(
            "/v1/order", handler: orderRoute { request, credentials in try await createOrder(request, credentials) })
        router.get(
            "/v1/order/btn-ref/**",
            handler: orderRoute { request, credentials in try await listByBtnRef(request, credentials) })
        router.get(
            "/v1/order/**", handler: orderRoute { request, credentials in try await getOrder(request, credentials) })
        router.post(
            "/v1/order/**", handler: orderRoute { request, credentials in try await updateOrder(request, credentials) })
        router.delete(
            "/v1/order/**", handler: orderRoute { request, credentials in try await deleteOrder(request, credentials) })
        // `/v1/order/btn-ref` itself (also with a trailing slash) is an order id for the `**` routes above, but the
        // trie stops at its `btn-ref` node, so it gets the same handlers with that id.
        let id: @Sendable (SandboxRequest) -> SandboxRequest = {
            var request = $0
            request.catchAll = "btn-ref"
            return request
        }
        router.get(
            "/v1/order/btn-ref",
            handler: orderRoute { request, credentials in try await getOrder(id(request), credentials) })
        router.post(
            "/v1/order/btn-ref",
            handler: orderRoute { request, credentials in try await updateOrder(id(request), credentials) })
        router.delete(
            "/v1/order/btn-ref",
            handler: orderRoute { request, credentials in try await deleteOrder(id(request), credentials) })
    }

    /// Reads the credentials (A1), keeps `btn-ref/` GET-only (R2), and renders errors in Button's envelope with
    /// the version echoed. Each operation authenticates (A2, H1) inside its own database visit.
    private func orderRoute(
        _ body: @escaping @Sendable (SandboxRequest, ButtonCredentials) async throws -> SandboxResponse
    )
        -> ServiceRoutes.Handler
    {
        { request in
            do {
                if request.method != .get, request.rawPath.hasPrefix(Self.btnRefPrefix) {
                    throw ButtonError.methodNotAllowed(request, [.get])
                }
                return try await body(request, try ButtonCredentials(request))
            } catch let error as ButtonError {
                return error.response(adding: ["X-Button-API-Version": Self.pinnedAPIVersion])
            }
        }
    }

    /// The order id of `/v1/order/{id…}`: the whole rest of the raw path, percent-decoded here (pybutton does
    /// not escape `/`, ButtonOrders sends `%2F`; both reach the same order).
    static func pathOrderId(_ request: SandboxRequest) -> String {
        guard request.rawPath.hasPrefix(orderPrefix) else { return request.catchAll ?? "" }
        return ButtonRequest.decode(request.rawPath.dropFirst(orderPrefix.count))
    }

    // MARK: - Operations

    private func createOrder(_ request: SandboxRequest, _ credentials: ButtonCredentials) async throws
        -> SandboxResponse
    {
        let now = clock.now()
        // Parsed before the visit, reported inside it: an unauthenticated request hears 401 whatever its body.
        let parsed = Result { try ButtonRequest.requireObjectBody(request) }
        // Judged before the visit too, for the caller these credentials were last time (see ButtonOrderDraft).
        let hint = callerHints.hint(for: credentials)
        let hinted = hint.flatMap { hint in
            (try? parsed.get()).map { ButtonOrderDraft(body: $0, caller: hint.caller, now: now) }
        }
        // The version kept for inspection is the body exactly as received (it parsed as an object to get here).
        let bodyText = String(decoding: request.body, as: UTF8.self)
        let callerHints = self.callerHints
        let answer = try await database.write { db -> (text: String, caller: ButtonCallerHints.Hint) in
            let authenticated = try callerHints.authenticate(credentials, hint: hint, in: db)
            let caller = authenticated.caller
            let text = try caller.answering {
                let draft: ButtonOrderDraft
                if let hinted, hinted.fits(caller) {
                    draft = hinted
                } else {
                    draft = ButtonOrderDraft(body: try parsed.get(), caller: caller, now: now)
                }
                return try Self.insertOrder(db, draft, bodyText: bodyText, now: now)
            }
            return (text, authenticated)
        }
        callerHints.remember(answer.caller, for: credentials)
        return ButtonEnvelope.object(serialized: answer.text, headers: answer.caller.caller.headers)
    }

    /// Stores a judged create (S2 and the refusals first); returns the new order's public object as JSON text.
    private static func insertOrder(_ db: Database, _ draft: ButtonOrderDraft, bodyText: String, now: Date)
        throws -> String
    {
        try ButtonOrderStore.sweep(db, now: now)
        guard draft.failures.isEmpty else {
            // S2 comes before the field rules (table order), whenever the id itself is usable.
            if let orderId = draft.usableOrderId,
                try ButtonOrderStore.exists(db, org: draft.caller.organization.id, orderId: orderId)
            {
                throw ButtonError.conflict("order_exists", "Order \(orderId) already exists")
            }
            throw ButtonError.invalid(draft.failures)
        }
        let (attribution, attributionApp) = try ButtonOrderStore.classify(db, btnRef: draft.btnRef)
        let (sequence, buttonOrderId) = try ButtonOrderStore.nextIdentity(db)
        let stamp = now.timeIntervalSince1970
        let order = ButtonStoredOrder(
            seq: sequence, org: draft.caller.organization.id, orderId: draft.orderId ?? "",
            buttonOrderId: buttonOrderId, current: draft.stateText(buttonOrderId: buttonOrderId), status: "open",
            finalizationDate: draft.finalizationDate.timeIntervalSince1970,
            btnRef: draft.btnRef, attribution: attribution, attributionApp: attributionApp,
            ignoredFields: draft.ignoredFields, createdAt: stamp, updatedAt: stamp)
        switch try ButtonOrderStore.insertNew(db, order) {
        case .orderIdTaken:
            throw ButtonError.conflict("order_exists", "Order \(order.orderId) already exists")
        case .inserted:
            try recordVersion(
                db, order: order, kind: "create", body: bodyText, apiVersion: draft.caller.apiVersion, now: now)
            // A finalization date at or before now was refused (O10), so the new order is open: the stored
            // state is already the public object (`publicObject()` would only copy its `open` status back in).
            return order.current
        }
    }

    private func getOrder(_ request: SandboxRequest, _ credentials: ButtonCredentials) async throws -> SandboxResponse {
        // `/v1/order/btn-ref/` with an empty token still belongs to the token lookup.
        if request.rawPath.hasPrefix(Self.btnRefPrefix) { return try await listByBtnRef(request, credentials) }
        let now = clock.now()
        let id = Self.pathOrderId(request)
        @Sendable func find(_ db: Database, _ caller: ButtonCaller) throws -> JSONValue {
            guard let order = try ButtonOrderStore.find(db, org: caller.organization.id, id: id) else {
                throw ButtonError.notFound("Order \(id) not found")
            }
            return try order.publicObject()
        }
        // A read answers unless some order is due for finalization; only then does the GET take the writer.
        let read = try await database.read { db -> ButtonAnswer<JSONValue>? in
            let caller = try credentials.caller(in: db)
            guard try !ButtonOrderStore.hasDueOrders(db, now: now) else { return nil }
            return ButtonAnswer(value: try caller.answering { try find(db, caller) }, caller: caller)
        }
        if let read { return ButtonEnvelope.object(read.value, headers: read.caller.headers) }
        let answer = try await database.write { db -> ButtonAnswer<JSONValue> in
            let caller = try credentials.caller(in: db)
            try ButtonOrderStore.sweep(db, now: now)
            return ButtonAnswer(value: try caller.answering { try find(db, caller) }, caller: caller)
        }
        return ButtonEnvelope.object(answer.value, headers: answer.caller.headers)
    }

    private func listByBtnRef(_ request: SandboxRequest, _ credentials: ButtonCredentials) async throws
        -> SandboxResponse
    {
        let now = clock.now()
        let btnRef = ButtonRequest.decode(request.rawPath.dropFirst(Self.btnRefPrefix.count))
        let answer = try await database.write { db -> ButtonAnswer<[JSONValue]> in
            let caller = try credentials.caller(in: db)
            try ButtonOrderStore.sweep(db, now: now)
            let orders = try ButtonOrderStore.orders(db, org: caller.organization.id, btnRef: btnRef)
            return ButtonAnswer(value: try orders.map { try $0.publicObject() }, caller: caller)
        }
        return ButtonEnvelope.objects(answer.value, headers: answer.caller.headers)
    }

    private func updateOrder(_ request: SandboxRequest, _ credentials: ButtonCredentials) async throws
        -> SandboxResponse
    {
        let now = clock.now()
        let id = Self.pathOrderId(request)
        let parsed = Result { try ButtonRequest.requireObjectBody(request) }
        let answer = try await database.write { db -> ButtonAnswer<JSONValue> in
            let caller = try credentials.caller(in: db)
            return ButtonAnswer(
                value: try caller.answering { try Self.changeOrder(db, id: id, try parsed.get(), caller, now: now) },
                caller: caller)
        }
        return ButtonEnvelope.object(answer.value, headers: answer.caller.headers)
    }

    /// Validates and applies an update to the order `id` names; returns its public object.
    private static func changeOrder(_ db: Database, id: String, _ body: JSONObject, _ caller: ButtonCaller, now: Date)
        throws -> JSONValue
    {
        try ButtonOrderStore.sweep(db, now: now)
        guard var order = try ButtonOrderStore.find(db, org: caller.organization.id, id: id) else {
            throw ButtonError.notFound("Order \(id) not found")
        }
        let orderId = order.orderId
        try requireChangeable(order)
        // S5 is judged against the stored merchant id, so an update addressed by button_order_id works too.
        var failures = ButtonOrderRules(updating: orderId, requiresPurchaseDate: caller.requiresPurchaseDate)
            .failures(in: body)
        let finalization = finalizationDate(body, now: now, failures: &failures)
        let storedRef = order.btnRef
        let bodyRef = ButtonRequest.present(body["btn_ref"])?.stringValue
        if let storedRef, let bodyRef, bodyRef != storedRef, !failures.contains(where: { $0.field == "btn_ref" }) {
            // S6 is a §4.1 rule: reported before the field rules, right after S5 when both apply.
            let afterS5 = failures.first?.message == ButtonOrderRules.pathMismatch ? 1 : 0
            failures.insert((field: "btn_ref", message: "btn_ref cannot be changed once set"), at: afterS5)
        }
        guard failures.isEmpty else { throw ButtonError.invalid(failures) }
        let previous = try order.state()
        let btnRef = storedRef ?? bodyRef
        let finalizationDate = finalization ?? Date(timeIntervalSince1970: order.finalizationDate)
        let current = JSONValue.object(
            orderState(
                body, previous: previous, buttonOrderId: order.buttonOrderId, orderId: orderId,
                btnRef: btnRef, finalizationDate: finalizationDate, now: now))
        if storedRef == nil, btnRef != nil {
            (order.attribution, order.attributionApp) = try ButtonOrderStore.classify(db, btnRef: btnRef)
        }
        order.current = current.serialized()
        order.finalizationDate = finalizationDate.timeIntervalSince1970
        order.btnRef = btnRef
        order.ignoredFields = ButtonOrderFields.serialized(ButtonOrderFields.ignored(in: body))
        order.updatedAt = now.timeIntervalSince1970
        try ButtonOrderStore.save(db, order)
        try recordVersion(
            db, order: order, kind: "update", body: JSONValue.object(body).serialized(), apiVersion: caller.apiVersion,
            now: now)
        // A new date at or before now was refused (O10), and S3/S4 let only open orders through: it stays open,
        // so the stored state is the public object.
        return current
    }

    private func deleteOrder(_ request: SandboxRequest, _ credentials: ButtonCredentials) async throws
        -> SandboxResponse
    {
        let now = clock.now()
        let id = Self.pathOrderId(request)
        let caller = try await database.write { db -> ButtonCaller in
            let caller = try credentials.caller(in: db)
            try caller.answering {
                try ButtonOrderStore.sweep(db, now: now)
                guard var order = try ButtonOrderStore.find(db, org: caller.organization.id, id: id) else {
                    throw ButtonError.notFound("Order \(id) not found")
                }
                if order.status == "deleted" { return }  // idempotent
                if order.status == "finalized" {
                    throw ButtonError.conflict(
                        "order_finalized", "Order \(order.orderId) is finalized and can no longer be changed")
                }
                order.status = "deleted"
                order.deletedAt = now.timeIntervalSince1970
                order.updatedAt = now.timeIntervalSince1970
                try ButtonOrderStore.save(db, order)
            }
            return caller
        }
        return ButtonEnvelope.object(.null, headers: caller.headers)
    }

    // MARK: - Rules and state

    /// S3 and S4 (the sweep has already finalized a due order).
    static func requireChangeable(_ order: ButtonStoredOrder) throws {
        switch order.status {
        case "finalized":
            throw ButtonError.conflict(
                "order_finalized", "Order \(order.orderId) is finalized and can no longer be changed")
        case "deleted": throw ButtonError.conflict("order_deleted", "Order \(order.orderId) has been deleted")
        default: return
        }
    }

    /// O10 (a failure, inserted in table order) and O11 (capping) for a body's `finalization_date`.
    /// Returns the effective date, or `nil` when the body has none (or an invalid one).
    static func finalizationDate(_ body: JSONObject, now: Date, failures: inout [(field: String, message: String)])
        -> Date?
    {
        guard let text = ButtonRequest.present(body["finalization_date"])?.stringValue,
            !failures.contains(where: { $0.field == "finalization_date" }), let date = ISO8601.parse(text)
        else { return nil }
        guard date > now else {
            // After S5 (field order_id) and the fields whose rules come before O10 in the table.
            let earlier: Set<String> = ["total", "currency", "order_id", "purchase_date"]
            let index = failures.firstIndex { !earlier.contains($0.field) } ?? failures.endIndex
            failures.insert((field: "finalization_date", message: "finalization_date must be in the future"), at: index)
            return nil
        }
        let cap = ButtonDates.oneYearAfter(now)
        return date > cap ? cap : date
    }

    /// The stored order object (every field present, §3.1.3). On update, `previous` supplies what the body may omit.
    static func orderState(
        _ body: JSONObject, previous: JSONObject?, buttonOrderId: String, orderId: String, btnRef: String?,
        finalizationDate: Date, now: Date
    ) -> JSONObject {
        let purchaseDate: JSONValue
        if let text = ButtonRequest.present(body["purchase_date"])?.stringValue, let date = ISO8601.parse(text) {
            purchaseDate = .string(ButtonDates.format(date))
        } else {
            purchaseDate = previous?["purchase_date"] ?? .string(ButtonDates.format(now))  // only before API 2018-02-13
        }
        let items = ButtonRequest.present(body["line_items"])?.arrayValue ?? []
        let ifa: JSONValue = ButtonRequest.present(body["advertising_id"]) ?? previous?["ifa"] ?? .null
        let total = ButtonRequest.present(body["total"])?.integerValue
        let object: JSONObject = [
            "button_order_id": .string(buttonOrderId),
            "order_id": .string(orderId),
            "total": total.map(JSONValue.integer) ?? previous?["total"] ?? .null,
            "currency": ButtonRequest.present(body["currency"]) ?? previous?["currency"] ?? .null,
            "purchase_date": purchaseDate,
            "finalization_date": .string(ButtonDates.format(finalizationDate)),
            "btn_ref": .from(btnRef),
            "customer_order_id": ButtonRequest.present(body["customer_order_id"]) ?? .null,
            "customer": ButtonOrderFields.normalizeCustomer(body["customer"]),
            "line_items": .array(items.map(ButtonOrderFields.normalizeLineItem)),
            "status": "open",
            "session_id": .null,
            "ifa": ifa,
        ]
        return object
    }

    /// Keeps the body of a create or update for the inspection route.
    static func recordVersion(
        _ db: Database, order: ButtonStoredOrder, kind: String, body: String, apiVersion: String,
        now: Date
    ) throws {
        guard let seq = order.seq else { return }
        try ButtonOrderStore.recordVersion(
            db,
            ButtonOrderVersion(
                orderSeq: seq, kind: kind, body: body,
                ignoredFields: order.ignoredFields,
                apiVersion: apiVersion, receivedAt: now.timeIntervalSince1970))
    }
}
