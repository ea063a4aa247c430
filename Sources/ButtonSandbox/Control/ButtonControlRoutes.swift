import CommerceCore
import Foundation
import GRDB
import SandboxCore

/// `/sandbox/button/...` (§5.4): set-up, inspection, the shared clock, faults and reset. No authentication;
/// the Order API envelope throughout.
extension ButtonService {
    func registerControlRoutes(on router: ServiceRoutes) {
        let base = "/sandbox/button"
        router.post("\(base)/organizations", handler: ButtonEnvelope.guarded { try await createOrganization($0) })
        router.get("\(base)/organizations/:org_id", handler: ButtonEnvelope.guarded { try await getOrganization($0) })
        router.patch(
            "\(base)/organizations/:org_id", handler: ButtonEnvelope.guarded { try await patchOrganization($0) })
        router.get("\(base)/organizations/:org_id/orders", handler: ButtonEnvelope.guarded { try await listOrders($0) })
        router.get(
            "\(base)/organizations/:org_id/orders/**", handler: ButtonEnvelope.guarded { try await inspectOrder($0) })
        router.post("\(base)/applications", handler: ButtonEnvelope.guarded { try await createApplication($0) })
        router.post("\(base)/attribution-tokens", handler: ButtonEnvelope.guarded { try await issueToken($0) })
        router.post("\(base)/deferred-deeplinks", handler: ButtonEnvelope.guarded { try await createLink($0) })
        router.get("\(base)/deferred-deeplinks", handler: ButtonEnvelope.guarded { try await listLinks($0) })
        router.delete("\(base)/deferred-deeplinks/:id", handler: ButtonEnvelope.guarded { try await cancelLink($0) })
        router.get("\(base)/app-orders", handler: ButtonEnvelope.guarded { try await listAppOrders($0) })
        router.get("\(base)/events", handler: ButtonEnvelope.guarded { try await listEvents($0) })
        router.get("\(base)/activity", handler: ButtonEnvelope.guarded { try await listActivity($0) })
        router.get("\(base)/sessions", handler: ButtonEnvelope.guarded { try await listSessions($0) })
        router.post(
            "\(base)/sessions/:session_id/expire", handler: ButtonEnvelope.guarded { try await expireSession($0) })
        router.get("\(base)/requests", handler: ButtonEnvelope.guarded { listRequests($0) })
        router.get("\(base)/clock", handler: ButtonEnvelope.guarded { _ in ButtonEnvelope.object(clock.json()) })
        router.post(
            "\(base)/clock",
            handler: ButtonEnvelope.guarded { request in
                try await moveClock { try ClockRequest.set(from: try ButtonRequest.controlBody(request)) }
            })
        router.post(
            "\(base)/clock/advance",
            handler: ButtonEnvelope.guarded { request in
                try await moveClock {
                    .advance(seconds: try ClockRequest.advance(from: try ButtonRequest.controlBody(request)))
                }
            })
        router.delete("\(base)/clock", handler: ButtonEnvelope.guarded { _ in try await moveClock { .real } })
        router.post("\(base)/faults", handler: ButtonEnvelope.guarded { try addFault($0) })
        router.get(
            "\(base)/faults",
            handler: ButtonEnvelope.guarded { _ in
                ButtonEnvelope.objects(context.faultRules(of: name).map(\.json))
            })
        router.delete(
            "\(base)/faults",
            handler: ButtonEnvelope.guarded { _ in
                try context.removeFaults(of: name)
                return ButtonEnvelope.objects([])
            })
        router.post(
            "\(base)/reset",
            handler: ButtonEnvelope.guarded { _ in
                try await context.reset(self)
                return ButtonEnvelope.object(try await database.read { db in try credentials(db) })
            })
    }

    // MARK: - Clock, faults, reset

    /// Moves the shared clock (every service's after-move hook runs, Button's finalization sweep among them);
    /// a bad body answers in Button's envelope.
    private func moveClock(_ change: () throws -> SandboxContext.ClockChange) async throws -> SandboxResponse {
        let parsed: SandboxContext.ClockChange
        do { parsed = try change() } catch let problem as ControlProblem { throw ButtonError.invalid(problem.failures) }
        return ButtonEnvelope.object(.object(try await context.moveClock(parsed)))
    }

    /// After any clock move: finalizes the orders whose date has passed and reports their ids.
    package func clockDidMove(to now: Date) async throws -> JSONObject {
        let finalized = try await database.write { db in try ButtonOrderStore.sweep(db, now: now).map(\.orderId) }
        return ["finalized": .array(finalized.map(JSONValue.string))]
    }

    private func addFault(_ request: SandboxRequest) throws -> SandboxResponse {
        let body = try ButtonRequest.controlBody(request)
        var failures: [(field: String, message: String)] = []
        let method = body["method"]?.stringValue ?? ""
        if method.isEmpty { failures.append((field: "method", message: "method is required, e.g. POST")) }
        let path = body["path"]?.stringValue ?? ""
        if !path.hasPrefix("/v1/") {
            failures.append(
                (
                    field: "path",
                    message: "path must be a Button path starting with /v1/ (a trailing * matches a prefix)"
                ))
        }
        var count = 1
        if let value = ButtonRequest.present(body["count"]) {
            if let number = value.integerValue, number >= 1, number <= 1_000_000 {
                count = Int(number)
            } else {
                failures.append((field: "count", message: "count must be an integer of at least 1"))
            }
        }
        var mode = FaultRule.Timing.before
        if let value = ButtonRequest.present(body["mode"]) {
            if let parsed = value.stringValue.flatMap(FaultRule.Timing.init(rawValue:)) {
                mode = parsed
            } else {
                failures.append((field: "mode", message: "mode must be before or after"))
            }
        }
        var status: Int?
        if let value = ButtonRequest.present(body["status"]) {
            if let number = value.integerValue, (100...599).contains(number) {
                status = Int(number)
            } else {
                failures.append((field: "status", message: "status must be an HTTP status code"))
            }
        }
        var delay = 0
        if let value = ButtonRequest.present(body["delay_ms"]) {
            if let number = value.integerValue, (0...Int64(FaultRule.maximumDelayMilliseconds)).contains(number) {
                delay = Int(number)
            } else {
                failures.append((field: "delay_ms", message: "delay_ms must be an integer from 0 to 600000"))
            }
        }
        guard failures.isEmpty else { throw ButtonError.invalid(failures) }
        // Button's documented shape: an exact path (a trailing * makes a prefix), `before` answers 503 by default.
        let fault = FaultRule(
            method: HTTPMethod(rawValue: method), path: .exactOrGlob(path), count: count, timing: mode,
            status: mode == .before ? (status ?? 503) : status, delayMilliseconds: delay)
        try context.faults.add(fault)
        return ButtonEnvelope.object(fault.json)
    }

    /// Deletes all Button data and re-seeds. The control plane clears Button's faults and journal entries.
    package func reset() async throws {
        let window = seededWindowDays
        let now = clock.now()
        try await database.write { db in
            try ButtonOrderStore.deleteAll(db)
            try ButtonMobileStore.deleteAll(db)
            try ButtonDeferredLinkStore.deleteAll(db)
            try ButtonAccountStore.deleteAll(db)
            try ButtonAccountStore.seed(db, windowDays: window, now: now)
        }
    }
}
