import CommerceCore
import Foundation
import GRDB
import SandboxCore

/// SSP fixtures for tests (spec §5.11): `POST /sandbox/rezolve/engagements`, `POST /sandbox/rezolve/acts` and
/// `GET /sandbox/rezolve/acts/{actId}/submissions`. Same envelope as the other Rezolve control routes.
struct SspControlRoutes: Sendable {
    let endpoint: RezolveEndpoint
    private var control: RezolveControlRoutes { RezolveControlRoutes(endpoint: endpoint) }
    private var wire: SspWire { SspWire(context: endpoint.context) }

    func register(on router: ServiceRoutes) {
        let p = "/sandbox/rezolve"
        router.post(p + "/acts", handler: control.controlled(addAct))
        router.post(p + "/engagements", handler: control.controlled(addEngagement))
        router.get(
            p + "/acts/:actId/submissions",
            handler: control.controlled { request in
                let id = request.parameter("actId")
                let submissions = try await endpoint.database.read { db -> [RZActSubmission]? in
                    guard try SspStore.actExists(id, db) else { return nil }
                    return try SspStore.submissions(actId: id, db)
                }
                guard let submissions else { throw RezolveControlRoutes.notFound }
                return .json(["submissions": .array(try submissions.map { try wire.submission($0, withAnswers: true) })]
                )
            })
    }

    /// Adds (or replaces) an act; answers 201 with the act as `GET /v1/Engagements/act/{id}` will serve it.
    @Sendable func addAct(_ request: SandboxRequest) async throws -> SandboxResponse {
        let act = try Self.act(.object(try control.object(request)), field: nil)
        let now = endpoint.now.timeIntervalSince1970
        try await endpoint.database.write { db in try SspStore.insertAct(.object(act), now: now, db) }
        return .json(wire.act(act), status: 201)
    }

    /// `{id, isActive?, product?, category?, act? | actId?, payoffs?}`; an inline `act` is stored as an act too.
    @Sendable func addEngagement(_ request: SandboxRequest) async throws -> SandboxResponse {
        let body = try control.object(request)
        guard let id = body["id"]?.stringValue, !id.isEmpty, id.count <= 200 else {
            throw SandboxPlainError.field("id", "must be a non-empty string of at most 200 characters")
        }
        var isActive = true
        if let value = body["isActive"], value != .null {
            guard let flag = value.boolValue else { throw SandboxPlainError.field("isActive", "must be a boolean") }
            isActive = flag
        }
        let product = try Self.item(body["product"], field: "product")
        let category = try Self.item(body["category"], field: "category")
        var inlineAct: JSONObject?
        if let value = body["act"], value != .null { inlineAct = try Self.act(value, field: "act") }
        var actId = inlineAct?["id"]?.stringValue
        if actId == nil, let value = body["actId"], value != .null {
            guard let text = value.stringValue, !text.isEmpty else {
                throw SandboxPlainError.field("actId", "must be a non-empty string")
            }
            actId = text
        }
        var payoffs: JSONValue = []
        if let value = body["payoffs"], value != .null {
            guard value.arrayValue?.allSatisfy({ $0.objectValue != nil }) == true else {
                throw SandboxPlainError.field("payoffs", "must be an array of objects")
            }
            payoffs = value
        }
        let now = endpoint.now.timeIntervalSince1970
        let (act, linkedActId) = (inlineAct, actId)
        let record = RZEngagement(
            id: id, isActive: isActive, product: product?.serialized(), category: category?.serialized(),
            actId: actId, payoffs: payoffs.serialized(), createdAt: now)
        try await endpoint.database.write { db in
            if let act { try SspStore.insertAct(.object(act), now: now, db) }
            if let linkedActId, try !SspStore.actExists(linkedActId, db) {
                throw SandboxPlainError.field("actId", "unknown act \(linkedActId)")
            }
            try SspStore.save(record, db)
        }
        return .json(
            [
                "id": .string(id), "isActive": .bool(isActive), "product": product ?? .null,
                "category": category ?? .null, "actId": .from(actId), "payoffs": payoffs,
            ], status: 201)
    }

    private static func act(_ value: JSONValue, field: String?) throws -> JSONObject {
        do { return try SspActRules.normalize(value) } catch {
            throw SandboxPlainError.field(field.map { "\($0).\(error.field)" } ?? error.field, error.message)
        }
    }

    /// A product or category payload: an object of optional strings plus `images` (strings), all keys present.
    private static func item(_ value: JSONValue?, field: String) throws -> JSONValue? {
        guard let value, value != .null else { return nil }
        guard let object = value.objectValue else { throw SandboxPlainError.field(field, "must be an object or null") }
        var item: JSONObject = [:]
        for key in ["id", "merchantId", "title", "subtitle", "description", "customUrl", "thumbnailUrl"] {
            let entry = object[key] ?? .null
            guard entry == .null || entry.stringValue != nil else {
                throw SandboxPlainError.field("\(field).\(key)", "must be a string")
            }
            item[key] = entry
        }
        let images = object["images"] ?? []
        guard images.arrayValue?.allSatisfy({ $0.stringValue != nil }) == true else {
            throw SandboxPlainError.field("\(field).images", "must be an array of strings")
        }
        item["images"] = images
        return .object(item)
    }
}
