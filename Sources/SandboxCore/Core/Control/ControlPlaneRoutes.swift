import CommerceCore
import Foundation

/// The sandbox's one control plane over every service: `/sandbox/faults`, `/sandbox/requests`,
/// `/sandbox/clock` and `/sandbox/reset`. Services' own control routes are thin aliases of these.
package struct ControlPlaneRoutes: Sendable {
    let context: SandboxContext

    package init(context: SandboxContext) {
        self.context = context
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
}
