import CommerceCore
import Foundation
import SandboxCore

/// Rezolve's documented clock, fault and reset routes (spec §5.11) as thin aliases of the sandbox's one
/// control plane: they read Rezolve's shapes and answer in its control envelope (`{"error":"<field>: <problem>"}`).
/// Also the opt-in debug route that shows a customer's private key.
struct RezolveControlPlaneRoutes: Sendable {
    let context: SandboxContext

    func register(on router: ServiceRoutes) {
        let p = "/sandbox/rezolve"
        router.post(
            p + "/clock/advance",
            handler: controlled { body in
                guard let seconds = body["seconds"]?.doubleValue, SandboxClock.isAcceptableMove(seconds) else {
                    throw SandboxPlainError.field(
                        "seconds", "must be a number of seconds above 0 and at most 100 years")
                }
                return .json(.object(try await context.moveClock(.advance(seconds: seconds))))
            })
        router.post(
            p + "/clock/set",
            handler: controlled { body in
                guard let epoch = body["epochSeconds"]?.doubleValue, epoch.isFinite,
                    (0...253_402_300_799).contains(epoch)
                else {
                    throw SandboxPlainError.field(
                        "epochSeconds", "must be seconds since 1970 up to the year 9999")
                }
                let frozen = body["frozen"]?.boolValue ?? true
                return .json(
                    .object(try await context.moveClock(.set(Date(timeIntervalSince1970: epoch), frozen: frozen))))
            })
        router.delete(p + "/clock") { _ in .json(.object(try await context.moveClock(.real))) }
        router.post(
            p + "/faults",
            handler: controlled { body in
                let rule = try Self.rule(from: body)
                try context.faults.add(rule)
                return .json(rule.json, status: 201)
            })
        router.get(p + "/faults") { _ in .json(["faults": .array(context.faultRules(of: "rezolve").map(\.json))]) }
        router.delete(p + "/faults") { _ in
            try context.removeFaults(of: "rezolve")
            return .json(["faults": []])
        }
        router.get(p + "/customers/:entityId/private-key") { request in
            // Without --unsafe-debug-keys the route does not exist, as far as a client can tell.
            guard context.options.unsafeDebugKeys else { return RezolveControlRoutes.notFound.response }
            let id = request.parameter("entityId")
            let customer = try await context.database.read { db in try RezolveCustomerStore.customer(id, db) }
            guard let customer else { return RezolveControlRoutes.notFound.response }
            return .json(["entity_id": .string(customer.entityId), "private_key": .string(customer.privateKeyPem)])
        }
        router.post(p + "/reset") { _ in
            try await context.reset(named: "rezolve")
            return .json(["reset": true])
        }
    }

    /// `{"pathPrefix", "method"?, "count"?, "status"?, "dropAfterCommit"?}`: 503 answers Rezolve's code 7 body,
    /// other statuses its generic code 6 body (the service's fault renderer).
    static func rule(from body: JSONObject) throws -> FaultRule {
        guard let prefix = body["pathPrefix"]?.stringValue, prefix.hasPrefix("/"), !prefix.hasPrefix("/sandbox/") else {
            throw SandboxPlainError.field("pathPrefix", "must be a vendor path starting with /")
        }
        var method: HTTPMethod?
        if let value = body["method"], value != .null {
            guard let text = value.stringValue, !text.isEmpty else {
                throw SandboxPlainError.field("method", "must be an HTTP method")
            }
            method = HTTPMethod(rawValue: text.uppercased())
        }
        let count = body["count"]?.integerValue ?? 1
        guard (1...Int64(FaultRule.maximumCount)).contains(count) else {
            throw SandboxPlainError.field("count", "must be from 1 to \(FaultRule.maximumCount)")
        }
        let status = body["status"]?.integerValue ?? 503
        guard (400...599).contains(status) else {
            throw SandboxPlainError.field("status", "must be from 400 to 599")
        }
        if let value = body["dropAfterCommit"], value != .null, value.boolValue == nil {
            throw SandboxPlainError.field("dropAfterCommit", "must be a boolean")
        }
        let drops = body["dropAfterCommit"]?.boolValue ?? false
        // The external callback answers with no body at all (§3.5.10), faults included: JSON null asks
        // Rezolve's renderer for an empty body.
        let silent = prefix.hasPrefix(RezolveService.externalCallbackPrefix)
        // SSP paths answer faults in problem details, like their real errors.
        let ssp = RezolveService.sspPrefixes.contains { prefix.hasPrefix($0) }
        // (Spelled out: JSONValue is nil-literal convertible, so a ternary would turn `nil` into JSON null.)
        var body: JSONValue?
        if silent {
            body = JSONValue.null
        } else if ssp {
            body = SspProblem(status: Int(status), title: "Injected fault").body
        }
        return FaultRule(
            method: method, path: .prefix(prefix), count: Int(count), status: drops ? nil : Int(status),
            body: body, drop: drops ? .afterCommit : nil)
    }

    private func controlled(_ body: @escaping @Sendable (JSONObject) async throws -> SandboxResponse)
        -> ServiceRoutes.Handler
    {
        { request in
            do {
                let object = request.body.isEmpty ? [:] : (try? request.jsonBody())?.objectValue
                guard let object else { throw SandboxPlainError.field("body", "must be a JSON object") }
                return try await body(object)
            } catch let failure as SandboxPlainError {
                return failure.response
            }
        }
    }
}
