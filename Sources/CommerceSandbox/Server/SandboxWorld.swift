import CommerceCore
import Foundation
import GRDB
import Hummingbird
import Logging
import SandboxCore

/// One emulated world: a database with every service's tables, its clock, faults, journal, services and the
/// router over them. A listener answers each request from one world (``WorldSwitch``); the main port has one and
/// every session has its own, so nothing a request touches is shared with another world.
struct SandboxWorld: Sendable {
    let context: SandboxContext
    let services: [any SandboxService]
    let responder: BoundResponder

    /// The parts of a world that outlive it: a reset to a snapshot builds a new world on the same database,
    /// journal and listener.
    struct Ground: Sendable {
        let database: SandboxDatabase
        let journal: RequestJournal
        let options: SandboxOptions
        /// What every world of this process shares: the sessions and the snapshots.
        let host: SandboxHost
        let logger: Logger
    }

    /// Runs the migrations and, when `seed`, creates the seeded test data that is missing; then builds the
    /// context, the services and the router.
    /// `listener` is the one the world answers for (a reset to a snapshot replaces the world there); `nil` when
    /// requests are answered in-process only.
    static func build(on ground: Ground, listener: WorldSwitch?, seed: Bool = true) throws -> (SandboxWorld, RouteTable)
    {
        let database = ground.database
        try database.migrate { migrator in
            SandboxClock.registerMigrations(&migrator)
            FaultStore.registerMigrations(&migrator)
        }
        let clock = try SandboxClock(database: database)
        let context = try SandboxContext(
            database: database, clock: clock, options: ground.options, journal: ground.journal)
        let services = makeServices(context)
        context.attach(services)
        try database.migrate { migrator in
            SandboxClock.registerMigrations(&migrator)
            FaultStore.registerMigrations(&migrator)
            for service in services { service.registerMigrations(&migrator) }
        }
        if seed {
            try database.writer.write { db in
                for service in services { try service.seed(db) }
            }
        }
        var routes = RouteTable()
        routes.add(SandboxCoreRoutes(context: context, services: services).register(on:))
        routes.add(ControlPlaneRoutes(context: context, snapshots: listener).register(on:))
        routes.add(SessionRoutes(context: context, host: ground.host).register(on:))
        routes.add(OpenAPIRoutes(context: context).register(on:))
        routes.add(ConsoleRoutes(context: context, host: ground.host).register(on:))
        for service in services { routes.add(service.registerRoutes(on:)) }
        let responder = routes.responder(context: context, logger: ground.logger)
        return (SandboxWorld(context: context, services: services, responder: responder), routes)
    }
}
