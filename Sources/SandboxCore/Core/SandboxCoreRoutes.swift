import CommerceCore
import Foundation

/// `/sandbox/health` and `/sandbox/credentials`: the routes every tool uses before any vendor route.
package struct SandboxCoreRoutes: Sendable {
    let context: SandboxContext
    let services: [any SandboxService]

    package init(context: SandboxContext, services: [any SandboxService]) {
        self.context = context
        self.services = services
    }

    package func register(on router: ServiceRoutes) {
        router.get("/sandbox/health") { _ in
            .json([
                "status": "ok", "services": .array(services.map { .string($0.name) }),
                "now": .string(ISO8601.format(context.clock.now(), fraction: .millisecondsWhenNonZero)),
            ])
        }
        router.get("/sandbox/credentials") { _ in
            .json(try credentials())
        }
        // Does nothing on purpose: the ceiling that benchmarks compare real routes against.
        router.get("/sandbox/ping") { _ in SandboxResponse(status: 204) }
    }

    /// `{"base_url": …, "<service>": {…}, …}`.
    package func credentials() throws -> JSONValue {
        let services = self.services
        var document: JSONObject = ["base_url": .string(context.publicURL(path: ""))]
        let perService = try context.database.writer.read { db in
            try services.map { ($0.name, try $0.credentials(db)) }
        }
        for (name, value) in perService { document[name] = value }
        return .object(document)
    }
}
