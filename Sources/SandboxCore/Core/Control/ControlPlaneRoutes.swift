import CommerceCore
import Foundation

/// The sandbox's one control plane over every service: `/sandbox/faults`, `/sandbox/requests`,
/// `/sandbox/clock` and `/sandbox/reset`. Services' own control routes are thin aliases of these.
package struct ControlPlaneRoutes: Sendable {
    let context: SandboxContext
    /// Who resets this world to a snapshot (its listener); weak, since the listener holds the world holding these
    /// routes. `nil` when requests are answered in-process only.
    weak var snapshots: (any SnapshotRestoring)?

    package init(context: SandboxContext, snapshots: (any SnapshotRestoring)? = nil) {
        self.context = context
        self.snapshots = snapshots
    }

    package func register(on router: ServiceRoutes) {
        router.post(
            "/sandbox/faults",
            handler: ControlProblem.answering { request in
                let rule = try FaultRuleRequest.rule(from: try ControlProblem.object(request))
                try context.faults.add(rule)
                return .json(rule.json, status: 201)
            })
        router.get("/sandbox/faults") { _ in .json(["faults": .array(context.faults.all.map(\.json))]) }
        router.delete("/sandbox/faults") { _ in .json(["removed": .integer(Int64(try context.faults.removeAll()))]) }
        router.delete("/sandbox/faults/:id") { request in
            let id = request.parameter("id")
            guard try context.faults.removeAll(where: { $0.id == id }) > 0 else {
                return ControlProblem(status: 404, [("id", "No fault rule \(id)")]).response
            }
            return .json(["removed": 1])
        }
        router.get(
            "/sandbox/requests",
            handler: ControlProblem.answering { request in
                let filter = try JournalQuery.filter(from: request.query, services: context.services.map(\.name))
                let page = context.journal.page(filter)
                let summary = request.query["view"] == "summary"
                return .json([
                    "requests": .array(page.entries.map { summary ? $0.summaryJSON : $0.json }),
                    "cursor": .integer(Int64(page.cursor)),
                ])
            })
        router.get(
            "/sandbox/requests/:id",
            handler: ControlProblem.answering { request in
                guard let id = Int(request.parameter("id")), let entry = context.journal.entry(id: id) else {
                    throw ControlProblem(
                        status: 404,
                        [
                            (
                                "id",
                                "No journal entry \(request.parameter("id")); the journal keeps the last 2,000 per service"
                            )
                        ])
                }
                guard case .object(var object) = entry.json else { return .json(entry.json) }
                object["curl"] = .string(JournalCurl.command(for: entry, baseURL: context.publicURL(path: "")))
                return .json(.object(object))
            })
        router.delete("/sandbox/requests") { _ in
            context.journal.removeAll()
            return SandboxResponse(status: 204)
        }
        router.get("/sandbox/clock") { _ in .json(context.clock.json()) }
        router.post(
            "/sandbox/clock",
            handler: ControlProblem.answering { request in
                .json(
                    .object(
                        try await context.moveClock(try ClockRequest.change(from: try ControlProblem.object(request)))))
            })
        router.post(
            "/sandbox/clock/advance",
            handler: ControlProblem.answering { request in
                .json(
                    .object(
                        try await context.moveClock(
                            .advance(seconds: try ClockRequest.advance(from: try ControlProblem.object(request))))))
            })
        router.delete("/sandbox/clock") { _ in .json(.object(try await context.moveClock(.real))) }
        router.post(
            "/sandbox/reset",
            handler: ControlProblem.answering { request in
                if let snapshot = try ControlProblem.optionalString(try ControlProblem.object(request), "to") {
                    return try resetWorld(to: snapshot, service: request.query["service"])
                }
                guard let name = request.query["service"] else {
                    try await context.resetAll()
                    return .json(["reset": .array(context.services.map { .string($0.name) })])
                }
                guard let service = context.services.first(where: { $0.name == name }) else {
                    throw ControlProblem(
                        status: 404,
                        [
                            (
                                "service",
                                "No service \(name); one of \(context.services.map(\.name).joined(separator: ", "))"
                            )
                        ])
                }
                try await context.reset(service)
                return .json(["reset": [.string(name)]])
            })
    }

    /// `POST /sandbox/reset {"to": name}`: this port's whole world becomes snapshot `name`.
    private func resetWorld(to snapshot: String, service: String?) throws -> SandboxResponse {
        if service != nil {
            throw ControlProblem(field: "service", "A reset to a snapshot restores every service; leave out service")
        }
        guard let snapshots else {
            throw ControlProblem(field: "to", "This sandbox answers in-process only and cannot be reset to a snapshot")
        }
        guard snapshots.hasSnapshot(named: snapshot) else {
            throw ControlProblem(status: 404, [("to", "No snapshot \(snapshot)")])
        }
        try snapshots.restore(snapshot: snapshot)
        return .json(["reset": .array(context.services.map { .string($0.name) }), "to": .string(snapshot)])
    }
}

/// What the control plane asks of the listener it serves: to put a snapshot's state in its world.
package protocol SnapshotRestoring: AnyObject, Sendable {
    func hasSnapshot(named name: String) -> Bool
    /// Replaces the whole world with snapshot `name`.
    func restore(snapshot name: String) throws
}
